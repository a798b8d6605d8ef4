/// A day's timed things in the order they happen, and where the wall clock
/// is among them: the one whose time has come and the next one's has not
/// is **now**; the one after it is **next**. Before the first, nothing is
/// now and the first is next; after the last, the last stays now until the
/// day ends. Untimed things are not in it. Generic over what is scheduled
/// (a child's task, a room's picture), so the board and the room's day
/// share one rule.
public struct DaySchedule<Item: Sendable>: Sendable {
    public struct Entry: Sendable {
        public let item: Item
        public let time: TimeOfDay
    }

    /// Where the clock is: indices into `entries`.
    public struct Position: Equatable, Sendable {
        public let now: Int?
        public let next: Int?
    }

    /// By time; things at the same time keep the order they were given in.
    public let entries: [Entry]

    public init(_ timed: [(item: Item, time: TimeOfDay)]) {
        entries = timed.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { Entry(item: $0.element.item, time: $0.element.time) }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The two a child is shown or told (first–then): now, or before the
    /// day's first the next one; and the one after it, if any.
    public struct FirstThen: Equatable, Sendable {
        public let first: Int
        /// False before the day's first: `first` is then the next one.
        public let firstIsNow: Bool
        public let then: Int?
    }

    public func firstThen(at clock: TimeOfDay) -> FirstThen? {
        let position = position(at: clock)
        guard let first = position.now ?? position.next else { return nil }
        return FirstThen(first: first, firstIsNow: position.now != nil, then: first + 1 < entries.count ? first + 1 : nil)
    }

    /// Now and next at a time of the wall clock. Of several at the same
    /// time, the last given is now once their time has come.
    public func position(at clock: TimeOfDay) -> Position {
        let now = entries.lastIndex { $0.time <= clock }
        let next = now.map { $0 + 1 < entries.count ? $0 + 1 : nil } ?? (entries.isEmpty ? nil : 0)
        return Position(now: now, next: next)
    }
}
