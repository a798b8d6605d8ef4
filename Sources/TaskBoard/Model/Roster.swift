/// Everything about who and what, apart from marks: groups, children with
/// their boards, and the task library. A value: every change makes a new
/// roster, which is what undo keeps.
public struct Roster: Encodable, JSONDecodable, Equatable, Sendable {
    public var groups: [Group]
    public var children: [Child]
    public var tasks: [LibraryTask]
    /// The next id to hand out; ids are never reused.
    public var nextID: Int

    public init(groups: [Group] = [], children: [Child] = [], tasks: [LibraryTask] = [], nextID: Int = 1) {
        self.groups = groups
        self.children = children
        self.tasks = tasks
        self.nextID = nextID
    }

    public func group(_ id: GroupID) -> Group? { groups.first { $0.id == id } }
    public func child(_ id: ChildID) -> Child? { children.first { $0.id == id } }
    public func task(_ id: TaskID) -> LibraryTask? { tasks.first { $0.id == id } }

    /// Children of a group in the order they were added.
    public func children(in group: GroupID) -> [Child] { children.filter { $0.groupID == group } }

    /// The library tasks on a child's board, in board order; with a day,
    /// only those for that day's weekday.
    public func boardTasks(of child: ChildID, on day: Day? = nil) -> [LibraryTask] {
        guard let child = self.child(child) else { return [] }
        return (day.map(child.board(on:)) ?? child.board).compactMap { task($0) }
    }
}

extension Roster {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(groups: try object.required("groups") { try $0.array(Group.init(json:)) },
                  children: try object.required("children") { try $0.array(Child.init(json:)) },
                  tasks: try object.required("tasks") { try $0.array(LibraryTask.init(json:)) },
                  nextID: try object.int("nextID"))
    }
}
