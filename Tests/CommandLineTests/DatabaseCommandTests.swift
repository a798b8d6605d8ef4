import Foundation
import Testing
import TaskBoardTestSupport
import TaskBoard
import TaskBoardPostgres
#if canImport(Glibc)
import Glibc
#endif

/// The command line on a PostgreSQL database: moving a daycare in and out
/// with `copy`, and the same commands as on a data directory.
@Suite("taskboard on a database", .enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct DatabaseCommandTests {
    private func onDatabase(_ database: TestDatabase) throws -> [String] {
        ["--database", database.url, "--database-password-file", try #require(TestDatabase.passwordFile)]
    }

    /// Issue 43: `rooms add` writes the password to a new private file only
    /// (never over one, never on the screen), and a failure makes no login;
    /// `rooms revoke` of an unknown name says so.
    @Test func roomsAddWritesThePasswordToANewPrivateFileOnly() throws {
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty()
            let password = ["--database-password-file", try #require(TestDatabase.passwordFile)]
            #expect(try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + password).status == 0)
            let file = data.deletingLastPathComponent().appendingPathComponent("hall.password")
            let added = try TaskBoardProcess.run(["rooms", "add", "Hall", "--password-file", file.path] + (try onDatabase(database)))
            #expect(added.status == 0, "\(added.stderr)")
            let secret = try String(contentsOf: file, encoding: .utf8)
            #expect(secret.count == 33 && secret.hasSuffix("\n"))
            #expect(!added.stdout.contains(secret.dropLast()) && !added.stderr.contains(secret.dropLast()))
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
            let login = try #require(added.stdout.firstMatch(of: /TASKBOARD_DATABASE_URL=postgres:\/\/([a-z0-9_]+)@/)?.1)
            #expect(login.hasSuffix("_kiosk_hall"))
            // The kiosk's own login reads the daycare with the file.
            var address = database.address
            address.user = String(login)
            let board = try TaskBoardProcess.run(["leaderboard", "--database", address.url, "--database-password-file", file.path])
            #expect(board.status == 0, "\(board.stderr)")

            // Again: an existing file is never overwritten, and no second login is made.
            let again = try TaskBoardProcess.run(["rooms", "add", "Kitchen", "--password-file", file.path] + (try onDatabase(database)))
            #expect(again.status != 0)
            #expect(again.stderr.contains("already exists") && again.stderr.contains("No login was made."), "\(again.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == secret)
            #expect(try database.column("SELECT name FROM kiosk_logins") == ["Hall"])
            let twice = try TaskBoardProcess.run(["rooms", "add", "Hall", "--password-file", file.path + ".2"] + (try onDatabase(database)))
            #expect(twice.status != 0 && twice.stderr.contains("already has its login"), "\(twice.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file.path + ".2"), "the file made for a refused login is removed")
            let unknown = try TaskBoardProcess.run(["rooms", "revoke", "Attic"] + (try onDatabase(database)))
            #expect(unknown.status != 0 && unknown.stderr.contains("no kiosk login is named Attic"), "\(unknown.stderr)")
            let list = try TaskBoardProcess.run(["rooms"] + (try onDatabase(database)))
            #expect(list.stdout.contains("Hall") && list.stdout.contains("never seen") && list.stdout.contains(String(login)), "\(list.stdout)")
        }
    }

    @Test func aDaycareCopiedIntoADatabaseAndBackExportsTheSame() throws {
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty()
            let back = data.deletingLastPathComponent().appendingPathComponent("back")
            let password = ["--database-password-file", try #require(TestDatabase.passwordFile)]
            let into = try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + password)
            #expect(into.status == 0, "\(into.stderr)")
            #expect(into.stdout.hasPrefix("Copied 3 groups, 12 children, 8 tasks, "), "\(into.stdout)")
            #expect(into.stdout.contains(" to \(database.url).\n"))
            let out = try TaskBoardProcess.run(["copy", "--from", database.url, "--to", back.path] + password)
            #expect(out.status == 0, "\(out.stderr)")
            // A guardian's copy (issue 43) too: the same from the database as from the directory.
            for export in [["--format", "csv"], ["--format", "json"], ["--totals"], ["--attendance"],
                           ["--child", "Aino"], ["--child", "Aino", "--format", "json"]] {
                let original = try TaskBoardProcess.run(["export", "--data-dir", data.path] + export)
                let inDatabase = try TaskBoardProcess.run(["export"] + export + (try onDatabase(database)))
                let returned = try TaskBoardProcess.run(["export", "--data-dir", back.path] + export)
                #expect(original.status == 0 && original.stdout.count > 100, "\(export): \(original.stderr)")
                #expect(inDatabase.stdout == original.stdout, "\(export): \(inDatabase.stderr)")
                #expect(returned.stdout == original.stdout, "\(export): \(returned.stderr)")
            }
            // The PIN came along: the same salted hash, so the same PIN opens the admin side.
            let pin = try String(contentsOf: data.appendingPathComponent("pin.json"), encoding: .utf8)
            let salt = try #require(try database.column("SELECT encode(salt, 'base64') FROM pin").first ?? nil)
            #expect(pin.contains(salt) || pin.contains(salt.replacingOccurrences(of: "/", with: "\\/")), "\(salt) not in \(pin)")
        }
    }

    @Test func aCopyIntoADaycareIsRefusedAndChangesNothing() throws {
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty()
            let password = ["--database-password-file", try #require(TestDatabase.passwordFile)]
            #expect(try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + password).status == 0)
            let ticks = try database.column("SELECT count(*)::text FROM mark_events")
            let again = try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + password)
            #expect(again.status == 1)
            #expect(again.stderr == "taskboard: the target already holds a roster (12 children); a copy goes only into an empty data directory or database. Nothing was copied.\n")
            #expect(try database.column("SELECT count(*)::text FROM mark_events") == ticks)
            let intoDirectory = try TaskBoardProcess.run(["copy", "--from", database.url, "--to", data.path] + password)
            #expect(intoDirectory.status == 1)
            #expect(intoDirectory.stderr.contains("the target already holds a roster (12 children)"))
        }
    }

    @Test func markAndLeaderboardWorkOnTheDatabase() throws {
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty()
            let db = try onDatabase(database)
            #expect(try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + Array(db.suffix(2))).status == 0)
            let mark = try TaskBoardProcess.run(["mark", "--child", "Aino", "--task", "Brush teeth", "--kiosk-name", "Hall"] + db)
            #expect(mark.stdout == "Aino: Brush teeth done on 2026-11-22, +1.\n", "\(mark.stderr)")
            let again = try TaskBoardProcess.run(["mark", "--child", "Aino", "--task", "Brush teeth"] + db)
            #expect(again.stdout == "Aino: Brush teeth was already done on 2026-11-22; nothing changed.\n")
            #expect(try database.column("SELECT kiosk FROM mark_events ORDER BY seq DESC LIMIT 1") == ["Hall"])
            // The same tick on the directory gives the same leaderboard.
            #expect(try TaskBoardProcess.run(["mark", "--child", "Aino", "--task", "Brush teeth", "--data-dir", data.path]).status == 0)
            let fromDatabase = try TaskBoardProcess.run(["leaderboard", "--period", "all"] + db)
            let fromDirectory = try TaskBoardProcess.run(["leaderboard", "--period", "all", "--data-dir", data.path])
            #expect(fromDatabase.status == 0, "\(fromDatabase.stderr)")
            // The same, heading and all: both count all time from the first day kept (12 months, issue 43).
            #expect(fromDatabase.stdout == fromDirectory.stdout)
            #expect(fromDirectory.stdout.hasPrefix("  Leaderboard · All time · All groups") && fromDirectory.stdout.contains("22/11/2025–22/11/2026"))
        }
    }

    @Test func thePasswordComesFromAPrivateFileAndNeverFromTheURL() throws {
        let database = try TestDatabase.makeEmpty()
        _ = try database.openDatabase() // the tables, for the reading commands below
        try withTemporaryDirectory { root in
            let file = root.appendingPathComponent("password")
            let password = try String(contentsOfFile: try #require(TestDatabase.passwordFile), encoding: .utf8)
            try Data(password.utf8).write(to: file)
            chmod(file.path, 0o644)
            let open = try TaskBoardProcess.run(["export", "--database", database.url, "--database-password-file", file.path])
            #expect(open.status == 1)
            #expect(open.stderr == "taskboard: database: the password file \(file.path) can be read by others (mode 644); make it the owner's only: chmod 600 \(file.path)\n")
            let inURL = database.url.replacingOccurrences(of: "taskboard@", with: "taskboard:Secret-99@")
            let refused = try TaskBoardProcess.run(["export", "--database", inURL])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("holds a password") && !refused.stderr.contains("Secret-99"), "\(refused.stderr)")
            // Without a password the server refuses, in words.
            let none = try TaskBoardProcess.run(["export", "--database", database.url], environment: ["PGPASSWORD": ""])
            #expect(none.status == 1)
            #expect(none.stderr.contains("asks for a password") || none.stderr.contains("refused the connection"), "\(none.stderr)")
            // The environment's password works as well as the file.
            let fromEnvironment = try TaskBoardProcess.run(["export", "--database", database.url],
                                                           environment: ["PGPASSWORD": password.trimmingCharacters(in: .whitespacesAndNewlines)])
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        }
    }

    @Test func theCommandsForADataDirectorySaySoOnADatabase() throws {
        let database = try TestDatabase.makeEmpty()
        for command in [["demo"]] {
            let result = try TaskBoardProcess.run(command + (try onDatabase(database)))
            #expect(result.status == 1)
            #expect(result.stderr == "taskboard: taskboard \(command[0]) works on a data directory, not on a database (yet); see docs/rooms.md\n")
        }
    }

    @Test func aDatabasesBackupRestoresIntoAnEmptyDatabaseAndIntoADataDirectory() throws {
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty(), empty = try TestDatabase.makeEmpty()
            let password = ["--database-password-file", try #require(TestDatabase.passwordFile)]
            #expect(try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + password).status == 0)
            let archive = data.deletingLastPathComponent().appendingPathComponent("house.zip")
            let backup = try TaskBoardProcess.run(["backup", archive.path, "--database", database.url] + password)
            #expect(backup.status == 0, "\(backup.stderr)")
            #expect(backup.stdout.hasPrefix("Backed up \(database.url) ("), "\(backup.stdout)")
            let intoDatabase = try TaskBoardProcess.run(["restore", archive.path, "--database", empty.url] + password)
            #expect(intoDatabase.status == 0, "\(intoDatabase.stderr)")
            #expect(intoDatabase.stdout.contains("3 groups, 12 children, 8 tasks"), "\(intoDatabase.stdout)")
            let directory = data.deletingLastPathComponent().appendingPathComponent("restored")
            let intoDirectory = try TaskBoardProcess.run(["restore", archive.path, "--data-dir", directory.path])
            #expect(intoDirectory.status == 0, "\(intoDirectory.stderr)")
            let original = try TaskBoardProcess.run(["export", "--data-dir", data.path])
            #expect(try TaskBoardProcess.run(["export", "--database", empty.url] + password).stdout == original.stdout)
            #expect(try TaskBoardProcess.run(["export", "--data-dir", directory.path]).stdout == original.stdout)
            // A database with a daycare is not restored over.
            let again = try TaskBoardProcess.run(["restore", archive.path, "--database", empty.url] + password)
            #expect(again.status == 1)
            #expect(again.stderr == "taskboard: the target already holds a roster (12 children); a restore goes only into an empty data directory or database. Nothing was changed.\n")
        }
    }

    @Test func checkOnADatabaseReadsEverythingAndFindsTablesThatDisagree() throws {
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty()
            let db = try onDatabase(database)
            #expect(try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + Array(db.suffix(2))).status == 0)
            let good = try TaskBoardProcess.run(["check"] + db)
            #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
            #expect(good.stdout == "All good: \(database.url): the roster, settings, PIN, summary and the last 7 days read, and the tables agree.\n")
            // Damage by hand: a day's mark that its events do not give, and a child named with a control character.
            try database.execute("UPDATE day_marks SET done = NOT done WHERE (day, child_id, task_id) = (SELECT day, child_id, task_id FROM day_marks LIMIT 1)")
            try database.execute("UPDATE children SET name = 'Ai' || chr(7) || 'no' WHERE name = 'Aino'")
            let bad = try TaskBoardProcess.run(["check"] + db)
            #expect(bad.status == 1)
            #expect(bad.stdout.contains("day_marks: "), "\(bad.stdout)")
            #expect(bad.stdout.contains("is not what its last event in mark_events says"))
            #expect(bad.stdout.split(separator: "\n").contains { $0.hasPrefix("roster: ") }, "\(bad.stdout)")
            #expect(bad.stderr == "taskboard: 2 problem(s) found in \(database.url).\n", "\(bad.stderr)")
            let repair = try TaskBoardProcess.run(["check", "--repair"] + db)
            #expect(repair.status == 1)
            #expect(repair.stderr.contains("check --repair works on a data directory"))
        }
    }
}

