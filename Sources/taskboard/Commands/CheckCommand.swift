import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardTools

/// `taskboard check [--repair]`: every file read, every invariant verified.
struct CheckCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read every file of the data directory and report what is wrong.",
        discussion: """
        One line per problem, starting with the file's name; exits 1 if there is any. \
        Notes follow, which are not problems: temp files of interrupted writes, \
        and children who share an avatar (a child finds their row by it). \
        Without --repair it only reads, and can run beside a kiosk.

        --repair fixes what needs no guessing: a summary that does not match the \
        marks is rebuilt from them, pin.json is made readable by its owner only, \
        a journal dated after today (the clock was ahead) is moved into \
        marks-aside/ with the commands that count its ticks on their day, \
        temp files of interrupted writes are removed, board entries of tasks that \
        do not exist are dropped, nextID is raised above the ids in use. First it \
        writes an archive of the whole data directory into \
        <data-dir>/backups/before-repair-<date>-<time>.zip (restore it with \
        taskboard restore). It refuses while a kiosk runs. A file that cannot be \
        read is never changed.

        Examples:
          taskboard check --data-dir /srv/taskboard
          taskboard check --repair
        """)

    @OptionGroup var data: DataOptions

    @Flag(name: .long, help: "Fix what can be fixed without guessing, after a backup archive.")
    var repair = false

    /// The problems go to stdout, one a line; the verdict to stdout when all
    /// is well, else to stderr with exit code 1, as every failure does.
    func execute() throws {
        if let login = try data.databaseLogin() { return try checkDatabase(login) }
        let (report, verdict) = try repair ? runRepair() : runCheck()
        guard report.problems.isEmpty else { throw CommandFailure(verdict) }
        Output.line(verdict)
    }

    private func runCheck() throws -> (DataCheckReport, verdict: String) {
        try data.requireExisting()
        let report = try DataCheck(directory: data.directory, now: data.clock.now(), avatars: Self.avatars()).run()
        for problem in report.problems { Output.line(problem.description) }
        for note in report.notes { Output.line("Note: \(note.description)") }
        return (report, report.verdict)
    }

    private func runRepair() throws -> (DataCheckReport, verdict: String) {
        try data.requireOwner()
        let outcome = try DataRepair.run(directory: data.directory, now: data.clock.now())
        let remaining = outcome.remaining
        guard let backup = outcome.backup else {
            for problem in remaining.problems { Output.line("Not fixed: \(problem.description) (\(Self.reason(problem)))") }
            return (remaining, remaining.problems.isEmpty ? "\(remaining.verdict) Nothing to repair."
                    : "Nothing can be repaired without guessing; nothing was changed. \(remaining.verdict)")
        }
        Output.line("Backed up the data directory to \(backup) first.")
        for problem in outcome.fixed { Output.line("Fixed: \(problem.description)") }
        for aside in outcome.setAside { Output.line(Self.keptAside(aside, data: data.directory.path)) }
        for problem in remaining.problems { Output.line("Not fixed: \(problem.description) (\(Self.reason(problem)))") }
        let verdict = "\(outcome.fixed.count) fixed, \(remaining.problems.count) left."
        // With problems left (the exit is a failure): what else the repair touched.
        return (remaining, remaining.problems.isEmpty ? verdict
                : verdict + " Only the repairs above were tried; the data directory as it was before them is in \(backup).")
    }

    /// The avatar catalogue, to name a shared picture; a check runs without it (symbols alone).
    static func avatars() -> [AvatarCatalogue.Avatar] {
        (try? KioskAssets.load(from: KioskAssets.folder(), languages: []))?.avatars ?? []
    }

    /// Where a journal dated after today went, and the commands that count
    /// its ticks on the day they were made (today's date, the likeliest,
    /// for a person to change if the clock was wrong for longer).
    static func keptAside(_ aside: DataRepair.SetAside, data: String) -> String {
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        guard !aside.done.isEmpty else { return "Kept aside: \(aside.file) (dated \(aside.day), no tick in it done)." }
        return "Kept aside: \(aside.file) (dated \(aside.day)). To count its ticks on the day they were made "
            + "(\(aside.today), if the clock was put right today), run:\n"
            + aside.done.map { done in
                "  taskboard mark --data-dir \(quoted(data)) --child \(quoted(done.child))"
                    + (done.group.map { " --group \(quoted($0))" } ?? "") + " --task \(quoted(done.task)) --day \(aside.today)"
            }.joined(separator: "\n")
    }

    private static func reason(_ problem: DataProblem) -> String {
        if case .manual(let reason) = problem.fix { return reason }
        return "the repair did not take"
    }
}

extension CheckCommand {
    /// On a database: the rules on what it holds, and its tables against each other.
    private func checkDatabase(_ login: DatabaseLogin) throws {
        if repair { throw CommandFailure("check --repair works on a data directory; on a database a person fixes what check finds") }
        let store = try login.open(readOnly: true)
        let settings = ((try? store.loadSettings()) ?? nil) ?? Settings()
        var report = StoreCheck.run(store, today: settings.dayCalendar.day(of: data.clock.now()), avatars: Self.avatars())
        report.problems += try store.consistencyProblems().map { DataProblem.inDatabase($0.table, $0.problem) }
        for problem in report.problems { Output.line(problem.description) }
        for note in report.notes { Output.line("Note: \(note.description)") }
        guard report.problems.isEmpty else { throw CommandFailure("\(report.problems.count) problem(s) found in \(login.address).") }
        Output.line("All good: \(login.address): the roster, settings, PIN, summary and the last 7 days read, and the tables agree.")
    }
}
