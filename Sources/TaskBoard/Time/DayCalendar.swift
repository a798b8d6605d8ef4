import Foundation

/// Turns a moment into the local calendar day of a time zone: the date the
/// zone's clocks show then. Worked out from the zone's offset, not through
/// `Calendar`: making a Calendar for a zone cost the kiosk's start-up about a
/// tenth of its time to the first frame (issue 13), and a day needs no more
/// than the offset. A named zone's offsets come from the system's database
/// (`ZoneRules`) when it has the zone, for the same reason. Zones that skip
/// or repeat midnight on DST days still give exactly one day per date,
/// starting at its first moment.
public struct DayCalendar: Sendable {
    private enum Offsets: Sendable {
        /// The system's rules for a named zone, or (no name) for its own zone.
        case rules(ZoneRules, identifier: String?)
        /// Foundation's: the system's own zone, or a name the system's database lacks.
        case zone(TimeZone)
    }

    private let offsets: Offsets

    public init(timeZone: TimeZone) {
        offsets = .zone(timeZone)
    }

    /// The days of the zone `identifier` (nil: the system's zone), by the
    /// system's time zone database when it has the zone, else by `TimeZone`.
    public init(zoneIdentifier identifier: String?) {
        if let identifier, let rules = ZoneRules.system(identifier) {
            offsets = .rules(rules, identifier: identifier)
        } else if identifier == nil, let rules = ZoneRules.local {
            offsets = .rules(rules, identifier: nil)
        } else {
            offsets = .zone(identifier.flatMap(TimeZone.init(identifier:)) ?? .current)
        }
    }

    /// The zone, for showing its name and local times.
    public var timeZone: TimeZone {
        switch offsets {
        case .zone(let zone): zone
        case .rules(let rules, let identifier):
            // A name the system's database has and Foundation lacks (written
            // into settings.json by hand) shows as its offset now.
            identifier.map { TimeZone(identifier: $0) ?? TimeZone(secondsFromGMT: rules.offset(at: Int(Date().timeIntervalSince1970))) ?? .current }
                ?? .current
        }
    }

    public func day(of date: Date) -> Day {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // A moment no clock shows (NaN, or beyond any year) has no day; 1970-01-01 rather than a trap.
        guard seconds.isFinite, abs(seconds) < 1e15 else { return Day(number: 0) }
        return day(ofSecond: Int(seconds))
    }

    /// What the wall clock of this zone shows at a moment, to the minute
    /// (on a day the clocks change, 3:30 may come twice, or never).
    public func timeOfDay(of date: Date) -> TimeOfDay {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return .midnight }
        let local = Int(seconds) + offset(atSecond: Int(seconds))
        let inDay = ((local % 86_400) + 86_400) % 86_400
        return TimeOfDay(hour: inDay / 3600, minute: inDay % 3600 / 60) ?? .midnight
    }

    /// The first moment of `day` in this zone (not always 00:00 on DST days).
    public func start(of day: Day) -> Date {
        // The clocks read 00:00 at midnight less an offset in force within
        // 15 hours of it: the earliest moment where one does is the start.
        let midnight = day.firstSecond
        let offsets = Set(stride(from: -15, through: 15, by: 5).map { offset(atSecond: midnight + $0 * 3600) })
        let midnights = offsets.map { midnight - $0 }.filter { offsets.count == 1 || offset(atSecond: $0) == midnight - $0 }
        if let first = midnights.min() { return Date(timeIntervalSince1970: TimeInterval(first)) }
        // No clock reads 00:00 (skipped by a change): the day starts at the
        // change, the first second whose day is not the day before.
        var before = midnight - 15 * 3600 - 1
        var from = midnight + 15 * 3600
        while from - before > 1 {
            let middle = before + (from - before) / 2
            if self.day(ofSecond: middle) < day { before = middle } else { from = middle }
        }
        return Date(timeIntervalSince1970: TimeInterval(from))
    }

    /// The first moment of the day after `day`: when the screen must roll over.
    public func end(of day: Day) -> Date { start(of: day.advanced(by: 1)) }

    private func offset(atSecond second: Int) -> Int {
        switch offsets {
        case .rules(let rules, _): rules.offset(at: second)
        case .zone(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
        }
    }

    /// The local day at a whole second since 1970.
    private func day(ofSecond second: Int) -> Day {
        Day(second: second + offset(atSecond: second))
    }
}
