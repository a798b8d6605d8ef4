import TaskBoard

/// The admin Groups tab: the groups with their child counts, or one group's children.
struct GroupsView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme, roster = screen.daycare.roster
        let focused = state.form == nil && state.picker == nil
        if let open = state.groups.open, let back = state.groups.weeksBack {
            GroupWeekPage(screen: screen, groupID: open, weeksBack: back).render(into: &buffer, area: area)
            return
        }
        if let open = state.groups.open, let group = roster.group(open) {
            buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
            let items = roster.children(in: open).map {
                ListView.Item(symbol: screen.shown($0.avatar), label: $0.name, style: theme.childStyle($0.id.rawValue),
                              trailing: strings.plural("count.tasks", count: $0.board.count))
            }
            screen.renderList(items, selection: state.groups.children, empty: strings["groups.noChildren"], focused: focused,
                              into: &buffer, area: area)
            return
        }
        buffer.write(strings["tab.admin.groups"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        let items = roster.groups.map {
            ListView.Item(symbol: screen.shown($0.avatar), label: $0.name,
                          trailing: strings.plural("count.children", count: roster.children(in: $0.id).count))
        }
        screen.renderList(items, selection: state.groups.list, empty: strings["groups.empty"], focused: focused,
                          into: &buffer, area: area)
    }
}

/// The admin Boards tab: choose a child, then their board in order.
struct BoardsView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme, roster = screen.daycare.roster
        let focused = state.picker == nil
        if let childID = state.boards.child, let back = state.boards.monthsBack {
            ChildMonthView(screen: screen, childID: childID, monthsBack: back).render(into: &buffer, area: area)
            return
        }
        if let childID = state.boards.child, let child = roster.child(childID) {
            buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: 2, y: area.y, style: theme.childStyle(child.id.rawValue),
                         maxWidth: area.width - 4)
            let items = roster.boardTasks(of: childID).map { task in
                // A task for some weekdays says which: "T F +2".
                let days = child.boardDays[task.id].map { $0.map { strings["weekday.letter.\($0)"] }.joined(separator: " ") + "  " } ?? ""
                return ListView.Item(symbol: screen.shown(icon: task.icon) ?? " ", label: task.name, trailing: days + "+\(task.points)")
            }
            screen.renderList(items, selection: state.boards.board, empty: strings["boards.empty"], focused: focused,
                              into: &buffer, area: area)
            return
        }
        buffer.write(strings["tab.admin.boards"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        let items = roster.groups.flatMap { roster.children(in: $0.id) }.map { child in
            ListView.Item(symbol: screen.shown(child.avatar), label: child.name, style: theme.childStyle(child.id.rawValue),
                          trailing: (roster.group(child.groupID)?.name ?? "") + "  " + strings.plural("count.tasks", count: child.board.count))
        }
        screen.renderList(items, selection: state.boards.children, empty: strings["boards.noChildren"], focused: focused,
                          into: &buffer, area: area)
    }
}
