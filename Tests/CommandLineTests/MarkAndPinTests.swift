import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
import TaskBoardTools

@Suite("taskboard mark and reset-pin")
struct MarkAndPinTests {
    @Test func aTickIsSavedAndReportedAndATickTwiceChangesNothing() throws {
        try withDemoDaycare { data in
            // The demo has ticks of today already (in other groups).
            let journalURL = data.appendingPathComponent("marks/2026-11-22.jsonl")
            let linesBefore = try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").count
            let tick = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "eero", "--task", "brush teeth"])
            #expect(tick.stderr == "")
            #expect(tick.status == 0)
            #expect(tick.stdout == "Eero: Brush teeth done on 2026-11-22, +1.\n")
            let again = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            #expect(again.status == 0)
            #expect(again.stdout == "Eero: Brush teeth was already done on 2026-11-22; nothing changed.\n")
            let journal = try String(contentsOf: data.appendingPathComponent("marks/2026-11-22.jsonl"), encoding: .utf8)
            #expect(journal.split(separator: "\n").count == linesBefore + 1, "one tick more")

            let undo = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth", "--undo"])
            #expect(undo.stdout == "Eero: Brush teeth not done on 2026-11-22, -1.\n")
            let store = try JSONFileStore(directory: data, readOnly: true)
            let daycare = try Daycare(store: store, clock: FixedClock(try #require(ISO8601DateFormatter().date(from: TaskBoardProcess.now))))
            let eero = try #require(daycare.roster.children.first { $0.name == "Eero" })
            #expect(daycare.points(.today)[eero.id, default: 0] == 0)
        }
    }

    @Test func finishingABoardIsCelebrated() throws {
        try withDemoDaycare { data in
            // Aino's board in the demo: Get dressed, Brush teeth, Tidy the toys, Wash hands.
            var last = ""
            for task in ["Get dressed", "Brush teeth", "Tidy the toys", "Wash hands"] {
                last = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", task]).stdout
            }
            #expect(last == "Aino: Wash hands done on 2026-11-22, +1. The whole board is done!\n")
        }
    }

    @Test func anEarlierDayButNeverALaterOne() throws {
        try withDemoDaycare { data in
            let today = try Data(contentsOf: data.appendingPathComponent("marks/2026-11-22.jsonl"))
            let base = ["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Eat lunch"]
            let yesterday = try TaskBoardProcess.run(base + ["--day", "yesterday"])
            #expect(yesterday.status == 0)
            #expect(yesterday.stdout.hasPrefix("Eero: Eat lunch "))
            #expect(yesterday.stdout.contains("on 2026-11-21"))
            let tomorrow = try TaskBoardProcess.run(base + ["--day", "2026-11-23"])
            #expect(tomorrow.status == 1)
            #expect(tomorrow.stderr == "taskboard: 2026-11-23 has not come yet; only today and earlier days can be set.\n")
            let nonsense = try TaskBoardProcess.run(base + ["--day", "22.11.2026"])
            #expect(nonsense.stderr == "taskboard: \"22.11.2026\" is not a day: write YYYY-MM-DD, today or yesterday\n")
            #expect(try Data(contentsOf: data.appendingPathComponent("marks/2026-11-22.jsonl")) == today)
        }
    }

    @Test func refusalsAreOneLineAndWriteNothing() throws {
        try withDemoDaycare { data in
            let today = try Data(contentsOf: data.appendingPathComponent("marks/2026-11-22.jsonl"))
            let notOnBoard = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Eat lunch"])
            #expect(notOnBoard.status == 1)
            #expect(notOnBoard.stdout == "")
            #expect(notOnBoard.stderr == "taskboard: Eat lunch is not on Aino's board.\n")
            let unknown = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Pekka", "--task", "Eat lunch", "--group", "Squirrels"])
            #expect(unknown.stderr == "taskboard: no child called \"Pekka\" in Squirrels (known: Aino, Eero, Väinö, Ällä Öhman)\n")
            #expect(try Data(contentsOf: data.appendingPathComponent("marks/2026-11-22.jsonl")) == today)
            // The kiosk's rules hold here too: the board of that day (Onni goes outside on Tuesdays and
            // Thursdays only) and a child who is there (Eero was away on Friday the 6th).
            let before = try DataFingerprint.of(data)
            let friday = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Onni", "--task", "Go outside", "--day", "2026-11-20"])
            #expect(friday.status == 1 && friday.stderr == "taskboard: Go outside is not on Onni's board.\n", "\(friday.stderr)")
            let away = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Eat lunch", "--day", "2026-11-06"])
            #expect(away.status == 1 && away.stderr == "taskboard: Eero is away that day: mark them here first.\n", "\(away.stderr)")
            #expect(try DataFingerprint.of(data) == before)
            // On a Thursday it is on his board.
            let thursday = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Onni", "--task", "Go outside", "--day", "2026-11-19"])
            #expect(thursday.status == 0, "\(thursday.stderr)")
        }
    }

