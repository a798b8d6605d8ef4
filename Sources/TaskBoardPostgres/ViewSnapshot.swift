import Foundation
import TaskBoard
import TaskBoardStorage

/// What a kiosk last had from the database, kept in its local directory
/// (`database/snapshot.json`) so that it can start while the server cannot be
/// reached (after a power cut the kiosks may be up before the server). It is
/// written after each full read; the outbox is kept apart, so nothing made
/// here is lost whatever this file holds.
enum ViewSnapshot {
    static func url(in directory: URL) -> URL { directory.appendingPathComponent("snapshot.json") }

    private struct Stored: Encodable {
        var roster: Roster?
        var rosterVersion: Int64?
        var settings: Settings?
        var pin: PinRecord?
        var attendance: Attendance?
        var ownLogin: String?
        var historyFirstDay: Day?
        var pointsRemoved: [String: Int]?
        var first: Day
        var last: Day
        var counts: [String: Int]
        var days: [String: [Mark]]
    }

    private struct Mark: Encodable {
        var id: String
        var c: Int, t: Int, on: Bool, p: Int, all: Bool, at: Int64
    }

    static func save(_ view: KioskDatabaseStore.ServerView, in directory: URL) throws {
        let stored = Stored(roster: view.roster, rosterVersion: view.rosterVersion, settings: view.settings, pin: view.pin,
                            attendance: view.attendance, ownLogin: view.ownLogin, historyFirstDay: view.history.firstDayKept,
                            pointsRemoved: view.history.pointsRemoved.isEmpty ? nil
                                : Dictionary(uniqueKeysWithValues: view.history.pointsRemoved.map { ("\($0.key.rawValue)", $0.value) }),
                            first: view.counted.lowerBound, last: view.counted.upperBound,
                            counts: Dictionary(uniqueKeysWithValues: view.counts.map { ($0.key.description, $0.value) }),
                            days: Dictionary(uniqueKeysWithValues: view.days.map { day, marks in
                                (day.description, marks.map { Mark(id: $0.id.uuidString, c: $0.event.child.rawValue, t: $0.event.task.rawValue,
                                                                   on: $0.event.done, p: $0.event.points, all: $0.event.boardComplete, at: $0.event.at) })
                            }))
        try PrivateFile.replace(url(in: directory), with: try JSONEncoder().encode(stored))
    }

    /// The last snapshot, or nil when there is none; throws when it cannot be read.
    static func load(from directory: URL) throws -> KioskDatabaseStore.ServerView? {
        guard let data = try PrivateFile.read(url(in: directory)) else { return nil }
        let object = try JSONValue.parse(data).object()
        let first: Day = try object.decode("first"), last: Day = try object.decode("last")
        guard first <= last else { throw JSONError(.invalid("the recent days end before they start"), path: [.key("last")]) }
        var view = KioskDatabaseStore.ServerView(
            roster: try object.optional("roster", Roster.init(json:)), rosterVersion: try object.optional("rosterVersion") { Int64(try $0.int()) },
            settings: try object.optional("settings", Settings.init(json:)), pin: try object.optional("pin", PinRecord.init(json:)),
            attendance: try object.optional("attendance", Attendance.init(json:)), ownLogin: try object.optional("ownLogin") { try $0.string() },
            counted: first...last)
        view.history = HistoryRemoved(firstDayKept: try object.optional("historyFirstDay", Day.init(json:)),
                                      pointsRemoved: try object.optional("pointsRemoved") { try $0.intKeyed(ChildID.init(_:)) { try $0.int() } } ?? [:])
        let counts = try object.required("counts") { try $0.object().mapValues { try $0.int() } }
        for (text, count) in counts {
            guard let day = Day(text) else { throw JSONError(.invalid("not a day: \(text)"), path: [.key("counts")]) }
            view.counts[day] = count
        }
        let days = try object.required("days") { try $0.object().mapValues { try $0.array(Self.mark(json:)) } }
        for (text, marks) in days {
            guard let day = Day(text) else { throw JSONError(.invalid("not a day: \(text)"), path: [.key("days")]) }
            view.days[day] = marks
        }
        return view
    }

    private static func mark(json: JSONValue) throws -> IdentifiedMark {
        let object = try json.object()
        guard let id = UUID(uuidString: try object.string("id")) else { throw JSONError(.invalid("not an id"), path: [.key("id")]) }
        return IdentifiedMark(id: id, event: MarkEvent(child: ChildID(try object.int("c")), task: TaskID(try object.int("t")),
                                                       done: try object.required("on") { try $0.bool() }, points: try object.int("p"),
                                                       boardComplete: try object.required("all") { try $0.bool() }, at: Int64(try object.int("at"))))
    }
}
