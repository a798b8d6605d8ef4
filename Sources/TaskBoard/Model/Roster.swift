/// Everything about who and what, apart from marks: groups, children with
/// their boards, and the task library. A value: every change makes a new
/// roster, which is what undo keeps.
public struct Roster: Encodable, JSONDecodable, Equatable, Sendable {
    public var groups: [Group]
    public var children: [Child]
    public var tasks: [LibraryTask]
    /// The next id to hand out; ids are never reused.
    public var nextID: Int
    /// Groups' days that are different (a trip, a visitor), by date.
    public var dayChanges: [DayChange]

    public init(groups: [Group] = [], children: [Child] = [], tasks: [LibraryTask] = [], nextID: Int = 1, dayChanges: [DayChange] = []) {
        self.groups = groups
        self.children = children
        self.tasks = tasks
        self.nextID = nextID
        self.dayChanges = dayChanges
    }

    public func group(_ id: GroupID) -> Group? { groups.first { $0.id == id } }
    public func child(_ id: ChildID) -> Child? { children.first { $0.id == id } }
    public func task(_ id: TaskID) -> LibraryTask? { tasks.first { $0.id == id } }

    /// Children of a group in the order they were added.
    public func children(in group: GroupID) -> [Child] { children.filter { $0.groupID == group } }

    /// The library tasks on a child's board, in board order; with a day,
    /// only those for that day's weekday, less those cancelled for it, each
    /// at its time that day (where it was moved to).
    public func boardTasks(of child: ChildID, on day: Day? = nil) -> [LibraryTask] {
        guard let child = self.child(child) else { return [] }
        guard let day else { return child.board.compactMap { task($0) } }
        return board(of: child, on: day).compactMap { id in
            guard var task = task(id) else { return nil }
            if !dayChanges.isEmpty {
                let timing = timing(of: task, group: child.groupID, on: day)
                task.time = timing.time
                task.until = timing.until
            }
            return task
        }
    }
}

extension Roster {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(groups: try object.required("groups") { try $0.array(Group.init(json:)) },
                  children: try object.required("children") { try $0.array(Child.init(json:)) },
                  tasks: try object.required("tasks") { try $0.array(LibraryTask.init(json:)) },
                  nextID: try object.int("nextID"),
                  dayChanges: try object.optional("dayChanges") { try $0.array(DayChange.init(json:)) } ?? [])
    }

    enum CodingKeys: String, CodingKey {
        case groups, children, tasks, nextID, dayChanges
    }

    /// Written only when some day is different, so a roster without any is as before.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(groups, forKey: .groups)
        try container.encode(children, forKey: .children)
        try container.encode(tasks, forKey: .tasks)
        try container.encode(nextID, forKey: .nextID)
        if !dayChanges.isEmpty { try container.encode(dayChanges, forKey: .dayChanges) }
    }
}