    @Test func aNameInTwoGroupsNeedsTheGroup() throws {
        try withDemoDaycare { data in
            try addChild("Aino", toGroup: "Bears", board: ["Eat lunch"], in: data)
            let ambiguous = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Eat lunch"])
            #expect(ambiguous.status == 1)
            #expect(ambiguous.stderr == "taskboard: there is a child called \"Aino\" in more than one group; add --group with one of: Squirrels, Bears\n")
            let resolved = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--group", "bears", "--task", "Eat lunch"])
            #expect(resolved.status == 0)
            // Her board in Bears has this one task.
            #expect(resolved.stdout == "Aino: Eat lunch done on 2026-11-22, +1. The whole board is done!\n")
        }
    }

    /// Issue 26: every command that takes a child, group or task name says
    /// "did you mean" with the closest few, and changes nothing.
    @Test func aMisspeltNameGetsTheClosestNamesInEveryCommand() throws {
        try withDemoDaycare { data in
            // The data, not the caches a command opening the directory brings up to date.
            let before = try DataFingerprint.of(data)
            let eeero = "no child called \"Eeero\" (did you mean \"Eero\"?)"
            for (arguments, message) in [
                (["mark", "--child", "Eeero", "--task", "Brush teeth"], eeero),
                (["mark", "--child", "Eero", "--task", "brush teth"], "no task called \"brush teth\" (did you mean \"Brush teeth\"?)"),
                (["mark", "--child", "Eero", "--group", "Squirels", "--task", "Brush teeth"], "no group called \"Squirels\" (did you mean \"Squirrels\"?)"),
                (["away", "--child", "Eeero"], eeero),
                (["away", "--child", "vaino", "--group", "Squirrels"], "no child called \"vaino\" in Squirrels (did you mean \"Väinö\" or \"Aino\"?)"),
                (["print", "board", "--child", "Eeero"], eeero),
                (["print", "history", "--child", "Eeero"], eeero),
                (["print", "history", "--group", "hedgehog"], "no group called \"hedgehog\" (did you mean \"Hedgehogs\"?)"),
                (["print", "sheet", "--group", "Bear"], "no group called \"Bear\" (did you mean \"Bears\"?)"),
                (["leaderboard", "--group", "Bear", "--json"], "no group called \"Bear\" (did you mean \"Bears\"?)"),
                // Nothing close among the 12: how to see them, not every name.
                (["mark", "--child", "Xavier", "--task", "Brush teeth"],
                 "no child called \"Xavier\" (none of the 12 children is close; taskboard print sheet lists every group's children)"),
            ] {
                let result = try TaskBoardProcess.run(arguments + ["--data-dir", data.path])
                #expect(result.status == 1, "\(arguments)")
                #expect(result.stdout == "", "\(arguments)")
                #expect(result.stderr == "taskboard: \(message)\n", "\(arguments)")
            }
            #expect(try DataFingerprint.of(data) == before)
        }
    }

