/// Which tasks each child has done on one day and what each was worth: the
/// replay of that day's journal. A task counts at most once per child per day.
public struct DayMarks: Equatable, Sendable {
    public private(set) var done: [ChildID: [TaskID: Int]] = [:]
    /// Whether the child's board was complete after their last change that day.
    public private(set) var complete: Set<ChildID> = []

    public init() {}

    public init(replaying events: some Sequence<MarkEvent>) {
        for event in events { apply(event) }
    }

    public mutating func apply(_ event: MarkEvent) {
        if event.done {
            if done[event.child, default: [:]][event.task] == nil {
                done[event.child, default: [:]][event.task] = event.points
            }
        } else {
            done[event.child]?[event.task] = nil
            if done[event.child]?.isEmpty == true { done[event.child] = nil }
        }
        if event.boardComplete { complete.insert(event.child) } else { complete.remove(event.child) }
    }

    public func isDone(_ child: ChildID, _ task: TaskID) -> Bool { done[child]?[task] != nil }
    public func points(of child: ChildID) -> Int { done[child]?.values.reduce(0, +) ?? 0 }
    public func tasksDone(by child: ChildID) -> Set<TaskID> { Set(done[child]?.keys ?? [:].keys) }

    public var tally: DayTally {
        var points: [ChildID: Int] = [:]
        for (child, tasks) in done { points[child] = tasks.values.reduce(0, +) }
        return DayTally(points: points, complete: complete)
    }
}

/// A day folded to what the leaderboard and streaks need.
public struct DayTally: Equatable, Sendable {
    public var points: [ChildID: Int]
    public var complete: Set<ChildID>
    /// The journal length this tally was computed from; if the journal is now
    /// longer, the tally is stale and the journal is read again.
    public var journalLength: Int

    public init(points: [ChildID: Int] = [:], complete: Set<ChildID> = [], journalLength: Int = 0) {
        self.points = points
        self.complete = complete
        self.journalLength = journalLength
    }

    /// A day with no journal: the daycare was closed, which neither extends nor breaks streaks.
    public var hadActivity: Bool { journalLength > 0 }
}
