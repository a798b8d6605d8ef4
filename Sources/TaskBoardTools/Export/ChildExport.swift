import Foundation
import TaskBoard

/// A guardian's copy (issue 43, `taskboard export --child NAME`):
/// everything kept about one child, and nothing about any other: the
/// entry, the board, every tick and untick as the journals keep it (with
/// its time where one was recorded), the absences, the points, and whether
/// a recording of the name is kept. The same names and formats as the
/// other exports; times in the daycare's time zone.
public struct ChildExport {
    /// One line of a journal about the child.
    public struct Mark: Equatable, Sendable {
        public let day: Day
        public let event: MarkEvent
    }

    public let child: Child
    public let group: String
    let roster: Roster
    public let marks: [Mark]
    public let absences: [Day]
    public let points: Int
    /// The recording's name (`voices/` holds it in a data directory) and size, when one is kept.
    public let recording: (file: String, bytes: Int)?
    let timeZone: TimeZone
    public let range: ClosedRange<Day>?

    /// Reads the child's part of the store (every journal, a day at a
    /// time). Throws when `from` is after `to`.
    public static func read(_ child: Child, daycare: Daycare, store: BoardStore, from: Day? = nil, to: Day? = nil) throws -> ChildExport {
        let days = try store.markJournalDays()
        let range = try ExportRange.resolve(from: from, to: to, journalDays: days)
        var marks: [Mark] = []
        for day in days where range?.contains(day) ?? true {
            marks += try store.marks(on: day).filter { $0.child == child.id }.map { Mark(day: day, event: $0) }
        }
        let absences = daycare.attendance.away.filter { $0.value.contains(child.id) && (range?.contains($0.key) ?? true) }.keys.sorted()
        let recording = try store.loadVoice(.child(child.id)).map { (VoiceKey.child(child.id).stem + ".wav", $0.count) }
        return ChildExport(child: child, group: daycare.roster.group(child.groupID)?.name ?? "", roster: daycare.roster, marks: marks,
                           absences: absences, points: daycare.points(.allTime)[child.id] ?? 0, recording: recording,
                           timeZone: daycare.settings.timeZone, range: range)
    }

    static let header = ["record", "date", "time", "task", "task_id", "points", "detail"]

    /// One CSV of every record, the kind first: `child`, `board`, `tick`
    /// and `untick`, `absence`, `recording`.
    public func csv(byteOrderMark: Bool) -> ExportText {
        var text = ExportText()
        if byteOrderMark { text.append(CSVWriter.byteOrderMark) }
        text.append(CSVWriter.record(Self.header))
        text.append(CSVWriter.record(["child", child.firstDay.map { "\($0)" } ?? "", "", "", "", "\(points)",
                                      "\(child.name); group \(group); picture \(child.avatar); id \(child.id.rawValue)"]))
        for task in child.board {
            let library = roster.task(task)
            text.append(CSVWriter.record(["board", "", "", library?.name ?? "(deleted)", "\(task.rawValue)", "\(library?.points ?? 0)",
                                          weekdays(of: task).map { "on weekdays " + $0.map(String.init).joined(separator: " ") } ?? "every day"]))
        }
        for mark in marks {
            let event = mark.event
            text.append(CSVWriter.record([event.done ? "tick" : "untick", "\(mark.day)", time(event) ?? "", roster.task(event.task)?.name ?? "(deleted)",
                                          "\(event.task.rawValue)", "\(event.points)", event.boardComplete ? "board finished" : ""]))
        }
        for day in absences { text.append(CSVWriter.record(["absence", "\(day)", "", "", "", "", ""])) }
        if let recording {
            text.append(CSVWriter.record(["recording", "", "", "", "", "", "\(recording.file) (\(recording.bytes) bytes)"]))
        }
        return text
    }

    public func json() -> ExportText {
        var text = ExportText()
        text.append("{\"from\":\(JSONText.day(range?.lowerBound)),\"to\":\(JSONText.day(range?.upperBound)),\n")
        text.append("\"child\":{\"id\":\(child.id.rawValue),\"name\":\(JSONText.string(child.name)),\"picture\":\(JSONText.string(child.avatar)),"
                    + "\"group\":\(JSONText.string(group)),\"first_day\":\(JSONText.day(child.firstDay)),\"points\":\(points)},\n\"board\":[")
        for (index, task) in child.board.enumerated() {
            let library = roster.task(task)
            let days = weekdays(of: task).map { "[" + $0.map(String.init).joined(separator: ",") + "]" } ?? "null"
            text.append(index == 0 ? "\n" : ",\n")
            text.append("{\"task\":\(JSONText.string(library?.name ?? "(deleted)")),\"task_id\":\(task.rawValue),\"points\":\(library?.points ?? 0),"
                        + "\"weekdays\":\(days)}")
        }
        text.append("\n],\n\"marks\":[")
        for (index, mark) in marks.enumerated() {
            let event = mark.event
            text.append(index == 0 ? "\n" : ",\n")
            text.append("{\"date\":\"\(mark.day)\",\"time\":\(time(event).map(JSONText.string) ?? "null"),"
                        + "\"task\":\(JSONText.string(roster.task(event.task)?.name ?? "(deleted)")),\"task_id\":\(event.task.rawValue),"
                        + "\"done\":\(event.done),\"points\":\(event.points),\"board_finished\":\(event.boardComplete)}")
        }
        text.append("\n],\n\"absences\":[" + absences.map { "\"\($0)\"" }.joined(separator: ",") + "],\n")
        text.append("\"recording\":" + (recording.map { "{\"file\":\(JSONText.string($0.file)),\"bytes\":\($0.bytes)}" } ?? "null") + "}\n")
        return text
    }

    /// The weekdays (1 Monday … 7 Sunday) a task is on the child's board, nil for every day.
    private func weekdays(of task: TaskID) -> [Int]? {
        child.boardDays[task].map { $0.sorted() }
    }

    /// When the tick was made, in the daycare's zone (`2026-11-12T08:15:00+02:00`); nil where none was recorded.
    private func time(_ event: MarkEvent) -> String? {
        guard event.at > 0 else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(event.at)))
    }
}