    @Test func resetPinRefusesWhileAKioskHoldsTheData() throws {
        try withDemoDaycare { data in
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let holder = try JSONFileStore(directory: data, holder: .kiosk)
            let reset = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "4793\n4793\n")
            #expect(reset.status == 1)
            #expect(reset.stderr == heldByKioskRefusal(data))
            withExtendedLifetime(holder) {}
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
        }
    }

    @Test func whileAKioskRunsTheTickIsHandedToIt() throws {
        try withDemoDaycare { data in
            let kiosk = try Daycare(store: JSONFileStore(directory: data, holder: .kiosk), clock: FixedClock(TaskBoardProcess.date))
            let eero = try #require(kiosk.roster.children.first { $0.name == "Eero" })
            let result = try serving(kiosk, in: data) {
                try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            }
            #expect(result.stderr == "")
            #expect(result.stdout == "Eero: Brush teeth done on 2026-11-22, +1.\n")
            #expect(kiosk.points(.today)[eero.id] == 1)
            let refused = try serving(kiosk, in: data) {
                try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Eat lunch"])
            }
            #expect(refused.status == 1)
            #expect(refused.stderr == "taskboard: Eat lunch is not on Aino's board. Nothing was changed.\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("requests").path) == [])
        }
    }

    @Test(.enabled(if: geteuid() == 0, "handing a directory to another user needs root"))
    func changesAreMadeOnlyAsTheOwnerOfTheDataDirectory() throws {
        try withDemoDaycare { data in
            // Someone else's data directory (the kiosk's user), whoever we are.
            let stranger: uid_t = geteuid() == 65534 ? 65533 : 65534
            let owner = getpwuid(stranger).map { String(cString: $0.pointee.pw_name) } ?? "uid \(stranger)"
            try #require(chown(data.path, stranger, stranger) == 0)
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let refusal = "taskboard: \(data.path) belongs to \(owner); run this as that user (sudo -u \(owner) taskboard …) so that the kiosk can read what it writes\n"
            let mark = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            #expect(mark.status == 1)
            #expect(mark.stderr == refusal)
            let reset = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "4793\n4793\n")
            #expect(reset.stderr == refusal)
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
            // Reading is anyone's business.
            #expect(try TaskBoardProcess.run(["leaderboard", "--data-dir", data.path]).status == 0)
        }
    }

    /// Issue 9, finding 7: a command holding the lock is waited for (up to
    /// 5 s), never taken for a kiosk, even with a requests folder left behind.
    @Test func finding7_anotherCommandHoldingTheDataIsWaitedForAndNotTakenForAKiosk() throws {
        try withDemoDaycare { data in
            try MarkRequestServer(directory: data).box.prepare()
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let holder = try JSONFileStore(directory: data)
            let started = Date()
            let stuck = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            #expect(stuck.status == 1)
            #expect(stuck.stderr == "taskboard: Another taskboard is already using \(data.path) (pid \(getpid())) and did not finish within 5 seconds; try again. Nothing was changed.\n")
            #expect(Date().timeIntervalSince(started) >= 5)
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
            withExtendedLifetime(holder) {}
        }
    }

    @Test func finding7_twoMarksAtOnceBothWaitTheirTurn() throws {
        try withDemoDaycare { data in
            // Another command (flock(1), util-linux) holds the lock for a second.
            let other = Process()
            other.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            other.arguments = [data.appendingPathComponent("taskboard.lock").path, "sleep", "1"]
            try other.run()
            usleep(200_000)
            let waited = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            other.waitUntilExit()
            #expect(waited.status == 0, "\(waited.stderr)")
            #expect(waited.stdout == "Eero: Brush teeth done on 2026-11-22, +1.\n")
        }
    }

    /// Issue 28: a kiosk that stops while a tick waits for it (its lock
    /// freed) is not waited for to the end of --wait: the command makes the
    /// tick itself, whether the kiosk had taken the request or not, and
    /// says so; the tick is on disk once.
    @Test(arguments: [false, true])
    func aKioskThatStopsWhileATickWaitsLeavesItToTheCommand(taken: Bool) throws {
        try withDemoDaycare { data in
            let kiosk = Locked<JSONFileStore?>(try JSONFileStore(directory: data, holder: .kiosk))
            let box = MarkRequestServer(directory: data).box
            try box.prepare()
            // The kiosk "dies" 0.7 s into the wait: having taken the request, or before it.
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.7) {
                if taken { #expect(box.claim().count == 1) }
                kiosk.withLock { $0 = nil }
            }
            let journalURL = data.appendingPathComponent("marks/2026-11-22.jsonl")
            let linesBefore = try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").count
            let start = Date()
            let result = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth", "--wait", "10"])
            let waited = Date().timeIntervalSince(start)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Eero: Brush teeth done on 2026-11-22, +1.\n")
            #expect(result.stderr == "taskboard: note: the kiosk stopped before it answered; the tick is made here instead.\n")
            #expect(waited < 5, "the kiosk's lock was freed at 0.7 s; the command took \(waited) s of its 10")
            #expect(try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").count == linesBefore + 1, "the tick, once")
            // Again: already done, nothing changed, and no request left for a kiosk started later.
            let again = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            #expect(again.stdout == "Eero: Brush teeth was already done on 2026-11-22; nothing changed.\n")
            #expect(box.claim().isEmpty)
        }
    }

    /// Issue 28: a kiosk that took the tick and did not answer (its disk
    /// failing, say) may or may not have saved it: the words say so, not "nothing changed".
    @Test func aKioskThatTookTheTickAndDidNotAnswerMayHaveSavedIt() throws {
        try withDemoDaycare { data in
            let holder = try JSONFileStore(directory: data, holder: .kiosk)
            let box = MarkRequestServer(directory: data).box
            try box.prepare()
            // The "kiosk" takes the request as soon as the command has left it
            // (a busy machine starts the command late), and never answers.
            DispatchQueue.global().async {
                let start = Date()
                while box.claim().isEmpty, Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.02) }
            }
            let result = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth", "--wait", "1"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("the kiosk took the tick but did not answer within 1 seconds; it may or may not have been saved"),
                    "\(result.stderr)")
            #expect(!result.stderr.contains("Nothing was changed"))
            withExtendedLifetime(holder) {}
        }
    }

    @Test func aKioskThatDoesNotAnswerLeavesNothingChanged() throws {
        try withDemoDaycare { data in
            // A kiosk that started (and made requests/) but hangs.
            let holder = try JSONFileStore(directory: data, holder: .kiosk)
            try MarkRequestServer(directory: data).box.prepare()
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let result = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth", "--wait", "0.5"])
            #expect(result.status == 1)
            #expect(result.stderr == "taskboard: the kiosk did not take the tick within 0.5 seconds. Nothing was changed.\n")
            // The request was withdrawn: a kiosk that wakes up later finds nothing to apply.
            #expect(MarkRequestServer(directory: data).box.claim().isEmpty)
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
            withExtendedLifetime(holder) {}
        }
    }

    @Test func resetPinSetsANewPinAndKeepsEverythingElse() throws {
        try withDemoDaycare { data in
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let reset = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "4793\n4793\n")
            #expect(reset.status == 0, "\(reset.stderr)")
            #expect(reset.stdout == "The admin PIN is changed. Failed tries and lockouts are cleared.\n")
            #expect(reset.stderr == "New PIN (4–8 digits): The same PIN again: ")
            var after = try DirectorySnapshot.of(data, skippingLock: true)
            #expect(after.files.removeValue(forKey: "pin.json") != before.files["pin.json"])
            var rest = before
            rest.files.removeValue(forKey: "pin.json")
            #expect(after.files == rest.files)
            #expect(after.folders == rest.folders)
            // A check counts on disk first, so it needs a writable store.
            let guardian = try PinGuard(store: JSONFileStore(directory: data))
            #expect(try guardian.attempt("4793") == .success)
        }
    }

    @Test func resetPinRefusesAMismatchOrAWeakPinAndAMissingDirectory() throws {
        try withDemoDaycare { data in
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let mismatch = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "4793\n4739\n")
            #expect(mismatch.status == 1)
            #expect(mismatch.stderr == "New PIN (4–8 digits): The same PIN again: taskboard: The two PINs do not match.\n")
            let weak = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "1234\n1234\n")
            #expect(weak.stderr.hasSuffix("taskboard: That PIN is too easy to guess. Choose another.\n"))
            let ended = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "")
            #expect(ended.stderr.hasSuffix("taskboard: no PIN was given (the input ended)\n"))
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)

            let missing = data.appendingPathComponent("nowhere")
            let none = try TaskBoardProcess.run(["reset-pin", "--data-dir", missing.path], input: "4793\n4793\n")
            #expect(none.stderr == "taskboard: no data directory at \(missing.path) (give --data-dir, or start the kiosk once)\n")
            #expect(!FileManager.default.fileExists(atPath: missing.path))
        }
    }
}

