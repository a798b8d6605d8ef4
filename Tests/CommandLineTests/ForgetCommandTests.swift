import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
@testable import TaskBoardTools
import TaskBoardTestSupport
import TaskBoardUI

/// Issue 43: a child forgotten for good. The name is left in no file of the
/// data directory (its daily backups and archives unpacked), the child's
/// ticks, absences and recording in none; an archive made before does not
/// bring the child back; a forgetting cut off is finished at the next open.
@Suite struct ForgetCommandTests {
    private static func run(_ arguments: [String], input: String = "") throws -> TaskBoardProcess.Result {
        try TaskBoardProcess.run(arguments, input: input, environment: PrintTests.plain)
    }

    /// The demo, opened once (the summary and today's daily backup made), with a recording of Aino and an absence.
    private func withAino(_ body: (_ root: URL, _ data: URL, _ aino: ChildID) throws -> Void) throws {
        try withDemoDaycare { data in
            let root = data.deletingLastPathComponent()
            let file = root.appendingPathComponent("aino.wav")
            try VoiceCommandTests.wav(seconds: 0.8).write(to: file)
            #expect(try Self.run(["voice", "add", "--child", "Aino", file.path, "--data-dir", data.path]).status == 0)
            #expect(try Self.run(["away", "--child", "Aino", "--data-dir", data.path]).status == 0)
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(TaskBoardProcess.date)).flush()
            let roster = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster())
            let aino = try #require(roster.children.first { $0.name == "Aino" }).id
            try body(root, data, aino)
        }
    }

    /// Every file under `folder`, archives unpacked into a scratch folder, by path.
    private func everyFile(under folder: URL, scratch: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, data) in try DirectorySnapshot.of(folder).files {
            if path.hasSuffix(".zip"), let archive = try? BackupArchive(path: folder.path + "/" + path) {
                let unpacked = scratch.appendingPathComponent(UUID().uuidString)
                try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
                try archive.extract(into: unpacked.path)
                for (inner, bytes) in try DirectorySnapshot.of(unpacked).files { files[path + "!" + inner] = bytes }
            } else {
                files[path] = data
            }
        }
        return files
    }

    /// The files that still hold something of the child: the name, a journal line, an absence, a recording.
    private func traces(of name: String, _ id: ChildID, in files: [String: Data]) -> [String] {
        files.compactMap { path, data in
            let text = String(decoding: data, as: UTF8.self)
            if text.localizedCaseInsensitiveContains(name) { return "\(path): the name" }
            if path.hasSuffix(".jsonl"), text.range(of: #""c":\#(id.rawValue)[,}]"#, options: .regularExpression) != nil { return "\(path): a tick" }
            if path.hasSuffix("attendance.json"), text.range(of: #"[\[,]\#(id.rawValue)[\],]"#, options: .regularExpression) != nil {
                return "\(path): an absence"
            }
            if path.hasSuffix("child-\(id.rawValue).wav") { return "\(path): the recording" }
            return nil
        }.sorted()
    }

    @Test func forgettingAChildOfTheDemoLeavesItInNoFileAndAnOlderArchiveDoesNotBringItBack() throws {
        try withAino { root, data, aino in
            let outside = root.appendingPathComponent("usb")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            #expect(try Self.run(["backup", "--data-dir", data.path]).status == 0)
            #expect(try Self.run(["backup", outside.appendingPathComponent("taskboard-usb.zip").path, "--data-dir", data.path]).status == 0)
            let kept = root.appendingPathComponent("kept-elsewhere.zip")
            #expect(try Self.run(["backup", kept.path, "--data-dir", data.path]).status == 0)
            let scratch = root.appendingPathComponent("scratch")
            #expect(!traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch)).isEmpty, "the test would prove nothing")
            let points = { try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: FixedClock(TaskBoardProcess.date)).points(.allTime) }
            let others = try points().filter { $0.key != aino }
            #expect(try points()[aino, default: 0] > 0, "Aino has points to forget")

            LogFile(directory: data).append("cannot play voices/child-\(aino.rawValue).wav for Aino: not a sound")
            LogFile(directory: data).append("a line about Eero")
            let forgot = try Self.run(["forget", "--child", "aino", "--yes", "--archives", outside.path, "--data-dir", data.path])
            #expect(forgot.status == 0, "\(forgot.stdout)\(forgot.stderr)")
            #expect(forgot.stdout.hasPrefix("Forgetting Aino ("), "\(forgot.stdout)")
            #expect(forgot.stdout.contains("This cannot be undone"), "\(forgot.stdout)")
            #expect(forgot.stdout.contains("Aino was forgotten: taken out of the data directory, 1 daily backup and 2 archives (of 2). "
                                           + "The log no longer names Aino (1 line removed)."), "\(forgot.stdout)")

            let left = traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch).merging(
                try everyFile(under: outside, scratch: scratch).mapKeys { "usb/" + $0 }) { a, _ in a })
            #expect(left.isEmpty, "\(left)")
            let log = try String(contentsOf: data.appendingPathComponent("taskboard.log"), encoding: .utf8)
            #expect(log.contains("a child was forgotten") && log.contains("a line about Eero"), "\(log)")
            #expect(try JSONFileStore(directory: data, readOnly: true).forgottenChildren() == ForgottenChildren([aino]), "nothing pending")
            // Everyone else keeps their points; the data is whole.
            #expect(try points() == others)
            let check = try Self.run(["check", "--data-dir", data.path])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

            // An archive made before, restored: Aino stays forgotten, and no new child gets Aino's number.
            let restored = try Self.run(["restore", kept.path, "--data-dir", data.path])
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout.contains("forgotten since it was made: taken out again, they stay forgotten."), "\(restored.stdout)")
            #expect(traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch)).isEmpty)
            #expect(try Self.run(["check", "--data-dir", data.path]).status == 0)
        }
    }

    @Test func notAnsweredYesNothingIsChanged() throws {
        try withAino { _, data, _ in
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = "xterm-256color"
            environment["TASKBOARD_NOW"] = TaskBoardProcess.now
            environment["TZ"] = "Europe/Helsinki"
            let terminal = try PseudoTerminal(executable: try TaskBoardProcess.executable().path,
                                              arguments: ["forget", "--child", "Aino", "--data-dir", data.path], columns: 200, rows: 24, environment: environment)
            defer { _ = terminal.stop() }
            _ = terminal.readUntilQuiet(quiet: 0.5)
            #expect(terminal.text.contains("Forget Aino? [y/N]"), "\(terminal.text)")
            _ = terminal.type(Array("n\r".utf8))
            #expect(terminal.exitStatus(limit: 10) == 0)
            #expect(terminal.text.contains("Not forgotten. Nothing was changed."), "\(terminal.text)")
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
            // Without a terminal to answer and without --yes: refused, not taken for a no.
            let piped = try Self.run(["forget", "--child", "Aino", "--data-dir", data.path], input: "y\n")
            #expect(piped.status == 1 && piped.stderr.contains("give --yes"), "\(piped.stderr)")
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
        }
    }

    /// The usual order: the child leaves, is deleted on the kiosk, and the
    /// guardians ask later. The name is found in the daily backup.
    @Test func aChildDeletedOnTheKioskEarlierIsForgottenByName() throws {
        try withAino { root, data, aino in
            #expect(try Self.run(["backup", "--data-dir", data.path]).status == 0)
            do {
                // Deleted on the kiosk: the roster entry only (the store's lock let go at the end of this block).
                let store = try JSONFileStore(directory: data)
                var roster = try #require(try store.loadRoster())
                try roster.deleteChild(aino)
                try store.saveRoster(roster)
            }
            let forgot = try Self.run(["forget", "--child", "Aino", "--yes", "--data-dir", data.path])
            #expect(forgot.status == 0, "\(forgot.stdout)\(forgot.stderr)")
            #expect(forgot.stdout.hasPrefix("Forgetting Aino ("), "\(forgot.stdout)")
            #expect(forgot.stdout.contains("what is left of the child deleted earlier"), "\(forgot.stdout)")
            #expect(traces(of: "Aino", aino, in: try everyFile(under: data, scratch: root.appendingPathComponent("scratch"))).isEmpty)
        }
    }

    /// Cut off after the data directory and before the archives: the next
    /// open finishes the data directory, `forget --finish` the archives.
    @Test func aForgettingCutOffBeforeTheArchivesIsFinishedByFinish() throws {
        try withAino { root, data, aino in
            #expect(try Self.run(["backup", "--data-dir", data.path]).status == 0)
            try Data(#"{"schema":1,"forgotten":{"children":[\#(aino.rawValue)],"pending":[\#(aino.rawValue)]}}"#.utf8)
                .write(to: data.appendingPathComponent("forgotten.json"))
            #expect(try Self.run(["away", "--child", "Eero", "--data-dir", data.path]).status == 0)
            let scratch = root.appendingPathComponent("scratch")
            let left = traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch))
            #expect(!left.isEmpty && left.allSatisfy { $0.hasPrefix("backups/taskboard-backup-") }, "only the archive is left: \(left)")
            let finished = try Self.run(["forget", "--finish", "--data-dir", data.path])
            #expect(finished.status == 0 && finished.stdout == "Finished: 1 archive (of 1) cleaned; nothing is left to forget.\n",
                    "\(finished.stdout)\(finished.stderr)")
            #expect(traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch)).isEmpty)
            let again = try Self.run(["forget", "--finish", "--data-dir", data.path])
            #expect(again.stdout == "Nothing to finish: every forgetting is done.\n")
        }
    }

    /// A forgetting cut off after its list was written (a crash, a full
    /// disk) is finished by the next command that opens the data to write.
    @Test func aForgettingCutOffIsFinishedAtTheNextOpen() throws {
        try withAino { root, data, aino in
            try Data(#"{"schema":1,"forgotten":{"children":[\#(aino.rawValue)]}}"#.utf8).write(to: data.appendingPathComponent("forgotten.json"))
            #expect(try Self.run(["away", "--child", "Eero", "--data-dir", data.path]).status == 0)
            #expect(traces(of: "Aino", aino, in: try everyFile(under: data, scratch: root.appendingPathComponent("scratch"))).isEmpty)
        }
    }

    /// Ids are a daycare's own: an archive in a shared folder where Aino's
    /// number is another child's (another daycare's) is left as it was.
    @Test func anotherDaycaresArchiveIsLeftAsItWas() throws {
        try withAino { root, data, aino in
            let other = root.appendingPathComponent("other")
            #expect(try Self.run(["demo", "--data-dir", other.path]).status == 0)
            do {
                let store = try JSONFileStore(directory: other)
                var roster = try #require(try store.loadRoster())
                try #require(roster.children.contains { $0.id == aino }, "the other demo has the same numbers")
                try roster.renameChild(aino, to: "Maija")
                try store.saveRoster(roster)
            }
            let shared = root.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let archive = shared.appendingPathComponent("other-daycare.zip")
            #expect(try Self.run(["backup", archive.path, "--data-dir", other.path]).status == 0)
            let before = try Data(contentsOf: archive)
            let forgot = try Self.run(["forget", "--child", "Aino", "--yes", "--archives", shared.path, "--data-dir", data.path])
            #expect(forgot.status == 0, "\(forgot.stderr)")
            #expect(forgot.stdout.contains("Left as it was: \(archive.path), where another child has Aino's number"), "\(forgot.stdout)")
            #expect(try Data(contentsOf: archive) == before)
        }
    }

    /// The kiosk's admin side: the child's row on Groups, Ctrl-F, Enter. The
    /// kiosk holds the data directory (as it does running) and forgets
    /// through the same work as the command: no file left holding Aino,
    /// archives and the daily backup unpacked; everyone else's points the
    /// same; and what the kiosk has in memory after it (flushed at its stop)
    /// brings nothing back.
    @Test func forgettingOnTheKioskLeavesTheChildInNoFile() throws {
        try withAino { root, data, aino in
            #expect(try Self.run(["backup", "--data-dir", data.path]).status == 0)
            let clock = FixedClock(TaskBoardProcess.date)
            let points = { try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: clock).points(.allTime) }
            let others = try points().filter { $0.key != aino }
            let scratch = root.appendingPathComponent("scratch")
            #expect(!traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch)).isEmpty, "the test would prove nothing")
            do {
                let store = try JSONFileStore(directory: data, holder: .kiosk)
                let daycare = try Daycare(store: store, clock: clock)
                try daycare.pin.reset(to: "4829", confirmation: "4829")
                let strings = try Strings(data: Data(contentsOf: KioskFixtureAssets.folder.appendingPathComponent("strings/en.json")))
                let runtime = KioskRuntime(daycare: daycare, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)),
                                           size: Size(width: 80, height: 24),
                                           forgetter: .onDataDirectory(store, clock: clock, timerArchives: false), checkSeed: 1)
                // An adult: to the Admin tab, the grown-up check's number, the PIN.
                for _ in 0..<3 where runtime.state.side != .child(.admin) { runtime.handle(.key(.tab)) }
                for c in "\(runtime.state.pin.check.number)\r4829\r" { runtime.handle(.key(c == "\r" ? .enter : .character(c))) }
                #expect(runtime.state.side == .admin(.mark))
                for key: Key in [.tab, .tab, .enter] { runtime.handle(.key(key)) }
                let children = runtime.daycare.roster.children(in: try #require(runtime.state.groups.open))
                for _ in 0..<(try #require(children.firstIndex { $0.id == aino })) { runtime.handle(.key(.down)) }
                runtime.handle(.key(.control("f")))
                let asked = runtime.render().textLines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                #expect(asked.contains("Aino (") && asked.contains("2 absences") && asked.contains("1 daily backup and 1 archive")
                        && asked.contains("recording of the name") && asked.contains("cannot be undone"), "\(asked)")
                runtime.handle(.key(.enter))
                #expect(runtime.state.notice == .forgotten(ForgetReport(child: "Aino")), "\(String(describing: runtime.state.notice))")
                runtime.daycare.flush()
            }
            #expect(traces(of: "Aino", aino, in: try everyFile(under: data, scratch: scratch)).isEmpty)
            #expect(try points() == others)
            #expect(try JSONFileStore(directory: data, readOnly: true).forgottenChildren() == ForgottenChildren([aino]), "nothing pending")
            let log = try String(contentsOf: data.appendingPathComponent("taskboard.log"), encoding: .utf8)
            #expect(log.contains("a child was forgotten") && !log.contains("Aino"), "\(log)")
            let check = try Self.run(["check", "--data-dir", data.path])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
    }

    /// A damaged archive in backups/ is passed over and said; the others are
    /// cleaned, the forgetting stays pending, and --finish ends it once the
    /// damaged one is gone.
    @Test func aDamagedArchiveIsSaidAndTheRestAreCleaned() throws {
        try withAino { root, data, aino in
            #expect(try Self.run(["backup", "--data-dir", data.path]).status == 0)
            let damaged = data.appendingPathComponent("backups/taskboard-backup-2026-11-01-000000.zip")
            try Data("not a zip".utf8).write(to: damaged)
            let forgot = try Self.run(["forget", "--child", "Aino", "--yes", "--data-dir", data.path])
            // Not finished, so not a success: a script sees it.
            #expect(forgot.status == 1, "\(forgot.stdout)\(forgot.stderr)")
            #expect(forgot.stderr == "taskboard: the forgetting is not finished: 1 archive still holds Aino (above).\n")
            #expect(forgot.stdout.contains("Could not clean \(damaged.path) ("), "\(forgot.stdout)")
            #expect(forgot.stdout.contains("1 archive (of 2)"), "\(forgot.stdout)")
            #expect(try JSONFileStore(directory: data, readOnly: true).forgottenChildren().pending == [aino], "still pending")
            let unfinished = try Self.run(["forget", "--finish", "--data-dir", data.path])
            #expect(unfinished.status == 1 && unfinished.stderr == "taskboard: the forgetting is not finished: 1 archive left (above).\n",
                    "\(unfinished.stdout)\(unfinished.stderr)")
            try FileManager.default.removeItem(at: damaged)
            let finished = try Self.run(["forget", "--finish", "--data-dir", data.path])
            #expect(finished.status == 0)
            #expect(finished.stdout.hasSuffix("nothing is left to forget.\n"), "\(finished.stdout)\(finished.stderr)")
            #expect(traces(of: "Aino", aino, in: try everyFile(under: data, scratch: root.appendingPathComponent("scratch"))).isEmpty)
        }
    }

    /// A running kiosk is stopped first; a database that cannot be reached changes nothing, and says so.
    @Test func aRunningKioskIsStoppedFirstAndADatabaseOutOfReachIsSaid() throws {
        try withAino { _, data, _ in
            let kiosk = try JSONFileStore(directory: data, holder: .kiosk)
            let refused = try Self.run(["forget", "--child", "Aino", "--yes", "--data-dir", data.path])
            #expect(refused.status == 1 && refused.stderr.contains("Stop the kiosk first"), "\(refused.stderr)")
            withExtendedLifetime(kiosk) {}
            let database = try Self.run(["forget", "--child", "Aino", "--yes", "--database", "postgres://taskboard@127.0.0.1:1/taskboard"])
            #expect(database.status == 1 && database.stderr.contains("cannot reach postgres://taskboard@127.0.0.1:1/taskboard"), "\(database.stderr)")
            let finish = try Self.run(["forget", "--finish", "--database", "postgres://taskboard@127.0.0.1:1/taskboard"])
            #expect(finish.status == 1 && finish.stderr.contains("--finish is for a data directory"), "\(finish.stderr)")
        }
    }
}

private extension Dictionary {
    func mapKeys(_ transform: (Key) -> Key) -> [Key: Value] { Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) }) }
}
