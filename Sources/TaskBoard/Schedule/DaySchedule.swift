/// A day's timed things in the order they happen, and where the wall clock
/// is among them: the one whose time has come and the next one's has not
/// is **now**; the one after it is **next**. Before the first, nothing is
/// now and the first is next. Each lasts until the next one's time, the
/// last until the day's closing time; after that the day is **over** and
/// nothing is now (without a closing time, the last stays now until the
/// day ends). Untimed things are not in it. Generic over what is scheduled
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
        entries = timed.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { Entry(item: $0.element.item, time: $0.element.time) }
        self.closing = closing
    }

    /// When the entry at `index` ends, in minutes since midnight: at the
    /// next later one's time; the last at closing (half an hour after it
    /// starts where it starts at or after closing), or at midnight.
    public func end(of index: Int) -> Int {
        let start = entries[index].time.minutes
        if let later = entries[(index + 1)...].first(where: { $0.time.minutes > start }) { return later.time.minutes }
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
        if clock.minutes >= end { return Position(now: nil, next: nil, isOver: true) }
        let left = end > start ? Double(end - clock.minutes) / Double(end - start) : 0
        return Position(now: now, next: now + 1 < entries.count ? now + 1 : nil, left: left)
    }
}
