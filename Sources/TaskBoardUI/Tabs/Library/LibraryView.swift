import TaskBoard

/// The admin Tasks tab: the task library with each task's time of day (if
/// any), points and how many boards use it.
struct LibraryView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, roster = frame.roster, state = frame.state
        buffer.write(strings["library.title"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        // The board counts padded to one width, so the points line up in a column.
        let boards = roster.tasks.map { task in
            strings.plural("count.onBoards", count: roster.children.filter { $0.board.contains(task.id) }.count)
        }
        let boardsWidth = boards.map { DisplayWidth.of($0) }.max() ?? 0
        // A task's time of day, where any has one, in a column of its own before the points.
        let times = roster.tasks.map { task in task.time.map { strings.time($0, until: task.until) } ?? "" }
        let timesWidth = times.map { DisplayWidth.of($0) }.max() ?? 0
        let items = zip(roster.tasks, zip(times, boards)).map { task, column in
            let (time, boards) = column
            let timed = timesWidth == 0 ? "" : String(repeating: " ", count: timesWidth - DisplayWidth.of(time)) + time + "   "
            return ListView.Item(symbol: screen.shown(icon: task.icon) ?? " ", label: task.name,
                                 trailing: timed + "+\(task.points)   " + String(repeating: " ", count: boardsWidth - DisplayWidth.of(boards)) + boards)
        }
        screen.renderList(items, selection: state.library.list, empty: screen.emptyList("library.empty"), focused: state.form == nil,
                          into: &buffer, area: area)
    }
}
