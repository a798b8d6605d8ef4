/// The last changes, newest last, so they can be taken back in order.
public struct UndoHistory: Sendable {
    public static let limit = 20

    public private(set) var entries: [UndoEntry] = []

    public init() {}

    /// The newest `limit` of these entries, oldest first.
    public init(_ entries: [UndoEntry]) {
        self.entries = Array(entries.suffix(Self.limit))
    }

    public mutating func push(_ entry: UndoEntry) {
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    public mutating func pop() -> UndoEntry? { entries.popLast() }
    public var isEmpty: Bool { entries.isEmpty }
}

/// What it takes to reverse one change.
public enum UndoEntry: Equatable, Sendable {
    /// A roster edit: the roster as it was before, what the edit was, and
    /// today's ticks it took back (of tasks that left a board).
    case roster(before: Roster, change: RosterChange, unticked: [TakenTick])
    /// A tick or untick: the mark as it was before.
    case mark(child: ChildID, task: TaskID, day: Day, wasDone: Bool, points: Int)
    /// A child marked away or here: as it was before.
    case away(child: ChildID, day: Day, wasAway: Bool)
    /// A task ticked (or taken back) for several children at once: the
    /// children whose mark changed and the points each mark had or got.
    case column(task: TaskID, day: Day, wasDone: Bool, points: [ChildID: Int], children: [ChildID])
    /// A child forgotten for good: undo stops here and says so (what came
    /// before could bring the child back, so it is gone too).
    case forgotten(child: String)
}

/// A short description of a roster edit, for the status line ("Aino
/// moved to Karhut.") and undo ("Undone: delete group Squirrels").
public struct RosterChange: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case addGroup, renameGroup, setGroupAvatar, deleteGroup
        case addChild, renameChild, setChildAvatar, moveChild, deleteChild
        case addTask, renameTask, setTaskPoints, setTaskIcon, setTaskTime, deleteTask
        /// Any edit of boards (from code that edits the roster directly).
        case editBoard
        case addToBoard, removeFromBoard, moveOnBoard, addToEveryBoard, copyBoard, setTaskDays
        case addDayActivity, cancelOnDay, moveOnDay, takeBackDayChange
    }

    public let kind: Kind
    /// The name of what was changed, as it was when changed.
    public let subject: String
    /// What it came to, where there is more to say: the new name, the group
    /// moved or added to, the task put on or taken off a board, the children
    /// a board was copied to.
    public let detail: String?
    /// A number that goes with it: the new points, the boards a task went
    /// onto, the children a board was copied to.
    public let count: Int?
    /// False when the edit asked for what already was (a rename to the same name).
    public let changed: Bool

    public init(_ kind: Kind, _ subject: String, detail: String? = nil, count: Int? = nil, changed: Bool = true) {
        self.kind = kind
        self.subject = subject
        self.detail = detail
        self.count = count
        self.changed = changed
    }
}

/// A tick of today taken back because its task left the child's board, so
/// that no point counts that no screen shows.
public struct TakenTick: Equatable, Sendable {
    public let child: ChildID
    public let task: TaskID
    public let day: Day
    public let points: Int

    public init(child: ChildID, task: TaskID, day: Day, points: Int) {
        self.child = child
        self.task = task
        self.day = day
        self.points = points
    }
}
