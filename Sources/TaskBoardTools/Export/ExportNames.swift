import TaskBoard

/// The names an export shows for the ids in the journals, and the order its
/// rows come in (groups, children and tasks as the roster lists them).
/// Journals keep ids only: a child or task deleted since shows as
/// "(deleted)" beside its id, and a child who moved shows their group now.
struct ExportNames: Sendable {
    static let deleted = "(deleted)"

    struct ChildName {
        let group: String
        let child: String
        let rank: Int
    }

    struct TaskName {
        let name: String
        let rank: Int
    }

    private var children: [ChildID: ChildName] = [:]
    private var tasks: [TaskID: TaskName] = [:]
    /// The roster's children in export order.
    private(set) var childOrder: [ChildID] = []

    init(roster: Roster) {
        for group in roster.groups {
            for child in roster.children(in: group.id) {
                children[child.id] = ChildName(group: group.name, child: child.name, rank: childOrder.count)
                childOrder.append(child.id)
            }
        }
        for (rank, task) in roster.tasks.enumerated() {
            tasks[task.id] = TaskName(name: task.name, rank: rank)
        }
    }

    func child(_ id: ChildID) -> ChildName {
        children[id] ?? ChildName(group: Self.deleted, child: Self.deleted, rank: childOrder.count + id.rawValue)
    }

    func task(_ id: TaskID) -> TaskName {
        tasks[id] ?? TaskName(name: Self.deleted, rank: tasks.count + id.rawValue)
    }

    func isDeleted(_ id: ChildID) -> Bool { children[id] == nil }

    /// Where a child's rows go: roster order, then deleted children by id.
    func sortKey(_ id: ChildID) -> Int { children[id]?.rank ?? childOrder.count + id.rawValue }

    /// Library order, then deleted tasks by id.
    func sortKey(_ id: TaskID) -> Int { tasks[id]?.rank ?? tasks.count + id.rawValue }
}
