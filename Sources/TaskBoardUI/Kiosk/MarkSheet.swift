import TaskBoard

/// The Mark tab's day sheet for one group: its children down, the union of
/// their board tasks across (in library order). Update and render both use
/// it, so the cursor and the drawing always agree.
struct MarkSheet {
    let group: Group?
    let children: [Child]
    let tasks: [LibraryTask]

    init(roster: Roster, group id: GroupID?) {
        group = id.flatMap(roster.group) ?? roster.groups.first
        children = group.map { roster.children(in: $0.id) } ?? []
        let used = Set(children.flatMap(\.board))
        tasks = roster.tasks.filter { used.contains($0.id) }
    }

    func isOnBoard(row: Int, column: Int) -> Bool {
        guard children.indices.contains(row), tasks.indices.contains(column) else { return false }
        return children[row].board.contains(tasks[column].id)
    }

    /// The next group after this one (wrapping), for switching groups.
    static func nextGroup(after id: GroupID?, in roster: Roster) -> GroupID? {
        let ids = roster.groups.map(\.id)
        guard let current = id ?? ids.first, let index = ids.firstIndex(of: current) else { return ids.first }
        return ids[(index + 1) % ids.count]
    }
}