/// Adds a child straight through the store, for fixtures the demo lacks.
func addChild(_ name: String, toGroup groupName: String, board: [String], in data: URL) throws {
    let store = try JSONFileStore(directory: data)
    var roster = try #require(try store.loadRoster())
    let group = try #require(roster.groups.first { $0.name == groupName })
    let child = try roster.addChild(name: name, avatar: "🐰", group: group.id)
    for taskName in board {
        let task = try #require(roster.tasks.first { $0.name == taskName })
        try roster.addToBoard(task.id, child: child)
    }
    try store.saveRoster(roster)
}

/// Runs `body` (a command) on another thread while this test plays the
/// running kiosk: it serves the command's requests until the command ends.
func serving(_ kiosk: Daycare, in data: URL, _ body: @escaping @Sendable () throws -> TaskBoardProcess.Result) throws -> TaskBoardProcess.Result {
    let server = MarkRequestServer(directory: data)
    try server.box.prepare()
    let outcome = Outcome()
    Thread.detachNewThread { outcome.finish(Result { try body() }) }
    while true {
        if let result = outcome.result { return try result.get() }
        _ = server.serve(kiosk)
        usleep(10_000)
    }
}

/// A result handed from one thread to another.
final class Outcome: Sendable {
    private let stored = Locked<Result<TaskBoardProcess.Result, Error>?>(nil)
    var result: Result<TaskBoardProcess.Result, Error>? { stored.withLock { $0 } }
    func finish(_ value: sending Result<TaskBoardProcess.Result, Error>) { stored.withLock { $0 = value } }
}
