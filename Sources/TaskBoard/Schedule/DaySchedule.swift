/// A day's timed things in the order they happen, and where the wall clock
/// is among them: the one whose time has come and the next one's has not
/// is **now**; the one after it is **next**. Before the first, nothing is
/// now and the first is next. Each lasts until its own end or the next
/// one's time (between the two nothing is now), the last until its own end
/// or the day's closing time; after that the day is **over** and
/// nothing is now (without a closing time, the last stays now until the
/// day ends). Untimed things are not in it. Generic over what is scheduled
/// (a child's task, a room's picture), so the board and the room's day
/// share one rule.
public struct DaySchedule<Item: Sendable>: Sendable {
    public struct Entry: Sendable {
        public let item: Item
        public let time: TimeOfDay
        /// Its own end, where it has one (outdoors 9:00–10:30).
        public var until: TimeOfDay? = nil
    }

    /// Where the clock is: indices into `entries`.
    public struct Position: Equatable, Sendable {
        public let now: Int?
        public let next: Int?
        /// How much of now is still to come: 1 as it starts, near 0 as it ends.
        public var left: Double? = nil
        /// After the last one's end: the day's program is over.
        public var isOver = false
    }

    /// By time; things at the same time keep the order they were given in.
    public let entries: [Entry]
    /// When the last one ends (the daycare's closing time); nil: at midnight.
    public let closing: TimeOfDay?

    /// How long the last one lasts when it starts at or after the closing time.
    public static var lastLength: Int { 30 }

    public init(_ timed: [(item: Item, time: TimeOfDay)], closing: TimeOfDay? = nil) {
        self.init(withEnds: timed.map { (item: $0.item, time: $0.time, until: nil) }, closing: closing)
    }

    /// With each one's own end, where it has one.
    public init(withEnds timed: [(item: Item, time: TimeOfDay, until: TimeOfDay?)], closing: TimeOfDay? = nil) {
        entries = timed.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { Entry(item: $0.element.item, time: $0.element.time, until: $0.element.until) }
        self.closing = closing
    }

    /// When the entry at `index` ends, in minutes since midnight: at its
    /// own end where it has one, but no later than the next later one's
    /// time; the last without one at closing (half an hour after it starts
    /// where it starts at or after closing), or at midnight.
    public func end(of index: Int) -> Int {
        let start = entries[index].time.minutes
        let own = entries[index].until.map(\.minutes).flatMap { $0 > start ? $0 : nil }
        if let later = entries[(index + 1)...].first(where: { $0.time.minutes > start }) { return min(own ?? .max, later.time.minutes) }
        if let own { return own }
        guard let closing else { return 24 * 60 }
        return closing.minutes > start ? closing.minutes : start + Self.lastLength
    }

    /// The one coming within `minutes` at `clock` (the change a warning is for), if any.
    public func coming(at clock: TimeOfDay, within minutes: Int) -> Int? {
        guard minutes > 0, let next = position(at: clock).next else { return nil }
        let until = entries[next].time.minutes - clock.minutes
        return until > 0 && until <= minutes ? next : nil
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
        guard let now = entries.lastIndex(where: { $0.time <= clock }) else { return Position(now: nil, next: entries.isEmpty ? nil : 0) }
        let end = end(of: now), start = entries[now].time.minutes
        // Ended before the next one starts: a time between, with only the next to come.
        if clock.minutes >= end { return now + 1 < entries.count ? Position(now: nil, next: now + 1) : Position(now: nil, next: nil, isOver: true) }
        let left = end > start ? Double(end - clock.minutes) / Double(end - start) : 0
        return Position(now: now, next: now + 1 < entries.count ? now + 1 : nil, left: left)
    }
}
