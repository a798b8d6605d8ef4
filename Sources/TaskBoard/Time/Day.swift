/// A local calendar day ("2026-11-22"). Marks belong to a day, so the daily
/// reset is simply that a new day has no marks yet. Arithmetic uses the
/// proleptic Gregorian day number, so it is exact and needs no time zone.
public struct Day: Hashable, Comparable, Sendable, Codable, JSONDecodable, CustomStringConvertible, Strideable {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) { self.number = number }

    /// The day a count of seconds since 1970-01-01 00:00 falls in, rounded
    /// down (a second before 1970 is on the day before, not the one after).
    public init(second: Int) {
        self.init(number: second >= 0 ? second / Self.seconds : (second - Self.seconds + 1) / Self.seconds)
    }

    /// Seconds in a day, and since 1970-01-01 00:00 at this day's start.
    static let seconds = 86_400
    public var firstSecond: Int { number * Self.seconds }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        self.number = era * 146097 + doe - 719468
    }

    /// Parses "YYYY-MM-DD".
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = number + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// A date as a person types it: "24.12.2026", "24.12." (the next such
    /// date from `today`), "24/12/2026" or "2026-12-24". Nil for anything else.
    public static func typed(_ text: some StringProtocol, near today: Day) -> Day? {
        if let iso = Day(text) { return iso }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "/" }
        guard (2...3).contains(parts.count), let d = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        if parts.count == 3, !parts[2].isEmpty {
            guard let y = Int(parts[2]), parts[2].count == 4 else { return nil }
            return Day(year: y, month: m, day: d)
        }
        guard let thisYear = Day(year: today.year, month: m, day: d) else { return Day(year: today.year + 1, month: m, day: d) }
        return thisYear >= today ? thisYear : Day(year: today.year + 1, month: m, day: d)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var dayOfMonth: Int { components.day }

    /// 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday).
    public var weekday: Int { ((number % 7 + 7) % 7 + 3) % 7 + 1 }

    /// The Monday of this day's week.
    public var startOfWeek: Day { Day(number: number - (weekday - 1)) }
    public var startOfMonth: Day { advanced(by: 1 - dayOfMonth) }
    public var endOfMonth: Day {
        let c = components
        return advanced(by: Day.daysIn(month: c.month, year: c.year) - c.day)
    }

    public var description: String {
        let c = components
        return "\(Day.pad(c.year, 4))-\(Day.pad(c.month, 2))-\(Day.pad(c.day, 2))"
    }

    public static func < (a: Day, b: Day) -> Bool { a.number < b.number }
    public func advanced(by n: Int) -> Day { Day(number: number + n) }
    public func distance(to other: Day) -> Int { other.number - number }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Day(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day (YYYY-MM-DD): \(text)"))
        }
        self = day
    }

    public init(json: JSONValue) throws {
        let text = try json.string()
        guard let day = Day(text) else { throw JSONError(.invalid("not a day (YYYY-MM-DD): \(text)")) }
        self = day
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
