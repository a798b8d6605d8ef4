import TaskBoard

/// One mark that stood at the end of its day: a tick taken back the same
/// day is not one.
public struct ExportedMark: Equatable, Sendable {
    public let day: Day
    public let child: ChildID
    public let task: TaskID
    public let points: Int
}

/// The marks of a range of days, read from the journals, ready to be
/// written as CSV or JSON. Each journal is read once and replayed.
public struct MarkExport {
    public let range: ClosedRange<Day>?
    /// By day, then children and tasks in roster order.
    public let marks: [ExportedMark]
    let names: ExportNames

    /// Reads the journals of the days between `from` and `to` (inclusive;
    /// an end left out is the first or last day with a journal).
    public static func read(from store: BoardStore, roster: Roster, from: Day? = nil, to: Day? = nil) throws -> MarkExport {
        let journalDays = try store.markJournalDays()
        let range = try ExportRange.resolve(from: from, to: to, journalDays: journalDays)
        let names = ExportNames(roster: roster)
        var marks: [ExportedMark] = []
        for day in journalDays where range?.contains(day) == true {
            let standing = DayMarks(replaying: try store.marks(on: day)).done
            for (_, child, tasks) in standing.map({ (names.sortKey($0.key), $0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                for (_, task, points) in tasks.map({ (names.sortKey($0.key), $0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                    marks.append(ExportedMark(day: day, child: child, task: task, points: points))
                }
            }
        }
        return MarkExport(range: range, marks: marks, names: names)
    }
}

/// A child's points and marks over the export's days.
public struct ChildTotal: Equatable, Sendable {
    public let child: ChildID
    public var points: Int
    public var marks: Int
}

extension MarkExport {
    /// Every child of the roster (with 0 if they have nothing), then deleted
    /// children who have marks in the range.
    public var totals: [ChildTotal] {
        var byChild: [ChildID: ChildTotal] = [:]
        for mark in marks {
            byChild[mark.child, default: ChildTotal(child: mark.child, points: 0, marks: 0)].points += mark.points
            byChild[mark.child]?.marks += 1
        }
        let deleted = byChild.keys.filter { names.isDeleted($0) }.sorted()
        return (names.childOrder + deleted).map { byChild[$0] ?? ChildTotal(child: $0, points: 0, marks: 0) }
    }
}
