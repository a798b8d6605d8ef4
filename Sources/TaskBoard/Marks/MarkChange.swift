/// What a tick or untick did, for the status line ("Aino: Get dressed done, +1").
public struct MarkChange: Equatable, Sendable {
    public let child: Child
    public let task: LibraryTask
    public let day: Day
    public let done: Bool
    /// Points gained (positive) or taken back (negative).
    public let pointsDelta: Int
    /// This change finished the child's whole board: time to celebrate.
    public let finishedBoard: Bool
    /// The child's group reached today's goal with this change: the whole group celebrates.
    public var reachedGoal: Group? = nil
}

/// What ticking one task for a whole group did ("Wash hands: 23 children, +23").
public struct ColumnChange: Equatable, Sendable {
    public let task: LibraryTask
    public let day: Day
    public let done: Bool
    /// The children whose mark changed, in the order asked.
    public let children: [Child]
    /// Points gained (positive) or taken back (negative), all together.
    public let pointsDelta: Int
    /// Children whose whole board this finished.
    public let finishedBoards: [Child]
    /// Groups that reached today's goal with this change.
    public var reachedGoals: [Group] = []
}

/// A child marked away or here on a day ("Aino is away today").
public struct AttendanceChange: Equatable, Sendable {
    public let child: Child
    public let day: Day
    public let away: Bool
}

/// A change a command handed to the running kiosk, as the kiosk made it.
public enum HandedChange: Equatable, Sendable {
    case mark(MarkChange)
    case away(AttendanceChange)
    /// A group's day changed (`taskboard day`).
    case roster(RosterChange)
}

/// What `undo` took back.
public enum UndoneChange: Equatable, Sendable {
    case mark(MarkChange)
    case away(AttendanceChange)
    case column(ColumnChange)
    case roster(RosterChange)
}

/// What a delete takes with it, for the confirmation screen
/// ("Squirrels: 14 children and 312 points will be deleted").
public struct DeletePreview: Equatable, Sendable {
    public let children: Int
    /// Boards that hold the thing deleted (for a task) or are deleted (for a group or child).
    public let boards: Int
    public let boardEntries: Int
    /// All-time points that disappear from the leaderboard.
    public let points: Int
}
