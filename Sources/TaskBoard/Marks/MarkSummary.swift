/// The persisted cache that makes start-up and leaderboards independent of
/// history: a tally per day for a sliding window of recent days, and for each
/// child the points and streak of everything older. Every part of it can be
/// recomputed from the day journals, which remain the truth.
public struct MarkSummary: Equatable, Sendable {
    /// Six weeks covers any "this week" and "this month" plus a margin.
    public static let windowLength = 42

    public var firstDay: Day
    /// Exactly `windowLength` tallies; `days[i]` is `firstDay + i`.
    public var days: [DayTally]
    /// Points of all days before `firstDay`.
    public var pointsBefore: [ChildID: Int]
    /// Streak length that ended on the day before `firstDay`.
    public var streakBefore: [ChildID: Int]
    /// Set while a change to a day before the window is being written.
    public var pendingOldDay: PendingOldDayEdit?
    /// Set while the days before it are being removed (history kept only
    /// so long): a summary saved with it is rebuilt from the journals.
    public var removingBefore: Day?
    /// The first day each child earned a point, on any day: the first day of
    /// a child added before children had one. Nil in a summary saved by an
    /// older taskboard, until the journals have been read for it.
    public var firstTicks: [ChildID: Day]?
    /// The store's points of days it removed (`BoardStore.pointsRemovedFromHistory`:
    /// a shared database's), as already taken off `pointsBefore`.
    public var removedTaken: [ChildID: Int] = [:]

    public init(firstDay: Day, days: [DayTally]? = nil, pointsBefore: [ChildID: Int] = [:], streakBefore: [ChildID: Int] = [:],
                pendingOldDay: PendingOldDayEdit? = nil, firstTicks: [ChildID: Day]? = [:]) {
        self.firstDay = firstDay
        self.days = days ?? Array(repeating: DayTally(), count: Self.windowLength)
        self.pointsBefore = pointsBefore
        self.streakBefore = streakBefore
        self.pendingOldDay = pendingOldDay
        self.firstTicks = firstTicks
    }

    public var lastDay: Day { firstDay.advanced(by: Self.windowLength - 1) }
    public func contains(_ day: Day) -> Bool { day >= firstDay && day <= lastDay }

    /// Adds a day that leaves (or never entered) the window to the totals
    /// before it; days are folded oldest first. Public so that `taskboard
    /// check` rebuilds the totals the same way to compare them with a summary.
    public mutating func fold(_ tally: DayTally) {
        for (child, points) in tally.points { pointsBefore[child, default: 0] += points }
        guard tally.hadActivity else { return }
        for child in Set(streakBefore.keys).union(tally.complete) {
            streakBefore[child] = tally.complete.contains(child) ? (streakBefore[child] ?? 0) + 1 : nil
        }
    }

    /// Takes off the totals the points of days the store removed since
    /// they were last taken (another kiosk removed them: they cannot be
    /// read any more); true when that changed anything.
    public mutating func take(removed: [ChildID: Int]) -> Bool {
        guard removed != removedTaken else { return false }
        for (child, points) in removed {
            let taken = points - (removedTaken[child] ?? 0)
            guard taken != 0 else { continue }
            let left = (pointsBefore[child] ?? 0) - taken
            pointsBefore[child] = left > 0 ? left : nil
        }
        removedTaken = removed
        return true
    }

    public subscript(day: Day) -> DayTally {
        get { contains(day) ? days[firstDay.distance(to: day)] : DayTally() }
        set {
            if contains(day) { days[firstDay.distance(to: day)] = newValue }
            noteFirstTicks(newValue, on: day)
        }
    }

    /// Keeps the earliest day each child had points. A point taken back
    /// later leaves the day as it is: the child was there to be ticked.
    public mutating func noteFirstTicks(_ tally: DayTally, on day: Day) {
        guard firstTicks != nil else { return }
        for (child, points) in tally.points where points > 0 {
            if let known = firstTicks?[child], known <= day { continue }
            firstTicks?[child] = day
        }
    }
}

/// A change to a day older than the window, in flight: the day's points
/// before the change, so that recovery can apply exactly the difference.
public struct PendingOldDayEdit: Encodable, JSONDecodable, Equatable, Sendable {
    public var day: Day
    public var pointsBeforeEdit: [ChildID: Int]

    public init(day: Day, pointsBeforeEdit: [ChildID: Int]) {
        self.day = day
        self.pointsBeforeEdit = pointsBeforeEdit
    }
}

extension PendingOldDayEdit {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(day: try object.decode("day"),
                  pointsBeforeEdit: try object.required("pointsBeforeEdit") { try $0.intKeyed(ChildID.init(_:)) { try $0.int() } })
    }
}
