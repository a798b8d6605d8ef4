import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
@testable import TaskBoardTools

@Suite("taskboard check and --repair over data directories")
struct CheckTests {
    @Test func theDemoIsAllGood() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let report = try DataCheck(directory: data).run()
            #expect(report.problems == [])
            let files = try DirectorySnapshot.of(data).files.keys.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }
            #expect(report.filesChecked == files.count)
            #expect(report.verdict == "All good: \(files.count) files checked.")
        }
    }

    /// The demo with one of each kind of damage; returns the expected lines.
    static func damage(_ data: URL) throws -> (fixable: [String], unfixable: [String]) {
        try DataDamage.changeRoster(in: data) { roster in
            roster.children[0].groupID = GroupID(99)
            roster.children[1].board.append(TaskID(77))
        }
        let roster = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster())
        let (aino, eero) = (roster.children[0], roster.children[1])
        let bumped = try DataDamage.bumpSummary(in: data, child: eero.id)
        let journal = data.appendingPathComponent("marks/\(bumped.day.advanced(by: -3)).jsonl")
        let garbageLine = try DataDamage.lineCount(journal) + 1
        try DataDamage.append("garbage\n", to: journal)
        try DataFixture.setMode(data.appendingPathComponent("pin.json"), 0o644)
        let backupDay = try #require(try JSONFileStore(directory: data, readOnly: true).backupDays().last)
        let copy = data.appendingPathComponent("backups/\(backupDay)/roster.json")
        try Data(try Data(contentsOf: copy).prefix(50)).write(to: copy)
        try Data("half".utf8).write(to: data.appendingPathComponent("marks/.tmp-taskboard-x.jsonl-1"))
        let journalName = "marks/\(bumped.day.advanced(by: -3)).jsonl"
        return (
            fixable: [
                "roster.json: the board of child \(eero.id) (Eero) lists task t77, which does not exist",
                "pin.json: others may read it (mode 644); it must be 600",
                "marks/.tmp-taskboard-x.jsonl-1: a temp file left by an interrupted write (the next writer removes it)",
            ],
            unfixable: [
                "roster.json: child \(aino.id) (Aino) is in group g99, which does not exist",
                "summary.json: on \(bumped.day), child \(eero.id) (Eero) has \(bumped.points + 1) points, but marks/\(bumped.day).jsonl gives \(bumped.points)",
                "\(journalName), line \(garbageLine): is not valid JSON (unexpected character at column 1).",
                "backups/\(backupDay)/roster.json: ends too early — the file is truncated.",
            ])
    }

    /// The PIN file's mode in true words: a mode that shuts others out is
    /// not "others may read it"; a folder in its place is unreadable, and
    /// repair never changes a folder's mode as if that mended it.
    @Test func thePinFilesModeInTrueWords() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let pin = data.appendingPathComponent("pin.json")
            try DataFixture.setMode(pin, 0o400)
            #expect(try DataCheck(directory: data).run().problems.map(\.description) == ["pin.json: its mode is 400; it must be 600"])
            try FileManager.default.removeItem(at: pin)
            try FileManager.default.createDirectory(at: pin, withIntermediateDirectories: false)
            let lines = try DataCheck(directory: data).run().problems.map(\.description)
            #expect(lines.count == 1 && lines[0].hasPrefix("pin.json: ") && !lines[0].contains("mode"), "\(lines)")
        }
    }

    @Test func everyProblemIsListedWithItsFile() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let expected = try Self.damage(data)
            let report = try DataCheck(directory: data).run()
            let lines = report.problems.map(\.description)
            #expect(lines == [expected.unfixable[0], expected.fixable[0], expected.fixable[1], expected.unfixable[1],
                              expected.unfixable[2], expected.unfixable[3]])
            // A temp file is a note, not a problem: the next writer removes it.
            #expect(report.notes.map(\.description) == [expected.fixable[2]])
            #expect(report.verdict == "6 problems found.")
            // The summary cannot be rebuilt while one of its journals cannot be read.
            let summary = try #require(report.problems.first { $0.file == "summary.json" })
            #expect(summary.fix == .manual("cannot repair while \(expected.unfixable[2].prefix { $0 != "," }) cannot be read"))
        }
    }

    @Test func repairFixesWhatNeedsNoGuessingAfterABackup() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let expected = try Self.damage(data)
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let outcome = try DataRepair.run(directory: data, now: DataFixture.now)

            #expect(outcome.fixed.map(\.description) == expected.fixable)
            #expect(outcome.remaining.problems.map(\.description).sorted() == expected.unfixable.sorted())
            #expect(try DataCheck(directory: data).run().problems == outcome.remaining.problems)
            #expect(try DataFixture.mode(of: data.appendingPathComponent("pin.json")) == 0o600)

            // The archive made first holds the data as it was, damage and all (not the temp file).
            let backup = try #require(outcome.backup)
            #expect(backup == data.path + "/backups/before-repair-\(TimeStamp.dashed(DataFixture.now)).zip")
            let copy = root.appendingPathComponent("copy")
            let opened = try BackupArchive(path: backup)
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try opened.extract(into: copy.path)
            var original = before
            original.files = original.files.filter { !$0.key.contains(".tmp-taskboard-") }
            original.modes = original.modes.filter { !$0.key.contains(".tmp-taskboard-") }
            #expect(try DirectorySnapshot.of(copy) == original)

            // A second repair finds nothing to fix and makes no second archive.
            let again = try DataRepair.run(directory: data, now: DataFixture.now.addingTimeInterval(60))
            #expect(again.backup == nil && again.fixed.isEmpty)
        }
    }

    @Test func aSummaryOffByOneIsRebuiltFromTheJournals() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let eero = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster()?.children[1])
            let bumped = try DataDamage.bumpSummary(in: data, child: eero.id)
            let report = try DataCheck(directory: data).run()
            #expect(report.problems.map(\.description) == [
                "summary.json: on \(bumped.day), child \(eero.id) (Eero) has \(bumped.points + 1) points, but marks/\(bumped.day).jsonl gives \(bumped.points)",
            ])
            let outcome = try DataRepair.run(directory: data, now: DataFixture.now)
            #expect(outcome.fixed == report.problems)
            #expect(outcome.remaining.problems.isEmpty)
            let daycare = try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: FixedClock(DataFixture.now))
            #expect(try daycare.weekStrip(of: eero.id).first { $0.day == bumped.day }?.points == bumped.points)
        }
    }

    /// The summary is a cache of the journals: one cut short is made again
    /// from them by --repair (it was "restore a backup", and every command
    /// stopped on it); while a journal cannot be read, it is left alone.
    @Test func anUnreadableSummaryIsMadeAgainFromTheJournals() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let clock = FixedClock(DataFixture.now)
            let eero = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster()?.children[1])
            let points = try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: clock).points(.allTime)[eero.id]
            let summary = data.appendingPathComponent("summary.json")
            try DataDamage.cutInHalf(summary)
            let report = try DataCheck(directory: data).run()
            #expect(report.problems.map(\.description) == ["summary.json: ends too early — the file is truncated."])
            #expect(report.problems.allSatisfy { $0.isRepairable })
            let outcome = try DataRepair.run(directory: data, now: DataFixture.now)
            #expect(outcome.fixed == report.problems)
            #expect(outcome.remaining.problems.isEmpty)
            #expect(try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: clock).points(.allTime)[eero.id] == points)

            try DataDamage.cutInHalf(summary)
            let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("marks").path).sorted().first)
            try DataDamage.append("garbage\n", to: data.appendingPathComponent("marks/\(journal)"))
            let stuck = try DataCheck(directory: data).run().problems.first { $0.file == "summary.json" }
            #expect(stuck?.isRepairable == false, "\(String(describing: stuck))")
        }
    }

    @Test func pointsBeforeTheWindowAreComparedWithTheOlderJournals() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            // Sixty days on, the demo's history has left the summary's window.
            let later = DataFixture.now.addingTimeInterval(60 * 86_400)
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(later)).flush()
            #expect(try DataCheck(directory: data).run().problems == [])
            let url = data.appendingPathComponent("summary.json")
            var text = try String(contentsOf: url, encoding: .utf8)
            let range = try #require(text.range(of: #""pointsBefore":\d+"#, options: .regularExpression))
            let number = try #require(Int(text[range].dropFirst("\"pointsBefore\":".count)))
            text.replaceSubrange(range, with: "\"pointsBefore\":\(number + 2)")
            try Data(text.utf8).write(to: url)
            let problems = try DataCheck(directory: data).run().problems.map(\.description)
            #expect(problems.count == 1)
            #expect(problems.first?.hasSuffix("has \(number + 2) points from before \(DayCalendar(timeZone: .current).day(of: later).advanced(by: -41)), but the journals give \(number)") == true)
        }
    }

    @Test func anUnreadableRosterIsNeverTouched() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let roster = data.appendingPathComponent("roster.json")
            try Data(try Data(contentsOf: roster).prefix(200)).write(to: roster)
            let before = try DirectorySnapshot.of(data)
            let outcome = try DataRepair.run(directory: data, now: DataFixture.now)
            #expect(outcome.backup == nil)
            #expect(outcome.remaining.problems.map(\.description) == ["roster.json: ends too early — the file is truncated."])
            #expect(outcome.remaining.problems.first?.fix == .manual("cannot repair: restore a backup with taskboard restore"))
            #expect(try DirectorySnapshot.of(data) == before)
        }
    }

    @Test func repairRefusesWhileAKioskHoldsTheLock() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            try DataFixture.setMode(data.appendingPathComponent("pin.json"), 0o644)
            let kiosk = try JSONFileStore(directory: data)
            let error = try #require(throws: StorageError.self) { try DataRepair.run(directory: data, now: DataFixture.now) }
            #expect(error.problem == .locked(pid: getpid(), byKiosk: false))
            #expect(try DataFixture.mode(of: data.appendingPathComponent("pin.json")) == 0o644)
            withExtendedLifetime(kiosk) {}
        }
    }

    /// Issue 25: a picture shared by children is a note naming them all,
    /// with the catalogue's name for it; "🐿" and "🐿️" are one picture.
    @Test func childrenWhoShareAPictureAreOneNoteAPicture() throws {
        var roster = Roster()
        let oravat = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        let karhut = try roster.addGroup(name: "Karhut", avatar: "🐻")
        for (name, avatar, group) in [("Eetu", "🦄", oravat), ("Aino", "🐿️", oravat), ("Elsa", "🦄", karhut), ("Onni", "🐼", karhut),
                                      ("Lumi", "🐿", karhut)] {
            try roster.addChild(name: name, avatar: avatar, group: group)
        }
        let avatars = [AvatarCatalogue.Avatar(symbol: "🦄", ascii: "Un", name: ["en": "Unicorn", "fi": "Yksisarvinen"])]
        #expect(RosterCheck(roster: roster, avatars: avatars).notes().map(\.description) == [
            "roster.json: Eetu (Oravat) and Elsa (Karhut) share the avatar 🦄 Unicorn; a child finds their row by it (change one on the Groups tab)",
            "roster.json: Aino (Oravat) and Lumi (Karhut) share the avatar 🐿️; a child finds their row by it (change one on the Groups tab)",
        ])
        // Nothing is wrong: no problem, and nothing for --repair.
        #expect(RosterCheck(roster: roster).problems() == [])
        #expect(RosterCheck(roster: roster).notes().allSatisfy { !$0.isRepairable })
    }

    @Test func theDemoWithSharedPicturesIsStillAllGood() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            #expect(try DataCheck(directory: data).run().notes == [])
            try DataDamage.changeRoster(in: data) { roster in roster.children[1].avatar = roster.children[0].avatar }
            let report = try DataCheck(directory: data).run()
            #expect(report.problems == [])
            #expect(report.notes.map(\.description) == [
                "roster.json: Aino (Squirrels) and Eero (Squirrels) share the avatar 🦊; a child finds their row by it (change one on the Groups tab)",
            ])
            #expect(report.verdict.hasPrefix("All good"))
            // A store that is not a data directory (a database) says the same of its roster.
            let store = try JSONFileStore(directory: data, readOnly: true)
            let avatars = [AvatarCatalogue.Avatar(symbol: "🦊", ascii: "Fx", name: ["en": "Fox", "fi": "Kettu"])]
            let stored = StoreCheck.run(store, today: Settings().dayCalendar.day(of: DataFixture.now), avatars: avatars)
            #expect(stored.problems == [])
            #expect(stored.notes.map(\.description) == [
                "roster: Aino (Squirrels) and Eero (Squirrels) share the avatar 🦊 Fox; a child finds their row by it (change one on the Groups tab)",
            ])
        }
    }

    @Test func rosterInvariants() throws {
        var roster = Roster()
        let group = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        let child = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
        let task = try roster.addTask(name: "Brush teeth")
        try roster.addToBoard(task, child: child)
        #expect(RosterCheck(roster: roster).problems() == [])

        roster.children[0].board.append(task)
        roster.children.append(Child(id: ChildID(3), name: "aino ", avatar: "🐰", groupID: group))
        roster.children.append(Child(id: ChildID(5), name: "AINO", avatar: "🐰", groupID: group))
        roster.tasks.append(LibraryTask(id: TaskID(9), name: "", points: 11))
        roster.groups.append(Group(id: GroupID(6), name: "OravaT", avatar: "🐿️"))
        let lines = RosterCheck(roster: roster).problems().map(\.description)
        #expect(lines == [
            "roster.json: id 3 is used more than once: child c3 (aino ), task t3 (Brush teeth)",
            "roster.json: nextID is 4, but id 9 is in use already",
            "roster.json: there is more than one group called Oravat",
            "roster.json: the board of child c2 (Aino) lists task t3 (Brush teeth) more than once",
            "roster.json: child c3 (aino ) has spaces around its name",
            "roster.json: group g1 (Oravat) has more than one child called Aino",
            "roster.json: task t9 () has a name the rules refuse: The task name cannot be empty.",
            "roster.json: task t9 () is worth 11 points; a task is worth 1 to 10",
        ])
        let repaired = RosterRepair.repaired(roster)
        #expect(repaired.children[0].board == [task])
        #expect(repaired.nextID == 10)
    }
}
