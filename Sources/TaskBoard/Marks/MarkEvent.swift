import Foundation

/// One line of a day's mark journal: a task ticked done or undone. The day is
/// the journal's. `points` is what the task was worth when ticked, so changing
/// a task's value later does not rewrite history. `boardComplete` says whether
/// the child's whole board was done after this change (for streaks).
public struct MarkEvent: Codable, Equatable, Sendable {
    /// More than any task is worth; a larger value in a journal is damage.
    public static let maxPoints = 100

    public var child: ChildID
    public var task: TaskID
    public var done: Bool
    public var points: Int
    public var boardComplete: Bool
    /// Seconds since 1970, for the record only; never used to decide anything.
    public var at: Int64

    public init(child: ChildID, task: TaskID, done: Bool, points: Int, boardComplete: Bool, at: Int64) {
        self.child = child
        self.task = task
        self.done = done
        self.points = points
        self.boardComplete = boardComplete
        self.at = at
    }

    enum CodingKeys: String, CodingKey {
        case child = "c", task = "t", done = "on", points = "p", boardComplete = "all", at
    }
}
