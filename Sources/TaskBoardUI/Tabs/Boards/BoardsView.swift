import TaskBoard

/// The admin Boards tab: choose a child, then their board in order.
struct BoardsView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, roster = frame.roster, state = frame.state
        let focused = state.picker == nil
        if state.boards.child != nil, state.boards.monthsBack != nil {
            ChildMonthPage(frame: frame).render(into: &buffer, area: area)
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
            screen.renderList(items, selection: state.boards.board, empty: screen.emptyList("boards.empty"), focused: focused,
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
