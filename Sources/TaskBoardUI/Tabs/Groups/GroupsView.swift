import TaskBoard

/// The admin Groups tab: the groups with their child counts, or one group's children.
struct GroupsView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, roster = frame.roster, state = frame.state
        let focused = state.form == nil && state.picker == nil
        if state.groups.open != nil, state.groups.weeksBack != nil {
            GroupWeekPage(frame: frame).render(into: &buffer, area: area)
            return
        }
        if state.groups.open != nil, state.groups.dayAhead != nil {
            GroupDayPage(frame: frame).render(into: &buffer, area: area)
            return
        }
        if let open = state.groups.open, let group = roster.group(open) {
            buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
            let items = roster.children(in: open).map {
                ListView.Item(symbol: screen.shown($0.avatar), label: $0.name, style: theme.childStyle($0.id.rawValue),
                              trailing: strings.plural("count.tasks", count: $0.board.count))
            }
            screen.renderList(items, selection: state.groups.children, empty: screen.emptyList("groups.noChildren"), focused: focused,
                              into: &buffer, area: area)
            return
        }
        buffer.write(strings["tab.admin.groups"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        let items = roster.groups.map {
            ListView.Item(symbol: screen.shown($0.avatar), label: $0.name,
                          trailing: strings.plural("count.children", count: roster.children(in: $0.id).count))
        }
        screen.renderList(items, selection: state.groups.list, empty: screen.emptyList("groups.empty"), focused: focused,
                          into: &buffer, area: area)
    }
}
