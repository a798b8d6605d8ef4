import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// taskboard backup, restore and check over fixture data directories: the
/// demo after a kiosk's first start, damaged in known ways.
@Suite("taskboard backup, restore and check")
struct BackupRestoreCheckTests {
    static let now = ISO8601DateFormatter().date(from: TaskBoardProcess.now) ?? Date()

    /// The demo after a kiosk's first start (its summary and today's backup written).
    func withStartedDemo(_ body: (URL, URL) throws -> Void) throws {
        try withDemoDaycare { data in
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(Self.now)).flush()
            try body(data.deletingLastPathComponent(), data)
        }
    }

    func jsonFileCount(_ data: URL) throws -> Int {
        try DirectorySnapshot.of(data).files.keys.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.count
    }

    /// Issue 41: without a file, the archive goes into the data directory's
    /// backups folder (not wherever the shell happens to be), the output says
    /// where, and the next archive does not nest it.
    @Test func backupWithoutAFileWritesIntoTheBackupsFolder() throws {
        try withStartedDemo { root, data in
            let first = try TaskBoardProcess.run(["backup", "--data-dir", data.path])
            #expect(first.status == 0, "\(first.stderr)")
            let expected = data.path + "/backups/taskboard-backup-2026-11-22-103000.zip"
            #expect(first.stdout.hasSuffix(" to \(expected).\n"), "\(first.stdout)")
            #expect(FileManager.default.fileExists(atPath: expected))
            let second = try TaskBoardProcess.run(["backup", root.appendingPathComponent("later.zip").path, "--data-dir", data.path])
            #expect(second.status == 0)
            let count = { (output: String) in output.split(separator: "(").last?.split(separator: " ").first.map(String.init) }
            #expect(count(first.stdout) == count(second.stdout), "the first archive is not in the second: \(first.stdout) \(second.stdout)")
            // A restore of it gives the data back without the archive in it.
            let copy = root.appendingPathComponent("copy")
            #expect(try TaskBoardProcess.run(["restore", expected, "--data-dir", copy.path]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: copy.path + "/backups/taskboard-backup-2026-11-22-103000.zip"))
        }
    }

    @Test func backupThenRestoreGivesTheSameFilesAndTheSameLeaderboard() throws {
        try withStartedDemo { root, data in
            let archive = root.appendingPathComponent("b.zip")
            let original = try DirectorySnapshot.of(data, skippingLock: true)
            let backup = try TaskBoardProcess.run(["backup", archive.path, "--data-dir", data.path])
            #expect(backup.stderr == "")
            #expect(backup.status == 0)
            #expect(backup.stdout == "Backed up \(data.path) (\(original.files.count) files) to \(archive.path).\n")

            let copy = root.appendingPathComponent("copy")
            let fresh = try TaskBoardProcess.run(["restore", archive.path, "--data-dir", copy.path])
            #expect(fresh.status == 0)
            #expect(fresh.stdout == "Restored \(copy.path) from \(archive.path) (\(original.files.count) files, made \(TaskBoardProcess.now)).\n")
            #expect(try DirectorySnapshot.of(copy) == original)

            let scores = try TaskBoardProcess.run(["--data-dir", data.path, "--summary"]).stdout
            try DataDamage.changeRoster(in: data) { $0.children.removeAll { $0.name == "Hilla" || $0.name == "Väinö" } }
            let changed = try DirectorySnapshot.of(data, skippingLock: true)

            let over = try TaskBoardProcess.run(["restore", archive.path, "--data-dir", data.path])
            let aside = data.path + ".before-restore-2026-11-22-103000"
            #expect(over.status == 0)
            #expect(over.stdout == """
                Restored \(data.path) from \(archive.path) (\(original.files.count) files, made \(TaskBoardProcess.now)).
                The data it replaced is in \(aside).

                """)
            #expect(try DirectorySnapshot.of(URL(fileURLWithPath: aside), skippingLock: true) == changed)
            #expect(try TaskBoardProcess.run(["--data-dir", data.path, "--summary"]).stdout == scores)
            #expect(scores.contains("12 children"))

            let again = try TaskBoardProcess.run(["backup", archive.path, "--data-dir", data.path])
            #expect(again.status == 1)
            #expect(again.stderr == "taskboard: \(archive.path) exists already; give another file name (a backup never overwrites a file)\n")
        }
    }

    @Test(arguments: ["truncated", "foreign"])
    func aTruncatedOrForeignArchiveIsRefusedAndNothingChanges(kind: String) throws {
        try withStartedDemo { root, data in
            let archive = root.appendingPathComponent("b.zip")
            #expect(try TaskBoardProcess.run(["backup", archive.path, "--data-dir", data.path]).status == 0)
            if kind == "truncated" {
                let bytes = try Data(contentsOf: archive)
                try bytes.prefix(bytes.count / 2).write(to: archive)
            } else {
                // An empty zip: a valid archive, not a taskboard backup.
                try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: archive)
            }
            let before = try DirectorySnapshot.of(root)
            let result = try TaskBoardProcess.run(["restore", archive.path, "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == (kind == "truncated"
                ? "taskboard: \(archive.path) is damaged or truncated: it is not a complete zip archive; nothing was changed\n"
                : "taskboard: \(archive.path) is not a taskboard backup (it has no taskboard-backup.json); nothing was changed\n"))
            #expect(try DirectorySnapshot.of(root) == before)
        }
    }

    @Test func restoreRefusesWhileAKioskHoldsTheDataDirectory() throws {
        try withStartedDemo { root, data in
            let archive = root.appendingPathComponent("b.zip")
            #expect(try TaskBoardProcess.run(["backup", archive.path, "--data-dir", data.path]).status == 0)
            let kiosk = try JSONFileStore(directory: data, holder: .kiosk)
            let before = try DirectorySnapshot.of(root)
            let result = try TaskBoardProcess.run(["restore", archive.path, "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stderr == heldByKioskRefusal(data))
            #expect(try DirectorySnapshot.of(root) == before)
            // A backup still works beside it, and says so.
            let backup = try TaskBoardProcess.run(["backup", root.appendingPathComponent("c.zip").path, "--data-dir", data.path])
            #expect(backup.status == 0)
            #expect(backup.stdout.hasPrefix("A kiosk is using the data directory; each file was read whole as it was.\n"))
            withExtendedLifetime(kiosk) {}
        }
    }

    /// Issue 26: another command (not a kiosk) holding the directory is waited for, then named as such.
    @Test func restoreRefusesWhileAnotherCommandHoldsTheDataDirectory() throws {
        try withStartedDemo { root, data in
            let archive = root.appendingPathComponent("b.zip")
            #expect(try TaskBoardProcess.run(["backup", archive.path, "--data-dir", data.path]).status == 0)
            let command = try JSONFileStore(directory: data, holder: .command)
            let before = try DirectorySnapshot.of(root)
            let result = try TaskBoardProcess.run(["restore", archive.path, "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stderr == "taskboard: Another taskboard is already using \(data.path) (pid \(getpid())): a command that has not finished. "
                + "Nothing was changed. Try again in a moment.\n")
            #expect(try DirectorySnapshot.of(root) == before)
            withExtendedLifetime(command) {}
        }
    }

    @Test func checkOnTheDemoSaysAllGood() throws {
        try withStartedDemo { _, data in
            let result = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(result.stdout == "All good: \(try jsonFileCount(data)) files checked.\n")
        }
    }

    /// Issue 9, finding 10: after a power cut, a temp file left behind is a
    /// note; `check` still succeeds, so a script does not report a problem.
    @Test func finding10_aLeftoverTempFileIsANoteNotAFailure() throws {
        try withStartedDemo { _, data in
            try Data("half".utf8).write(to: data.appendingPathComponent(".tmp-taskboard-roster.json-k3"))
            let result = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout == """
                Note: .tmp-taskboard-roster.json-k3: a temp file left by an interrupted write (the next writer removes it)
                All good: \(try jsonFileCount(data)) files checked.

                """)
        }
    }

    /// Issue 38: a journal whose last line was cut short is named by check
    /// (a note: a power cut leaves one), and the tick that drops it says so.
    @Test func aTornLastLineIsNamedByCheckAndDroppedInWords() throws {
        try withStartedDemo { _, data in
            let journal = data.appendingPathComponent("marks/2026-11-22.jsonl")
            let handle = try FileHandle(forWritingTo: journal)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{\"c\":3,\"t\":5,\"on\":tr".utf8))
            try handle.close()
            let result = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Note: marks/2026-11-22.jsonl: an interrupted write at its end (20 bytes, not a whole line) "
                                           + "will be dropped by the next tick; a tick whose write was interrupted was never reported saved\n"), "\(result.stdout)")
            let mark = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Brush teeth"])
            #expect(mark.status == 0, "\(mark.stderr)")
            #expect(mark.stderr == "taskboard: note: marks/2026-11-22.jsonl ended in an interrupted write (20 bytes, not a whole line), "
                    + "dropped before this tick; a tick whose write was interrupted was never reported saved.\n")
            let after = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(!after.stdout.contains("interrupted write"), "\(after.stdout)")
        }
    }

    /// Issue 38: ticks saved after summary.json recorded today's length
    /// cannot be vouched for (a cut among them would not show); check says so.
    @Test func ticksSinceTheSummaryAreSaidToBeBeyondWhatCheckCanVouchFor() throws {
        try withStartedDemo { _, data in
            #expect(try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Brush teeth"]).status == 0)
            let result = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Note: marks/2026-11-22.jsonl: 1 tick saved since summary.json last recorded its length "
                                           + "(at midnight, or when the kiosk stops): check cannot tell whether any saved after it were lost\n"), "\(result.stdout)")
        }
    }

    /// Issue 38: a tick made while the clock was a day ahead lands in
    /// tomorrow's journal. check says what happened; --repair keeps it aside,
    /// losing nothing, and gives the commands that count it on its day.
    @Test func aJournalFromAClockThatWasAheadIsKeptAsideWithTheWayBack() throws {
        try withStartedDemo { _, data in
            let ahead = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Brush teeth"],
                                                 environment: ["TASKBOARD_NOW": "2026-11-23T08:30:00Z"])
            #expect(ahead.stdout == "Aino: Brush teeth done on 2026-11-23, +1.\n", "\(ahead.stderr)")
            let journal = try Data(contentsOf: data.appendingPathComponent("marks/2026-11-23.jsonl"))
            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.status == 1)
            #expect(check.stdout.contains("marks/2026-11-23.jsonl: it is dated after today (2026-11-22): its 1 tick was saved while the clock was ahead "
                                          + "(or it came from elsewhere); no board shows it, and on 2026-11-23 it would count as that day's\n"),
                    "\(check.stdout)")

            let repair = try TaskBoardProcess.run(["check", "--repair", "--data-dir", data.path])
            #expect(repair.status == 0, "\(repair.stdout) \(repair.stderr)")
            #expect(repair.stdout.contains("Kept aside: marks-aside/2026-11-23.jsonl (dated 2026-11-23). To count its ticks on the day they were made "
                                           + "(2026-11-22, if the clock was put right today), run:\n"
                                           + "  taskboard mark --data-dir '\(data.path)' --child 'Aino' --group 'Squirrels' --task 'Brush teeth' --day 2026-11-22\n"),
                    "\(repair.stdout)")
            #expect(try Data(contentsOf: data.appendingPathComponent("marks-aside/2026-11-23.jsonl")) == journal, "kept byte for byte")
            #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("marks/2026-11-23.jsonl").path))
            let after = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(after.status == 0, "\(after.stdout) \(after.stderr)")
        }
    }

    /// Issue 25: children who share a picture are a note, one line a
    /// picture naming them all; `check` still succeeds.
    @Test func childrenWhoShareAnAvatarAreANoteNotAFailure() throws {
        try withStartedDemo { _, data in
            try DataDamage.changeRoster(in: data) { roster in
                for index in roster.children.indices where ["Ville", "Onni"].contains(roster.children[index].name) {
                    roster.children[index].avatar = "🦄"
                }
            }
            let result = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout == """
                Note: roster.json: Ville (Bears), Onni (Bears) and Elsa (Hedgehogs) share the avatar 🦄 Unicorn; \
                a child finds their row by it (change one on the Groups tab)
                All good: \(try jsonFileCount(data)) files checked.

                """)
        }
    }

    /// Adds one to a child's points on the last day the summary has any for them.
    @Test func checkListsEveryProblemAndRepairFixesWhatNeedsNoGuessing() throws {
        try withStartedDemo { _, data in
            let roster = try DataDamage.changeRoster(in: data) { roster in
                roster.children[0].groupID = GroupID(99)
                roster.children[1].board.append(TaskID(77))
            }
            let (aino, eero) = (roster.children[0].id, roster.children[1].id)
            let bumped = try DataDamage.bumpSummary(in: data, child: eero)
            let journal = "marks/\(bumped.day.advanced(by: -2)).jsonl"
            let handle = try FileHandle(forWritingTo: data.appendingPathComponent(journal))
            let garbageLine = try Data(contentsOf: data.appendingPathComponent(journal)).filter { $0 == 10 }.count + 1
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{\"c\":garbage\n".utf8))
            try handle.close()
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: data.appendingPathComponent("pin.json").path)
            let copy = data.appendingPathComponent("backups/2026-11-22/roster.json")
            try Data(try Data(contentsOf: copy).prefix(40)).write(to: copy)
            try Data("half".utf8).write(to: data.appendingPathComponent(".tmp-taskboard-roster.json-k3"))

            let childInNoGroup = "roster.json: child \(aino) (Aino) is in group g99, which does not exist"
            let boardEntry = "roster.json: the board of child \(eero) (Eero) lists task t77, which does not exist"
            let pin = "pin.json: others may read it (mode 644); it must be 600"
            let summary = "summary.json: on \(bumped.day), child \(eero) (Eero) has \(bumped.points + 1) points, but marks/\(bumped.day).jsonl gives \(bumped.points)"
            let garbage = "\(journal), line \(garbageLine): is not valid JSON (unexpected character at column 6)."
            let truncated = "backups/2026-11-22/roster.json: ends too early — the file is truncated."
            let temp = ".tmp-taskboard-roster.json-k3: a temp file left by an interrupted write (the next writer removes it)"

            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.status == 1)
            #expect(check.stderr == "taskboard: 6 problems found.\n")
            #expect(check.stdout == """
                \(childInNoGroup)
                \(boardEntry)
                \(pin)
                \(summary)
                \(garbage)
                \(truncated)
                Note: \(temp)

                """)

            let repair = try TaskBoardProcess.run(["check", "--repair", "--data-dir", data.path])
            let archive = data.path + "/backups/before-repair-2026-11-22-103000.zip"
            #expect(repair.status == 1)
            #expect(repair.stdout == """
                Backed up the data directory to \(archive) first.
                Fixed: \(boardEntry)
                Fixed: \(pin)
                Fixed: \(temp)
                Not fixed: \(childInNoGroup) (cannot repair without guessing: correct it in the kiosk or restore a backup with taskboard restore)
                Not fixed: \(summary) (cannot repair while \(journal) cannot be read)
                Not fixed: \(garbage) (cannot repair: restore a backup with taskboard restore)
                Not fixed: \(truncated) (cannot repair: delete the folder backups/2026-11-22 if you do not need that copy)

                """)
            #expect(repair.stderr == "taskboard: 3 fixed, 4 left. Only the repairs above were tried; the data directory as it was before them is in \(archive).\n")
            #expect(FileManager.default.fileExists(atPath: archive))

            let after = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(after.status == 1)
            #expect(after.stdout == "\(childInNoGroup)\n\(summary)\n\(garbage)\n\(truncated)\n")
            #expect(after.stderr == "taskboard: 4 problems found.\n")
        }
    }

    @Test func aSummaryOffByOneIsRebuiltAndThenAllIsGood() throws {
        try withStartedDemo { _, data in
            let eero = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster()?.children[1].id)
            let bumped = try DataDamage.bumpSummary(in: data, child: eero)
            let problem = "summary.json: on \(bumped.day), child \(eero) (Eero) has \(bumped.points + 1) points, but marks/\(bumped.day).jsonl gives \(bumped.points)"
            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.stdout == "\(problem)\n")
            #expect(check.stderr == "taskboard: 1 problem found.\n")
            let repair = try TaskBoardProcess.run(["check", "--repair", "--data-dir", data.path])
            #expect(repair.status == 0)
            #expect(repair.stdout == """
                Backed up the data directory to \(data.path)/backups/before-repair-2026-11-22-103000.zip first.
                Fixed: \(problem)
                1 fixed, 0 left.

                """)
            let after = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(after.status == 0)
            #expect(after.stdout == "All good: \(try jsonFileCount(data)) files checked.\n")
        }
    }

    @Test func aTruncatedRosterIsReportedAndNeverRepaired() throws {
        try withStartedDemo { _, data in
            let roster = data.appendingPathComponent("roster.json")
            try Data(try Data(contentsOf: roster).prefix(300)).write(to: roster)
            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.status == 1)
            #expect(check.stdout == "roster.json: ends too early — the file is truncated.\n")
            #expect(check.stderr == "taskboard: 1 problem found.\n")
            let before = try DirectorySnapshot.of(data)
            let repair = try TaskBoardProcess.run(["check", "--repair", "--data-dir", data.path])
            #expect(repair.status == 1)
            #expect(repair.stdout == """
                Not fixed: roster.json: ends too early — the file is truncated. (cannot repair: restore a backup with taskboard restore)

                """)
            #expect(repair.stderr == "taskboard: Nothing can be repaired without guessing; nothing was changed. 1 problem found.\n")
            #expect(try DirectorySnapshot.of(data) == before)
        }
    }

    @Test func aMissingDataDirectoryIsOneLine() throws {
        try withTemporaryDirectory { root in
            let missing = root.appendingPathComponent("none")
            for arguments in [["check"], ["check", "--repair"], ["backup", root.appendingPathComponent("x.zip").path]] {
                let result = try TaskBoardProcess.run(arguments + ["--data-dir", missing.path])
                #expect(result.status == 1)
                #expect(result.stderr.hasPrefix("taskboard: no data directory at \(missing.path)"), "\(arguments)")
                #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            }
            #expect(!FileManager.default.fileExists(atPath: missing.path))
        }
    }

    /// A folder of other things (a mistyped --data-dir) is no daycare: every
    /// command says so and writes nothing into it; check does not call it good.
    @Test func aFolderOfOtherThingsIsNoDaycareAndNothingIsWrittenThere() throws {
        try withTemporaryDirectory { root in
            let other = root.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
            try Data("notes\n".utf8).write(to: other.appendingPathComponent("README.txt"))
            let before = try DirectorySnapshot.of(other)
            for arguments in [["check"], ["check", "--repair"], ["backup"], ["print", "leaderboard"], ["export"],
                              ["mark", "--child", "Aino", "--task", "Brush teeth"], ["away", "--child", "Aino"], ["forget", "--child", "Aino", "--yes"]] {
                let result = try TaskBoardProcess.run(arguments + ["--data-dir", other.path])
                #expect(result.status == 1, "\(arguments): \(result.stdout)")
                #expect(result.stderr == "taskboard: \(other.path) is not a taskboard data directory (it has no roster.json, settings.json or marks folder): "
                        + "give --data-dir with the daycare's folder\n", "\(arguments): \(result.stderr)")
            }
            #expect(try DirectorySnapshot.of(other) == before)
            // import makes a daycare there: a new folder with its CSV in it is where one starts.
            let csv = other.appendingPathComponent("roster.csv")
            try Data("group,child\nBears,Aino\n".utf8).write(to: csv)
            let imported = try TaskBoardProcess.run(["import", csv.path, "--data-dir", other.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(try TaskBoardProcess.run(["check", "--data-dir", other.path]).status == 0)
        }
    }

    /// copy names its own option for a missing source, and a URL of another
    /// kind is refused, not taken for a folder to create ("mysql:/x@y/z").
    @Test func copyNamesItsOptionsAndRefusesAnotherKindOfURL() throws {
        try withTemporaryDirectory { root in
            let missing = root.appendingPathComponent("none")
            let from = try TaskBoardProcess.run(["copy", "--from", missing.path, "--to", root.appendingPathComponent("to").path])
            #expect(from.status == 1)
            #expect(from.stderr == "taskboard: no data directory at \(missing.path) (give --from, or start the kiosk once)\n")
            try withDemoDaycare { data in
                // Relative, as typed: before, it became ./mysql:/x@y/z here.
                defer { try? FileManager.default.removeItem(atPath: "mysql:") }
                let other = try TaskBoardProcess.run(["copy", "--from", data.path, "--to", "mysql://x@y/z"])
                #expect(other.status == 1)
                #expect(!FileManager.default.fileExists(atPath: "mysql:"))
                // Its password is never said.
                let secret = try TaskBoardProcess.run(["copy", "--from", data.path, "--to", "mysql://x:hunter2@y/z"])
                #expect(secret.status == 1 && secret.stderr == "taskboard: mysql://x@y/z is not a postgres:// URL, and not a folder's path either\n",
                        "\(secret.stderr)")
                #expect(other.stderr == "taskboard: mysql://x@y/z is not a postgres:// URL, and not a folder's path either\n")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        }
    }
}
