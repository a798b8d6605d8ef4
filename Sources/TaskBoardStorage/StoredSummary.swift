import Foundation
import TaskBoard

/// summary.json's layout (and the database's cached summary): one row per child, its daily points as one string of
/// comma-separated numbers. Foundation's decoder pays per value, and an array
/// of numbers per child made this file the slowest part of start-up (5 ms for
/// 200 children); one string per child makes it about a fifth of that.
public struct StoredSummary: Encodable, JSONDecodable {
    public var summary: MarkSummary

    public init(_ summary: MarkSummary) { self.summary = summary }

    private enum Keys: String, CodingKey {
        case firstDay, journalLengths, children, pendingOldDay, firstTicks, removingBefore, removedTaken
    }

    private struct ChildRow: Encodable {
        var id: ChildID
        /// Points per window day, comma-separated: "0,3,5,...".
        var points: String
        /// "1" where the board was complete, "0" elsewhere, one character per day.
        var complete: String
        var pointsBefore: Int
        var streakBefore: Int
    }

    public init(json: JSONValue) throws {
        let c = try json.object()
        let firstDay: Day = try c.decode("firstDay")
        let lengths = try c.required("journalLengths") { try $0.array { try $0.int() } }
        guard lengths.count == MarkSummary.windowLength else {
            throw JSONError(.invalid("expected \(MarkSummary.windowLength) days, found \(lengths.count)"), path: [.key("journalLengths")])
        }
        var days = lengths.map { DayTally(journalLength: $0) }
        var pointsBefore: [ChildID: Int] = [:]
        var streakBefore: [ChildID: Int] = [:]
        let rows = try c.required("children") { try $0.array { row in
            let object = try row.object()
            return ChildRow(id: ChildID(try object.int("id")), points: try object.string("points"), complete: try object.string("complete"),
                            pointsBefore: try object.int("pointsBefore"), streakBefore: try object.int("streakBefore"))
        } }
        for i in days.indices { days[i].points.reserveCapacity(rows.count) }
        for row in rows {
            guard let points = Self.numbers(row.points), points.count == MarkSummary.windowLength,
                  row.complete.utf8.count == MarkSummary.windowLength else {
                throw JSONError(.invalid("child \(row.id.rawValue) does not have \(MarkSummary.windowLength) days of numbers"), path: [.key("children")])
            }
            for (i, value) in points.enumerated() where value != 0 { days[i].points[row.id] = value }
            for (i, flag) in row.complete.utf8.enumerated() where flag == UInt8(ascii: "1") { days[i].complete.insert(row.id) }
            guard (0...Self.maxTotal).contains(row.pointsBefore), (0...Self.maxTotal).contains(row.streakBefore) else {
                throw JSONError(.invalid("child \(row.id.rawValue) has an impossible total"), path: [.key("children")])
            }
            if row.pointsBefore != 0 { pointsBefore[row.id] = row.pointsBefore }
            if row.streakBefore != 0 { streakBefore[row.id] = row.streakBefore }
        }
        // Absent in summaries saved before first ticks were kept: the ledger reads them from the journals once.
        let firstTicks = try c.optional("firstTicks") { try $0.intKeyed(ChildID.init(_:), Day.init(json:)) }
        summary = MarkSummary(firstDay: firstDay, days: days, pointsBefore: pointsBefore, streakBefore: streakBefore,
                              pendingOldDay: try c.optional("pendingOldDay", PendingOldDayEdit.init(json:)), firstTicks: firstTicks)
        summary.removingBefore = try c.optional("removingBefore", Day.init(json:))
        summary.removedTaken = try c.optional("removedTaken") { try $0.intKeyed(ChildID.init(_:)) { try $0.int() } } ?? [:]
    }

    /// Larger than any real total; a larger number is damage, not history.
    private static let maxTotal = 1_000_000_000_000

    /// "0,3,12" as numbers; nil if anything else is in the text.
    private static func numbers(_ text: String) -> [Int]? {
        var result: [Int] = []
        result.reserveCapacity(MarkSummary.windowLength)
        var value = 0, digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ",") {
                guard digits > 0 else { return nil }
                result.append(value)
                value = 0
                digits = 0
            } else if byte >= 0x30, byte <= 0x39, digits < 12 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        result.append(value)
        return result
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(summary.firstDay, forKey: .firstDay)
        try c.encode(summary.days.map(\.journalLength), forKey: .journalLengths)
        var ids = Set(summary.pointsBefore.keys).union(summary.streakBefore.keys)
        for day in summary.days { ids.formUnion(day.points.keys); ids.formUnion(day.complete) }
        let rows = ids.sorted().map { id in
            ChildRow(
                id: id,
                points: summary.days.map { String($0.points[id] ?? 0) }.joined(separator: ","),
                complete: String(summary.days.map { $0.complete.contains(id) ? "1" : "0" }.joined()),
                pointsBefore: summary.pointsBefore[id] ?? 0,
                streakBefore: summary.streakBefore[id] ?? 0
            )
        }
        try c.encode(rows, forKey: .children)
        try c.encodeIfPresent(summary.pendingOldDay, forKey: .pendingOldDay)
        try c.encodeIfPresent(summary.removingBefore, forKey: .removingBefore)
        if !summary.removedTaken.isEmpty {
            try c.encode(Dictionary(uniqueKeysWithValues: summary.removedTaken.map { ("\($0.key.rawValue)", $0.value) }), forKey: .removedTaken)
        }
        try c.encodeIfPresent(summary.firstTicks.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) }, forKey: .firstTicks)
    }
}
