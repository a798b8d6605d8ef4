import Foundation

/// A time on the wall clock, to the minute: when a task of the day happens
/// ("11:00" lunch). Typed as `11`, `11:00` or `11.00`; kept as "11:00".
public struct TimeOfDay: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// Nil for a time no clock shows (25:00, 11:60).
    public init?(hour: Int, minute: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public static let midnight = TimeOfDay(checkedHour: 0, minute: 0)

    private init(checkedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }

    /// As it is kept in the data: "8:05", "11:00".
    public var description: String { written(separator: ":") }

    /// "8:30", or "8.30" as Finnish writes it.
    public func written(separator: String) -> String { "\(hour)\(separator)" + (minute < 10 ? "0" : "") + "\(minute)" }

    /// "11", "11:00", "11.00", "8.30" (spaces around are ignored); anything
    /// else, or a time no clock shows, is refused with the text typed.
    public static func parse(_ typed: String) throws(TaskBoardError) -> TimeOfDay {
        let text = typed.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).count == 2
            ? text.split(separator: ":", omittingEmptySubsequences: false)
            : text.split(separator: ".", omittingEmptySubsequences: false)
        func digits(_ part: Substring, count: ClosedRange<Int>) -> Int? {
            guard count.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        let hour = parts.first.flatMap { digits($0, count: 1...2) }
        let minute = parts.count == 2 ? digits(parts[1], count: 2...2) : (parts.count == 1 ? 0 : nil)
        guard let hour, let minute, let time = TimeOfDay(hour: hour, minute: minute) else {
            throw .invalidTimeOfDay(text)
        }
        return time
    }
}

/// A task's time as typed: a start, or a start and an end ("9", "9.00–10.30").
public struct TypedTaskTime: Equatable, Sendable {
    public let start: TimeOfDay
    public let end: TimeOfDay?

    /// "9.00", or "9.00-10.30" (a hyphen or a dash between, spaces around
    /// ignored); an end at or before the start is refused with the text typed.
    public static func parse(_ typed: String) throws(TaskBoardError) -> TypedTaskTime {
        let text = typed.trimmingCharacters(in: .whitespaces)
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map(String.init)
        guard parts.count <= 2, !parts.isEmpty else { throw .invalidTimeOfDay(text) }
        let start = try TimeOfDay.parse(parts[0])
        guard parts.count == 2 else { return TypedTaskTime(start: start, end: nil) }
        let end = try TimeOfDay.parse(parts[1])
        guard end > start else { throw .endsBeforeItStarts(text) }
        return TypedTaskTime(start: start, end: end)
    }
}

/// Kept in the data as its text, "11:00".
extension TimeOfDay: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(json: JSONValue) throws {
        let text = try json.string()
        do {
            self = try TimeOfDay.parse(text)
        } catch {
            throw JSONError(.invalid("\"\(text)\" is not a time of day (as 11:00)"))
        }
    }
}
