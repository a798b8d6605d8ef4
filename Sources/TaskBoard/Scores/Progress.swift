/// How a child is doing today: what the Tasks screen shows.
public struct Progress: Equatable, Sendable {
    public let done: Int
    public let total: Int
    /// Days in a row with the whole board done (see `MarkLedger.streak`).
    public let streak: Int
    /// Away today: nothing of the board is missed.
    public let away: Bool

    public init(done: Int, total: Int, streak: Int, away: Bool = false) {
        self.done = done
        self.total = total
        self.streak = streak
        self.away = away
    }

    public var isComplete: Bool { total > 0 && done >= total }
}

/// One day of a child's week strip.
public struct DayStatus: Equatable, Sendable {
    public let day: Day
    public let points: Int
    /// The whole board was done that day.
    public let complete: Bool
    /// The board was open (not a weekend or a holiday it is closed on).
    public let open: Bool
    /// The child was away: not a missed day either.
    public let away: Bool
    /// Before the child's first day: nothing was theirs to do.
    public let beforeFirstDay: Bool

    public init(day: Day, points: Int, complete: Bool, open: Bool = true, away: Bool = false, beforeFirstDay: Bool = false) {
        self.day = day
        self.points = points
        self.complete = complete
        self.open = open
        self.away = away
        self.beforeFirstDay = beforeFirstDay
    }

    /// As the month and the group week draw the same day: a closed day with
    /// points done, or a day before the first with a tick, shows what was done;
    /// a day away is away, whatever was ticked before the child went home.
    public var mark: DayMark {
        if away && !beforeFirstDay { return .away }
        if complete { return .all }
        if points > 0 { return .part }
        if beforeFirstDay { return .beforeFirstDay }
        if away { return .away }
        return open ? .none : .closed
    }
}
