import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Every command that writes, run again and again with one system call made
/// to fail (ENOSPC, EIO or EROFS on the 1st, 2nd, … write, fsync, fdatasync,
/// rename or open of a file under the data directory's folder), through an
/// LD_PRELOAD library the package builds for this test only. For each case:
/// the process exits (no crash); exit 0 means the change is on disk, and a
/// failure means the data is exactly as before, and the message says which.
@Suite(.serialized) struct FaultInjectionTests {
    static let errnos: [(name: String, code: Int32)] = [("ENOSPC", 28), ("EIO", 5), ("EROFS", 30)]
    static let calls = ["write", "fsync", "fdatasync", "rename", "open"]
    /// A lasting fault fails the Nth of these, counted together, and every
    /// later one: the disk fills or breaks in the middle of a command, so
    /// taking a change back fails too.
    static let lastingCalls = ["write", "fsync", "fdatasync", "rename", "open", "ftruncate"]
    /// A disk that stays full; the single faults try every errno.
    static let lastingErrno: (name: String, code: Int32) = ("ENOSPC", 28)

    /// One command over a prepared folder `root` (holding `data/` and any input).
    struct Scenario: Sendable {
        var name: String
        /// What the command says on failure about what it left unchanged
        /// (alternatives separated by "|", in any case).
        var unchangedWords = "Nothing was changed."
        /// Some lasting fault leaves the change on disk, not durable, and not
        /// taken back: then the words must say "may or may not", and at least once they do.
        var perhapsSometimes = false
        var now = TaskBoardProcess.now
        var input = ""
        var arguments: @Sendable (URL) -> [String]
        /// Builds `root/data` and anything else the command reads.
        var prepare: @Sendable (URL) throws -> Void = { try demo(into: $0) }
        /// Extra checks of a finished case; returns what is wrong, if anything.
        var verify: @Sendable (_ result: TaskBoardProcess.Result, _ root: URL) throws -> String? = { _, _ in nil }
        /// Whether a successful run may leave the data as it was (nothing to change).
        var changesData = true
        /// The PIN's hash is salted afresh on every run, so "as after" leaves it out.
        var randomPin = false
    }

    static func demo(into root: URL) throws {
        let result = try TaskBoardProcess.run(["demo", "--data-dir", root.appendingPathComponent("data").path])
        guard result.status == 0 else { throw FixtureFailure(result.stderr) }
    }

