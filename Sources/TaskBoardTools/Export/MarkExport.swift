import Foundation
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
    /// an end left out is the first or last day with a journal). With
    /// `openReader`, each core reads its share of the days through a store
    /// of its own: a year of journals is most of an export's time.
    public static func read(from store: BoardStore, roster: Roster, from: Day? = nil, to: Day? = nil,
                            openReader: (@Sendable () throws -> BoardStore)? = nil) throws -> MarkExport {
        let journalDays = try store.markJournalDays()
        let range = try ExportRange.resolve(from: from, to: to, journalDays: journalDays)
        let names = ExportNames(roster: roster)
        let days = journalDays.filter { range?.contains($0) == true }
        let marks: [ExportedMark]
        if let openReader, days.count > 1 {
            marks = try readSideBySide(days, names: names, openReader: openReader)
        } else {
            marks = try days.flatMap { try standing(on: $0, in: store, names: names) }
        }
        return MarkExport(range: range, marks: marks, names: names)
    }

    /// The marks that stood at the end of the day, children and tasks in roster order.
    private static func standing(on day: Day, in store: BoardStore, names: ExportNames) throws -> [ExportedMark] {
        let done = DayMarks(replaying: try store.marks(on: day)).done
        var marks: [ExportedMark] = []
        for (_, child, tasks) in done.map({ (names.sortKey($0.key), $0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            for (_, task, points) in tasks.map({ (names.sortKey($0.key), $0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                marks.append(ExportedMark(day: day, child: child, task: task, points: points))
            }
        }
        return marks
    }

    /// Splits the days into one run per core, read at the same time, and
    /// joins the runs in day order.
    private static func readSideBySide(_ days: [Day], names: ExportNames,
                                       openReader: @Sendable () throws -> BoardStore) throws -> [ExportedMark] {
        let workers = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), days.count)
        let share = (days.count + workers - 1) / workers
        let results = WorkerResults(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let run = days[min(worker * share, days.count)..<min((worker + 1) * share, days.count)]
            results.store(worker, Result {
                let store = try openReader()
                return try run.flatMap { try standing(on: $0, in: store, names: names) }
            })
        }
        return try results.all.flatMap { try $0.get() }
    }
}

/// What each worker read, handed back across threads.
private final class WorkerResults: Sendable {
    private let results: Locked<[Result<[ExportedMark], Error>]>

    init(count: Int) { results = Locked(Array(repeating: .success([]), count: count)) }

    func store(_ index: Int, _ result: sending Result<[ExportedMark], Error>) { results.withLock { $0[index] = result } }

    var all: [Result<[ExportedMark], Error>] { results.withLock { $0 } }
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
