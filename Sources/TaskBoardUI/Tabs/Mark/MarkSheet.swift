import TaskBoard

/// The Mark tab's day sheet for one group: its children down, the union of
/// that day's board tasks across (in library order). Update and render both
/// use it, so the cursor and the drawing always agree.
struct MarkSheet {
    let group: Group?
    let children: [Child]
    let tasks: [LibraryTask]
    /// Each child's board on the day: weekday tasks only on their days.
    let boards: [[TaskID]]

    init(roster: Roster, group id: GroupID?, day: Day) {
        group = id.flatMap(roster.group) ?? roster.groups.first
        children = group.map { roster.children(in: $0.id) } ?? []
        boards = children.map { roster.board(of: $0, on: day) }
        let used = Set(boards.flatMap { $0 })
        tasks = roster.tasks.filter { used.contains($0.id) }
    }

    func isOnBoard(row: Int, column: Int) -> Bool {
        guard children.indices.contains(row), tasks.indices.contains(column) else { return false }
        return boards[row].contains(tasks[column].id)
    }

    /// Where the columns are for a screen width: drawing and clicks both use it.
    struct Layout {
        let nameWidth: Int
        let columnWidth: Int
        let firstColumn: Int
        let columns: [Int]
        var left: Int { 2 + nameWidth }

        /// The task column under screen column `x`, if any.
        func column(atX x: Int) -> Int? {
            guard x >= left else { return nil }
            let slot = (x - left) / columnWidth
            return columns.indices.contains(slot) ? columns[slot] : nil
        }
    }

    func layout(width: Int, cursorColumn: Int) -> Layout {
        let nameWidth = min(22, max(8, children.map { DisplayWidth.of($0.name) }.max() ?? 8) + 4)
        let room = max(0, width - 2 - nameWidth - 6)
        let columnWidth = max(5, min(14, room / max(1, tasks.count)))
        let visible = max(1, room / columnWidth)
        // Scrolled just far enough that the cursor's column shows.
        let firstColumn = max(0, cursorColumn - visible + 1)
        return Layout(nameWidth: nameWidth, columnWidth: columnWidth, firstColumn: firstColumn,
                      columns: Array(tasks.indices.dropFirst(firstColumn).prefix(visible)))
    }

    /// The first child row drawn, so the cursor's row shows in `rows` rows.
    static func firstRow(cursor: Int, rows: Int) -> Int { max(0, cursor - rows + 1) }

    /// The next group after this one (wrapping), for switching groups.
    static func nextGroup(after id: GroupID?, in roster: Roster) -> GroupID? {
        let ids = roster.groups.map(\.id)
        guard let current = id ?? ids.first, let index = ids.firstIndex(of: current) else { return ids.first }
        return ids[(index + 1) % ids.count]
    }
}
