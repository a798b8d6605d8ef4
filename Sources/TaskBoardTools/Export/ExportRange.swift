import TaskBoard

/// The days an export covers: --from and --to, both inclusive; an end not
/// given is the first or last day that has a journal.
public enum ExportRange {
    /// Nil when nothing was asked for and there is no journal at all.
    public static func resolve(from: Day?, to: Day?, journalDays: [Day]) throws(ExportRangeError) -> ClosedRange<Day>? {
        if let from, let to, from > to { throw ExportRangeError(from: from, to: to) }
        guard var first = from ?? journalDays.first ?? to, var last = to ?? journalDays.last ?? from else { return nil }
        // One end given beyond the journals: an empty range at that end, not an error.
        if from == nil { first = min(first, last) }
        if to == nil { last = max(first, last) }
        return first...last
    }
}

public struct ExportRangeError: Error, Equatable, CustomStringConvertible {
    public let from: Day
    public let to: Day
    public var description: String { "--from \(from) is after --to \(to)" }
}
