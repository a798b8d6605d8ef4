import TaskBoard

/// The days children were away, for spreadsheets and scripts
/// (`taskboard export --attendance`): one row per child away on a day, by
/// date, then in roster order, with the same names, ids and formats as
/// the marks' export.
///
///     date,group,child,child_id
///     {"from":…,"to":…,"away":[{"date":"2026-11-18","group":"Oravat","child":"Eero","child_id":11}]}
public struct AttendanceExport {
    public static let header = ["date", "group", "child", "child_id"]

    public let range: ClosedRange<Day>?
    let names: ExportNames
    /// Day and child of every absence in the range, in order.
    public let away: [(day: Day, child: ChildID)]

    /// Throws when `from` is after `to`.
    public init(attendance: Attendance, roster: Roster, from: Day? = nil, to: Day? = nil) throws {
        let range = try ExportRange.resolve(from: from, to: to, journalDays: attendance.away.keys.sorted())
        self.range = range
        names = ExportNames(roster: roster)
        let order = Dictionary(uniqueKeysWithValues: roster.children.enumerated().map { ($1.id, $0) })
        away = attendance.away.filter { range?.contains($0.key) ?? true }.sorted { $0.key < $1.key }.flatMap { day, children in
            children.sorted { (order[$0] ?? Int.max, $0.rawValue) < (order[$1] ?? Int.max, $1.rawValue) }.map { (day, $0) }
        }
    }

    public func csv(byteOrderMark: Bool) -> ExportText {
        var text = ExportText()
        if byteOrderMark { text.append(CSVWriter.byteOrderMark) }
        text.append(CSVWriter.record(Self.header))
        for (day, child) in away {
            let name = names.child(child)
            text.append(CSVWriter.record(["\(day)", name.group, name.child, "\(child.rawValue)"]))
        }
        return text
    }

    public func json() -> ExportText {
        var text = ExportText()
        text.append("{\"from\":\(JSONText.day(range?.lowerBound)),\"to\":\(JSONText.day(range?.upperBound)),\"away\":[")
        for (index, (day, child)) in away.enumerated() {
            let name = names.child(child)
            text.append(index == 0 ? "\n" : ",\n")
            text.append("{\"date\":\"\(day)\",\"group\":\(JSONText.string(name.group)),\"child\":\(JSONText.string(name.child)),\"child_id\":\(child.rawValue)}")
        }
        text.append("\n]}\n")
        return text
    }
}
