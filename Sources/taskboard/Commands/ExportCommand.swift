import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard export`: the marks, or each child's totals, as CSV or JSON for
/// spreadsheets and scripts. Read-only: works beside a running kiosk.
struct ExportCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the marks (or each child's points) as CSV or JSON, for spreadsheets and scripts.",
        discussion: """
        One row per mark that stood at the end of its day (a tick taken back the \
        same day is not a row): date, group, child, task, points, child_id, \
        task_id. A child or task deleted since shows as "(deleted)" beside its id; \
        a child who moved shows their group now. Without --from and --to every \
        day that has marks is written; both are inclusive. CSV is UTF-8 with a \
        byte order mark (so that Excel keeps ä, ö and å), a header row, RFC 4180 \
        quoting and CRLF line ends; --no-bom leaves the mark out for scripts. \
        JSON is {"from":…,"to":…,"marks":[…]} (or "totals") with keys in a \
        fixed order. Reads only: works while the kiosk runs.

        Examples:
          taskboard export --format csv > marks.csv
          taskboard export --format json --from 2026-11-01 --to 2026-11-30
          taskboard export --totals --from 2026-11-01 --to 2026-11-30 > november.csv
          taskboard export --attendance --from 2026-11-01 --to 2026-11-30 > away.csv
          taskboard export --child Aino --format json > aino.json

        --child NAME is a guardian's copy of what is kept about one child, \
        and nothing about any other: the entry and board, every tick and \
        untick with its time, the absences, the points and whether a \
        recording of the name is kept (the file itself is \
        voices/child-N.wav in the data directory). CSV rows start with what \
        they are: child, board, tick, untick, absence, recording.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "csv or json.")
    var format: Format = .csv

    @Option(name: .long, help: ArgumentHelp("The first day: YYYY-MM-DD, today or yesterday.", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The last day: YYYY-MM-DD, today or yesterday.", valueName: "date"))
    var to: String?

    @Flag(name: .long, help: "One row per child with their points and marks over the days, instead of one per mark.")
    var totals = false

    @Flag(name: .long, help: "One row per child away on a day (date, group, child, child_id), instead of the marks.")
    var attendance = false

    @Option(name: .long, help: "One child's data, for their guardian: everything kept about that child, nothing about another.")
    var child: String?

    @Option(name: .long, help: "The child's group, when the name is in more than one.")
    var group: String?

    @Flag(name: .customLong("no-bom"), help: "CSV without the UTF-8 byte order mark.")
    var noByteOrderMark = false

    func execute() throws {
        let store = try data.openForReading()
        // A data directory is loaded as print loads it: a journal shorter than the
        // summary recorded is refused here too, rather than exported without its lost ticks.
        let loaded = store is JSONFileStore || child != nil ? try data.daycare(on: store) : nil
        let roster = try loaded?.roster ?? store.loadRoster() ?? Roster()
        let settings = try loaded?.settings ?? store.loadSettings() ?? Settings()
        let today = settings.dayCalendar.day(of: data.clock.now())
        let first = try from.map { try DayArgument.resolve($0, today: today) }
        let last = try to.map { try DayArgument.resolve($0, today: today) }
        if let child {
            if totals || attendance { throw CommandFailure("--child is an export of its own: leave out --totals and --attendance") }
            let daycare = try loaded ?? data.daycare(on: store)
            let found = try NameLookup(roster: daycare.roster).child(named: child, inGroup: group)
            let export = try ChildExport.read(found, daycare: daycare, store: store, from: first, to: last)
            return Output.bytes((format == .csv ? export.csv(byteOrderMark: !noByteOrderMark) : export.json()).bytes)
        }
        if group != nil { throw CommandFailure("--group goes with --child") }
        if attendance {
            if totals { throw CommandFailure("--attendance and --totals are two different exports: choose one") }
            let export = try AttendanceExport(attendance: try store.loadAttendance() ?? Attendance(), roster: roster, from: first, to: last)
            return Output.bytes((format == .csv ? export.csv(byteOrderMark: !noByteOrderMark) : export.json()).bytes)
        }
        let directory = data.directory
        // A data directory's journals are read a core each; a database answers one query a day.
        let readDirectory: @Sendable () throws -> BoardStore = { try JSONFileStore(directory: directory, readOnly: true) }
        let reader = store is JSONFileStore ? readDirectory : nil
        let export = try MarkExport.read(from: store, roster: roster, from: first, to: last, openReader: reader)
        let bom = !noByteOrderMark
        let text = switch (format, totals) {
        case (.csv, false): export.marksCSV(byteOrderMark: bom)
        case (.csv, true): export.totalsCSV(byteOrderMark: bom)
        case (.json, false): export.marksJSON()
        case (.json, true): export.totalsJSON()
        }
        Output.bytes(text.bytes)
    }
}