/// Issue 43 on a shared database: `taskboard forget` takes a child out of
/// every table in one transaction; a kiosk's unsent tick of the child is
/// not taken in afterwards; a copy out of the database and back keeps the
/// child forgotten (and the number is never handed out again).
@Suite("forgetting a child on a database", .enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct DatabaseForgetTests {
    @Test func aChildForgottenLeavesNoRowAndACopyKeepsItForgotten() throws {
        try withDemoDaycare { data in
            let root = data.deletingLastPathComponent()
            let wav = root.appendingPathComponent("aino.wav")
            try VoiceCommandTests.wav(seconds: 0.5).write(to: wav)
            #expect(try TaskBoardProcess.run(["voice", "add", "--child", "Aino", wav.path, "--data-dir", data.path]).status == 0)
            #expect(try TaskBoardProcess.run(["away", "--child", "Aino", "--data-dir", data.path]).status == 0)
            let database = try TestDatabase.makeEmpty()
            let db = ["--database", database.url, "--database-password-file", try #require(TestDatabase.passwordFile)]
            #expect(try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url] + Array(db.suffix(2))).status == 0)
            let aino = try #require(try database.column("SELECT id::text FROM children WHERE name = 'Aino'").first ?? nil)
            let rows = { (table: String, column: String) in try database.column("SELECT count(*)::text FROM \(table) WHERE \(column) = \(aino)").first ?? nil }
            #expect(try rows("mark_events", "child_id") != "0", "the test would prove nothing")
            let points = { try TaskBoardProcess.run(["export", "--totals", "--format", "json"] + db).stdout }
            let before = try points()

            let refused = try TaskBoardProcess.run(["forget", "--child", "Aino"] + db, input: "y\n")
            #expect(refused.status == 1 && refused.stderr.contains("give --yes"), "\(refused.stderr)")
            let forgot = try TaskBoardProcess.run(["forget", "--child", "Aino", "--yes"] + db)
            #expect(forgot.status == 0, "\(forgot.stdout)\(forgot.stderr)")
            #expect(forgot.stdout.contains("Aino was forgotten: taken out of the database ("), "\(forgot.stdout)")
            #expect(forgot.stdout.contains(", 2 absences, 1 recording)") || forgot.stdout.contains("1 recording)"), "\(forgot.stdout)")
            for (table, column) in [("children", "id"), ("boards", "child_id"), ("mark_events", "child_id"), ("day_marks", "child_id"),
                                    ("absences", "child_id")] {
                #expect(try rows(table, column) == "0", "\(table) still holds the child")
            }
            #expect(try database.column("SELECT count(*)::text FROM voices WHERE kind = 'child' AND id = \(aino)").first ?? nil == "0")
            #expect(try database.column("SELECT count(*)::text FROM children WHERE name = 'Aino'").first ?? nil == "0")
            #expect(try database.column("SELECT child_id::text FROM forgotten_children") == [aino])
            // Everyone else keeps their points (the summary made again from what is left).
            let after = try points()
            #expect(!after.contains("\"Aino\""), "\(after)")
            let others = before.split(separator: "\n").filter { !$0.contains("\"Aino\"") }.count
            #expect(after.split(separator: "\n").count == others, "\(before)\n\(after)")

            // A kiosk's outbox sending a tick of Aino's late: answered, and not taken in.
            let kiosk = try database.openDatabase(kiosk: "Hall")
            let task = try #require(try database.column("SELECT id::text FROM tasks LIMIT 1").first ?? nil).flatMap(Int.init)
            try kiosk.appendMarks([(id: UUID(), event: MarkEvent(child: ChildID(Int(aino) ?? 0), task: TaskID(task ?? 0), done: true, points: 1,
                                                                 boardComplete: false, at: 0))], on: Day(year: 2026, month: 11, day: 22)!)
            try kiosk.setAway([(day: Day(year: 2026, month: 11, day: 22)!, child: ChildID(Int(aino) ?? 0), away: true)])
            #expect(try rows("mark_events", "child_id") == "0")
            #expect(try rows("absences", "child_id") == "0")

            // Out into a data directory and into a new database: Aino stays forgotten, the number unused.
            let back = root.appendingPathComponent("back")
            #expect(try TaskBoardProcess.run(["copy", "--from", database.url, "--to", back.path] + Array(db.suffix(2))).status == 0)
            let forgotten = try String(contentsOf: back.appendingPathComponent("forgotten.json"), encoding: .utf8)
            #expect(forgotten.contains("[\(aino)]"), "\(forgotten)")
            let again = try TestDatabase.makeEmpty()
            #expect(try TaskBoardProcess.run(["copy", "--from", back.path, "--to", again.url] + Array(db.suffix(2))).status == 0)
            #expect(try again.column("SELECT child_id::text FROM forgotten_children") == [aino])
            let nextID = try #require(try again.column("SELECT next_id::text FROM roster_state").first ?? nil).flatMap(Int.init) ?? 0
            #expect(nextID > Int(aino) ?? .max)
        }
    }
}
