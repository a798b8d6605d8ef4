/// A compact layout: one row per child with an array of daily points, so a
/// six-week window of 200 children stays a few tens of kilobytes and decodes
/// in a few milliseconds.
extension MarkSummary: Codable {
    private enum Keys: String, CodingKey {
        case firstDay, journalLengths, children, pendingOldDay
    }

    private struct ChildRow: Codable {
        var id: ChildID
        /// Points per window day.
        var points: [Int]
        /// "1" where the board was complete, "0" elsewhere, one character per day.
        var complete: String
        var pointsBefore: Int
        var streakBefore: Int
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let firstDay = try c.decode(Day.self, forKey: .firstDay)
        let lengths = try c.decode([Int].self, forKey: .journalLengths)
        guard lengths.count == Self.windowLength else {
            throw DecodingError.dataCorruptedError(forKey: .journalLengths, in: c, debugDescription: "expected \(Self.windowLength) days, found \(lengths.count)")
        }
        var days = lengths.map { DayTally(journalLength: $0) }
        var pointsBefore: [ChildID: Int] = [:]
        var streakBefore: [ChildID: Int] = [:]
        for row in try c.decode([ChildRow].self, forKey: .children) {
            guard row.points.count == Self.windowLength, row.complete.utf8.count == Self.windowLength else {
                throw DecodingError.dataCorruptedError(forKey: .children, in: c, debugDescription: "child \(row.id.rawValue) does not have \(Self.windowLength) days")
            }
            for (i, points) in row.points.enumerated() where points != 0 { days[i].points[row.id] = points }
            for (i, flag) in row.complete.utf8.enumerated() where flag == UInt8(ascii: "1") { days[i].complete.insert(row.id) }
            if row.pointsBefore != 0 { pointsBefore[row.id] = row.pointsBefore }
            if row.streakBefore != 0 { streakBefore[row.id] = row.streakBefore }
        }
        self.init(firstDay: firstDay, days: days, pointsBefore: pointsBefore, streakBefore: streakBefore,
                  pendingOldDay: try c.decodeIfPresent(PendingOldDayEdit.self, forKey: .pendingOldDay))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(firstDay, forKey: .firstDay)
        try c.encode(days.map(\.journalLength), forKey: .journalLengths)
        var ids = Set(pointsBefore.keys).union(streakBefore.keys)
        for day in days { ids.formUnion(day.points.keys); ids.formUnion(day.complete) }
        let rows = ids.sorted().map { id in
            ChildRow(
                id: id,
                points: days.map { $0.points[id] ?? 0 },
                complete: String(days.map { $0.complete.contains(id) ? "1" : "0" }.joined()),
                pointsBefore: pointsBefore[id] ?? 0,
                streakBefore: streakBefore[id] ?? 0
            )
        }
        try c.encode(rows, forKey: .children)
        try c.encodeIfPresent(pendingOldDay, forKey: .pendingOldDay)
    }
}
