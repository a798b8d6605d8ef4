import Foundation

/// Turns a moment into the local calendar day of a time zone. A day is
/// whatever `Calendar` says the date is, so zones that skip or repeat
/// midnight on DST days still give exactly one day per date.
public struct DayCalendar: Sendable {
    public let timeZone: TimeZone
    private let calendar: Calendar

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public func day(of date: Date) -> Day {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        // Calendar always fills these for the Gregorian calendar.
        return Day(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1) ?? Day(number: 0)
    }

    /// The first moment of `day` in this zone (not always 00:00 on DST days).
    public func start(of day: Day) -> Date {
        let c = day.components
        let noon = calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
        return calendar.startOfDay(for: noon)
    }

    /// The first moment of the day after `day`: when the screen must roll over.
    public func end(of day: Day) -> Date { start(of: day.advanced(by: 1)) }
}
