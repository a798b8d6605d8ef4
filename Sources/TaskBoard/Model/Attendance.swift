/// Who was away on which day. A child is here unless marked away: an away
/// day neither extends nor breaks their streak, is no missed day on their
/// week strip, counts nothing against them, and a whole-group tick passes
/// them over. Kept apart from the marks, which record only what was done.
public struct Attendance: Equatable, Sendable {
    /// The days with someone away, and who.
    public private(set) var away: [Day: Set<ChildID>]

    public init(away: [Day: Set<ChildID>] = [:]) {
        self.away = away.filter { !$0.value.isEmpty }
    }

    public func isAway(_ child: ChildID, on day: Day) -> Bool { away[day]?.contains(child) ?? false }

    public mutating func set(_ child: ChildID, away isAway: Bool, on day: Day) {
        if isAway {
            away[day, default: []].insert(child)
        } else {
            away[day]?.remove(child)
            if away[day]?.isEmpty == true { away[day] = nil }
        }
    }
}

/// As JSON: `[{"day":"2026-11-24","away":[12,15]}]`, days and children in
/// order (the order of the two keys is the encoder's).
extension Attendance: Encodable, JSONDecodable {
    private struct DayEntry: Encodable {
        let day: Day
        let away: [ChildID]
    }

    public init(json: JSONValue) throws {
        let entries = try json.array { entry in
            let object = try entry.object()
            return DayEntry(day: try object.decode("day"), away: try object.required("away") { try $0.array { ChildID(try $0.int()) } })
        }
        var away: [Day: Set<ChildID>] = [:]
        for entry in entries { away[entry.day, default: []].formUnion(entry.away) }
        self.init(away: away)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(away.sorted { $0.key < $1.key }.map { DayEntry(day: $0.key, away: $0.value.sorted()) })
    }
}
