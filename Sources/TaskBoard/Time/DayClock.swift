import Foundation

/// The local day a board shows, and when it moves on: the day the clock is
/// in, in the daycare's time zone. Asked on every key, it then only
/// compares two moments (the span of the day it last saw), not asking the
/// calendar for the date each time.
struct DayClock {
    let clock: WallClock
    private(set) var calendar: DayCalendar {
        didSet { span = nil }
    }
    private(set) var today: Day
    /// When `today` starts and ends, once worked out.
    private var span: Range<Date>?

    init(clock: WallClock, calendar: DayCalendar) {
        self.clock = clock
        self.calendar = calendar
        today = calendar.day(of: clock.now())
    }

    /// Moves to the day the clock says it is; whether the day changed.
    mutating func sync() -> Bool {
        let now = clock.now()
        if let span, span.contains(now) { return false }
        let current = calendar.day(of: now)
        let start = calendar.start(of: current), end = calendar.end(of: current)
        span = start < end ? start..<end : nil
        guard current != today else { return false }
        today = current
        return true
    }

    /// Another time zone: the day is worked out again at the next `sync`.
    mutating func use(_ calendar: DayCalendar) {
        self.calendar = calendar
    }
}