    struct FixtureFailure: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = "fixture: " + text }
    }

    static func taskboard(_ arguments: [String], in root: URL, input: String = "", now: String = TaskBoardProcess.now,
                          fault: (call: String, nth: String, code: Int32)? = nil, counts: URL? = nil,
                          readOnly: Bool = false) throws -> TaskBoardProcess.Result {
        var environment = ["TASKBOARD_NOW": now, "TASKBOARD_FAULT_DIR": root.path]
        if readOnly { environment["TASKBOARD_FAULT_READONLY"] = "1" }
        environment["LD_PRELOAD"] = try shim().path
        if let fault {
            environment["TASKBOARD_FAULT_CALL"] = fault.call
            environment["TASKBOARD_FAULT_NTH"] = fault.nth
            environment["TASKBOARD_FAULT_ERRNO"] = String(fault.code)
        }
        if let counts { environment["TASKBOARD_FAULT_COUNTS"] = counts.path }
        return try TaskBoardProcess.run(arguments, input: input, environment: environment)
    }

    /// Issue 28, a lasting fault: every fdatasync fails, so a tick's line
    /// cannot be made durable. Where the journal can be cut back, nothing
    /// changed and the words say so; where every ftruncate fails too, the
    /// line may be on disk and the words say "may or may not", never "nothing changed".
    @Test(arguments: [("fdatasync", false), ("fdatasync,ftruncate", true)])
    func aTickThatCannotBeMadeDurableIsSaidAsItStands(calls: String, stuck: Bool) throws {
        try withTemporaryDirectory { root in
            try Self.demo(into: root)
            let data = root.appendingPathComponent("data")
            let before = try DataFingerprint.of(data)
            let environment = ["TASKBOARD_FAULT_DIR": root.path, "LD_PRELOAD": try Self.shim().path, "TASKBOARD_FAULT_CALL": calls,
                               "TASKBOARD_FAULT_NTH": "every", "TASKBOARD_FAULT_ERRNO": "5"]
            let result = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"],
                                                  environment: environment)
            #expect(result.status == 1)
            let after = try DataFingerprint.of(data)
            if stuck {
                #expect(result.stderr.hasSuffix(" \(StorageError.mayBeWrittenAdvice)\n"), "\(result.stderr)")
                #expect(!result.stderr.contains("Nothing was changed"))
                #expect(after != before, "the line is there, not durable, and could not be cut off")
            } else {
                #expect(result.stderr.hasSuffix(" Nothing was changed.\n"), "\(result.stderr)")
                #expect(after == before)
            }
            // Either way the next command finds a directory it can read.
            #expect(try TaskBoardProcess.run(["check", "--data-dir", data.path]).status == 0)
        }
    }

    static func shim() throws -> URL {
        let url = try TaskBoardProcess.executable().deletingLastPathComponent().appendingPathComponent("libTaskBoardFaultShim.so")
        return try #require(FileManager.default.fileExists(atPath: url.path) ? url : nil, "build the package first: \(url.path) is missing")
    }

    static func copy(_ from: URL, to: URL) throws {
        try? FileManager.default.removeItem(at: to)
        try FileManager.default.copyItem(at: from, to: to)
    }

    /// How the lasting-fault cases of a scenario ended.
    struct LastingOutcomes: CustomStringConvertible {
        var saved = 0, unchanged = 0, perhaps = 0
        var description: String { "\(saved) saved, \(unchanged) nothing changed, \(perhaps) may or may not" }
    }

    /// One fault case: the call to fail, from which one on, with which errno.
    struct FaultCase: Sendable {
        var label: String
        var fault: (call: String, nth: String, code: Int32)
        var lasting: Bool
    }

    /// Runs every fault case of a scenario, each single fault and each
    /// lasting one, side by side in lanes (each its own copy of the data,
    /// `work-N`); returns the failures, the case count and how the lasting cases ended.
    static func run(_ scenario: Scenario) throws -> (failures: [String], cases: Int, lasting: LastingOutcomes) {
        var failures: [String] = []
        var cases = 0
        var lasting = LastingOutcomes()
        try withTemporaryDirectory { top in
            let template = top.appendingPathComponent("template")
            let work = top.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
            try scenario.prepare(template)
            let before = try DataFingerprint.of(template.appendingPathComponent("data"))

            // Without a fault: it must work, and it says how many calls there are to fail.
            try copy(template, to: work)
            let countsFile = top.appendingPathComponent("counts")
            let clean = try taskboard(scenario.arguments(work), in: work, input: scenario.input, now: scenario.now, counts: countsFile)
            guard clean.status == 0 else {
                failures.append("\(scenario.name) without a fault failed: \(clean.stderr)")
                return
            }
            let after = try DataFingerprint.of(work.appendingPathComponent("data"))
            if scenario.changesData && after == before { failures.append("\(scenario.name) changed nothing without a fault") }
            var counts: [String: Int] = [:]
            for line in try String(contentsOf: countsFile, encoding: .utf8).split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2 { counts[String(parts[0])] = Int(parts[1]) }
            }

            var faults: [FaultCase] = []
            for call in calls {
                for nth in stride(from: 1, through: counts[call] ?? 0, by: 1) {
                    for errno in errnos {
                        faults.append(FaultCase(label: "\(scenario.name), \(call) #\(nth) \(errno.name)", fault: (call, String(nth), errno.code), lasting: false))
                    }
                }
            }
            let listed = lastingCalls.reduce(0) { $0 + (counts[$1] ?? 0) }
            for nth in stride(from: 1, through: listed, by: 1) {
                faults.append(FaultCase(label: "\(scenario.name), lasting from call #\(nth) \(lastingErrno.name)",
                                        fault: (lastingCalls.joined(separator: ","), "\(nth)+", lastingErrno.code), lasting: true))
            }
            cases = faults.count

            // What each case came to: its problem, or how it ended.
            let judged = try SideBySide.map(faults) { lane, fault in
                let work = top.appendingPathComponent("work-\(lane)")
                try copy(template, to: work)
                let result = try taskboard(scenario.arguments(work), in: work, input: scenario.input, now: scenario.now, fault: fault.fault)
                let problem = try judge(result, work: work, before: before, after: after, scenario: scenario, lasting: fault.lasting)
                return (problem: problem.map { "\(fault.label): \($0)" }, lasting: fault.lasting, status: result.status, perhaps: saysPerhaps(result))
            }
            for outcome in judged {
                if let problem = outcome.problem {
                    failures.append(problem)
                } else if outcome.lasting {
                    if outcome.status == 0 { lasting.saved += 1 } else if outcome.perhaps { lasting.perhaps += 1 } else { lasting.unchanged += 1 }
                }
            }
        }
        return (failures, cases, lasting)
    }

    /// The words of a change that may be on disk: the storage's advice, or a
    /// command's own "may or may not".
    static func saysPerhaps(_ result: TaskBoardProcess.Result) -> Bool {
        result.status != 0 && result.stderr.contains("may or may not")
    }

    /// Whether the case's words and exit code match the disk. Under a lasting
    /// fault a command may also fail saying the change may or may not be on
    /// disk; the data is then as before or as after, nothing in between.
    static func judge(_ result: TaskBoardProcess.Result, work: URL, before: String, after: String, scenario: Scenario,
                      lasting: Bool = false) throws -> String? {
        guard result.status == 0 || result.status == 1 else {
            return "exit status \(result.status) (a crash?): \(result.stderr.suffix(300))"
        }
        let now: String
        do {
            now = try DataFingerprint.of(work.appendingPathComponent("data"))
        } catch {
            return "the data cannot be read afterwards: \(error)"
        }
        let withoutPin = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("pin ") }.joined(separator: "\n") }
        let asAfter = scenario.randomPin ? withoutPin(now) == withoutPin(after) : now == after
        if result.status == 0 {
            if !asAfter { return "said it worked (\(result.stdout.prefix(120))) but the change is not on disk" }
            if result.stderr.contains("not saved") { return "exit 0 but says: \(result.stderr)" }
        } else if saysPerhaps(result) {
            if !lasting { return "a single fault, and yet it says it may or may not have saved: \(result.stderr.prefix(200))" }
            if now != before && !asAfter { return "says may or may not, but the data is neither as before nor as after" }
        } else {
            if now != before { return "failed (\(result.stderr.prefix(160))) but the data changed" }
            // (reset-pin's prompts go to stderr, without a newline, before the message)
            guard let start = result.stderr.range(of: "taskboard: ", options: .backwards) else {
                return "failed without a message: \(result.stderr.prefix(200))"
            }
            let message = result.stderr[start.lowerBound...]
            let words = scenario.unchangedWords.split(separator: "|").map { $0.lowercased() }
            if !words.isEmpty, !words.contains(where: { message.lowercased().contains($0) }) { return "failed without saying \"\(scenario.unchangedWords)\": \(result.stderr.prefix(200))" }
            // The reason is a sentence of its own: "…is full. Nothing was changed."
            if let said = words.lazy.compactMap({ message.lowercased().range(of: " " + $0) }).first,
               message.lowercased()[..<said.lowerBound].last.map({ ".;:".contains($0) }) != true {
                return "no full stop before what stayed unchanged: \(message.prefix(200))"
            }
        }
        return try scenario.verify(result, work)
    }

    static func expectNoFailures(_ scenario: Scenario) throws {
        let (failures, cases, lasting) = try run(scenario)
        print("\(scenario.name): \(cases) fault cases, \(failures.count) failed; the lasting ones: \(lasting)")
        if scenario.perhapsSometimes { #expect(lasting.perhaps > 0, "\(scenario.name): no lasting fault was said as may or may not") }
        #expect(cases > 0, "\(scenario.name): no calls to fail")
        let listed = failures.prefix(25).joined(separator: "\n")
        #expect(failures.isEmpty, "\(failures.count) of \(cases) cases:\n\(listed)")
    }

    // MARK: The scenarios

    @Test func markOnADayWithoutAJournalYet() throws {
        // Saturday: the demo's weekends have no journal (today has one).
        try Self.expectNoFailures(Scenario(name: "mark (a new journal)") { root in
            ["mark", "--data-dir", root.appendingPathComponent("data").path, "--child", "Aino", "--task", "Brush teeth", "--day", "2026-11-21"]
        })
    }

    static func data(_ root: URL) -> String { root.appendingPathComponent("data").path }

    static func mark(_ root: URL, _ extra: [String]) -> [String] {
        ["mark", "--data-dir", data(root)] + extra
    }

    @Test func markOnADayWithAJournal() throws {
        try Self.expectNoFailures(Scenario(name: "mark (append)", perhapsSometimes: true, arguments: { Self.mark($0, ["--child", "Aino", "--task", "Wash hands"]) }, prepare: { root in
            try Self.demo(into: root)
            let result = try TaskBoardProcess.run(Self.mark(root, ["--child", "Aino", "--task", "Brush teeth"]))
            guard result.status == 0 else { throw FixtureFailure(result.stderr) }
        }))
    }

    /// The first start of a new day saves the summary (a cache) before the tick.
    @Test func markOnTheFirstStartOfANewDay() throws {
        try Self.expectNoFailures(Scenario(name: "mark (a new day)", now: "2026-11-23T06:30:00Z") {
            Self.mark($0, ["--child", "Aino", "--task", "Brush teeth"])
        })
    }

    @Test func markTakenBackOnAnEarlierDay() throws {
        try Self.expectNoFailures(Scenario(name: "mark --undo yesterday") {
            Self.mark($0, ["--child", "Mio 美羽", "--task", "Help a friend", "--day", "2026-11-20", "--undo"])
        })
    }

    /// Issue 11: a child away, saved as attendance.json (a whole file, replaced durably).
    @Test func aChildAway() throws {
        try Self.expectNoFailures(Scenario(name: "away") {
            ["away", "--data-dir", Self.data($0), "--child", "Aino"]
        })
    }

    /// The absence taken back: attendance.json replaced again.
    @Test func aChildBackAfterAll() throws {
        try Self.expectNoFailures(Scenario(name: "away --undo", perhapsSometimes: true, arguments: { ["away", "--data-dir", Self.data($0), "--child", "Aino", "--undo"] }, prepare: { root in
            try Self.demo(into: root)
            let away = try TaskBoardProcess.run(["away", "--data-dir", Self.data(root), "--child", "Aino"])
            guard away.status == 0 else { throw FixtureFailure(away.stderr) }
        }))
    }

    /// A day before the summary's window: the summary records the edit before the append.
    @Test func markOnADayLongAgo() throws {
        try Self.expectNoFailures(Scenario(name: "mark (old day)") {
            Self.mark($0, ["--child", "Aino", "--task", "Brush teeth", "--day", "2026-09-01"])
        })
    }

    @Test func importARoster() throws {
        try Self.expectNoFailures(Scenario(name: "import", unchangedWords: "Nothing was imported.", perhapsSometimes: true, arguments: { root in
            ["import", "--data-dir", Self.data(root), root.appendingPathComponent("roster.csv").path]
        }, prepare: { root in
            try Self.demo(into: root)
            try "group,child\nBears,Ville\nBears,Saara\n".write(to: root.appendingPathComponent("roster.csv"), atomically: true, encoding: .utf8)
        }))
    }

    @Test func resetThePin() throws {
        var scenario = Scenario(name: "reset-pin", unchangedWords: "The PIN was not changed.", input: "5831\n5831\n") { ["reset-pin", "--data-dir", Self.data($0)] }
        scenario.randomPin = true
        scenario.perhapsSometimes = true
        // Changed: the PIN on disk is the new one; perhaps changed: the old one or the new one, nothing else.
        scenario.verify = { result, root in
            guard result.status == 0 || Self.saysPerhaps(result) else { return nil }
            let data = root.appendingPathComponent("data")
            let stored = try #require(try JSONFileStore(directory: data, readOnly: true).loadPin()?.hash)
            let old = try #require(try JSONFileStore(directory: root.deletingLastPathComponent().appendingPathComponent("template/data"), readOnly: true).loadPin()?.hash)
            return try (result.status != 0 && stored == old) || PinHasher(iterations: stored.iterations).verify("5831", against: stored) ? nil : "the PIN on disk is neither the old nor the new one"
        }
        try Self.expectNoFailures(scenario)
    }

    @Test func backUp() throws {
        var scenario = Scenario(name: "backup", unchangedWords: "No archive was written.") { ["backup", "--data-dir", Self.data($0), $0.appendingPathComponent("out/copy.zip").path] }
        scenario.prepare = { root in
            try Self.demo(into: root)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        }
        scenario.changesData = false
        // A finished archive restores to the same data; a failed one leaves nothing behind.
        scenario.verify = { result, root in
            let out = root.appendingPathComponent("out")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
            guard result.status == 0 else { return names.isEmpty ? nil : "failed but left \(names) in the output folder" }
            guard names == ["copy.zip"] else { return "said it worked but the output folder holds \(names)" }
            let restored = root.appendingPathComponent("restored")
            let restore = try TaskBoardProcess.run(["restore", "--data-dir", restored.path, out.appendingPathComponent("copy.zip").path])
            guard restore.status == 0 else { return "the archive does not restore: \(restore.stderr)" }
            return try DataFingerprint.of(restored) == DataFingerprint.of(root.appendingPathComponent("data")) ? nil : "the archive holds other data"
        }
        try Self.expectNoFailures(scenario)
    }

    @Test func restoreAnArchive() throws {
        var scenario = Scenario(name: "restore", unchangedWords: "The data directory was not changed.|nothing was changed") { ["restore", "--data-dir", Self.data($0), $0.appendingPathComponent("copy.zip").path] }
        scenario.prepare = { root in
            try Self.demo(into: root)
            let backup = try TaskBoardProcess.run(["backup", "--data-dir", Self.data(root), root.appendingPathComponent("copy.zip").path])
            let tick = try TaskBoardProcess.run(Self.mark(root, ["--child", "Aino", "--task", "Brush teeth"]))
            guard backup.status == 0, tick.status == 0 else { throw FixtureFailure(backup.stderr + tick.stderr) }
        }
        scenario.perhapsSometimes = true
        // The replaced data is kept whole beside it (under its temp name when
        // the last rename failed, which the output names), or not at all.
        scenario.verify = { result, root in
            let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
            let kept = names.filter { $0.hasPrefix("data.before-restore-") || $0.hasPrefix(".tmp-taskboard-restore-data-") }
            if Self.saysPerhaps(result) {
                // The restore stands, not durable: the replaced data is kept and named.
                return kept.count == 1 && result.stderr.contains(kept[0]) ? nil : "may or may not, but keeps \(kept): \(result.stderr)"
            }
            if result.status != 0 { return kept.isEmpty ? nil : "failed but left \(kept)" }
            guard kept.count == 1, result.stdout.contains(kept[0]) else { return "restored but kept \(kept): \(result.stdout)" }
            let old = try DataFingerprint.of(root.appendingPathComponent(kept[0]))
            return old.contains("2026-11-22 ") ? nil : "the kept copy is not the replaced data"
        }
        try Self.expectNoFailures(scenario)
    }

    @Test func repairASummary() throws {
        var scenario = Scenario(name: "check --repair", unchangedWords: "Nothing was repaired|That fix was not made|The marks, roster and settings are as they were|nothing was changed|Only the repairs above were tried") { ["check", "--repair", "--data-dir", Self.data($0)] }
        scenario.prepare = { root in
            try Self.demo(into: root)
            let data = root.appendingPathComponent("data")
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(TaskBoardProcess.date)).flush()
            let child = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster()?.children[1].id)
            _ = try DataDamage.bumpSummary(in: data, child: child)
        }
        scenario.changesData = false
        scenario.verify = { result, root in
            guard result.status == 0 else { return nil }
            let check = try TaskBoardProcess.run(["check", "--data-dir", Self.data(root)])
            return check.status == 0 ? nil : "repaired, but check then says: \(check.stdout) \(check.stderr)"
        }
        try Self.expectNoFailures(scenario)
    }

    @Test func writeTheDemo() throws {
        var scenario = Scenario(name: "demo", unchangedWords: "No demo was written.") { ["demo", "--data-dir", Self.data($0)] }
        scenario.prepare = { _ in }
        scenario.randomPin = true
        scenario.perhapsSometimes = true
        // A failed demo leaves no data directory and no temp folder.
        scenario.verify = { result, root in
            let left = try FileManager.default.contentsOfDirectory(atPath: root.path)
            if result.status == 0 || Self.saysPerhaps(result) { return left == ["data"] ? nil : "wrote the demo (perhaps) but left \(left)" }
            return left.isEmpty ? nil : "failed but left \(left)"
        }
        try Self.expectNoFailures(scenario)
    }
}
