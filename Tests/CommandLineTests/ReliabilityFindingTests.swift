import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 9: each finding of the fault-injection run, reproduced and shown fixed.
@Suite("reliability findings") struct ReliabilityFindingTests {
    /// The demo after a first start (its summary written), in `root/data`.
    func withStartedDemo(_ body: (URL, URL) throws -> Void) throws {
        try withDemoDaycare { data in
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(TaskBoardProcess.date)).flush()
            try body(data.deletingLastPathComponent(), data)
        }
    }

    @Test func finding1_aJournalCutShortIsRefusedAndCheckNamesItAndRepairDoesNotAcceptTheLoss() throws {
        try withStartedDemo { _, data in
            let journal = data.appendingPathComponent("marks/2026-11-20.jsonl")
            let whole = try Data(contentsOf: journal)
            // Cut at a line boundary: every line left parses.
            let lines = whole.split(separator: UInt8(ascii: "\n"))
            let cut = Data(lines.dropLast(3).joined(separator: [UInt8(ascii: "\n")])) + Data("\n".utf8)
            try cut.write(to: journal)

            let board = try TaskBoardProcess.run(["print", "board", "--data-dir", data.path])
            #expect(board.status == 1)
            #expect(board.stderr.contains("The marks of 2026-11-20 are shorter than recorded (\(cut.count) of \(whole.count) bytes)"))

            let problem = "marks/2026-11-20.jsonl: \(cut.count) bytes, shorter than the \(whole.count) bytes summary.json recorded: ticks that were saved are missing"
            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.status == 1)
            #expect(check.stdout.contains(problem))

            let summary = try Data(contentsOf: data.appendingPathComponent("summary.json"))
            let repair = try TaskBoardProcess.run(["check", "--repair", "--data-dir", data.path])
            #expect(repair.status == 1)
            #expect(repair.stdout.contains(problem))
            #expect(try Data(contentsOf: data.appendingPathComponent("summary.json")) == summary, "repair recorded the shorter length")
        }
    }

    @Test func finding2_aTickOnTheFirstStartOfADayWhenTheSummaryCannotBeSaved() throws {
        try withTemporaryDirectory { root in
            try FaultInjectionTests.demo(into: root)
            let data = root.appendingPathComponent("data").path
            // The next morning: the first rename is the summary's, the day's journal the second.
            let mark = try FaultInjectionTests.taskboard(["mark", "--data-dir", data, "--child", "Aino", "--task", "Brush teeth"], in: root,
                                                         now: "2026-11-23T06:30:00Z", fault: ("rename", "1", 28))
            #expect(mark.status == 0)
            #expect(mark.stdout == "Aino: Brush teeth done on 2026-11-23, +1.\n")
            #expect(mark.stderr == "taskboard: note: the summary of the marks (a cache) was not updated: \(data)/summary.json: the disk is full. Nothing is lost; the next start reads the journals again.\n")
            let sheet = try TaskBoardProcess.run(["export", "--data-dir", data, "--from", "2026-11-23"], environment: ["TASKBOARD_NOW": "2026-11-23T06:30:00Z"])
            #expect(sheet.stdout.contains("2026-11-23,Squirrels,Aino,Brush teeth"))
        }
    }

    @Test func finding4_backupWorksOnAReadOnlyDataDisk() throws {
        try withTemporaryDirectory { root in
            try FaultInjectionTests.demo(into: root)
            let data = root.appendingPathComponent("data")
            let archive = FileManager.default.temporaryDirectory.appendingPathComponent("tb-readonly-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: archive) }
            let before = try DirectorySnapshot.of(data)
            let backup = try FaultInjectionTests.taskboard(["backup", "--data-dir", data.path, archive.path], in: root, readOnly: true)
            #expect(backup.status == 0, "\(backup.stderr)")
            #expect(backup.stdout.contains("The data directory cannot be written here (read-only); it was copied as it is."))
            #expect(try DirectorySnapshot.of(data) == before)

            // The same mount refuses a tick, and says it is read-only.
            let mark = try FaultInjectionTests.taskboard(["mark", "--data-dir", data.path, "--child", "Aino", "--task", "Brush teeth"], in: root, readOnly: true)
            #expect(mark.status == 1)
            #expect(mark.stderr.contains("the disk is read-only. Nothing was changed."))

            let restored = root.appendingPathComponent("restored")
            let restore = try TaskBoardProcess.run(["restore", "--data-dir", restored.path, archive.path])
            #expect(restore.status == 0)
            #expect(try DataFingerprint.of(restored) == DataFingerprint.of(data))
        }
    }

    @Test func finding5_checkRefusesAWeakPinAndAJournalFromTheFuture() throws {
        try withStartedDemo { _, data in
            let pinFile = data.appendingPathComponent("pin.json")
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: pinFile)) as? [String: Any])
            var pin = try #require(json["pin"] as? [String: Any])
            var hash = try #require(pin["hash"] as? [String: Any])
            hash["algorithm"] = "md5"
            hash["iterations"] = 1
            hash["salt"] = ""
            pin["hash"] = hash
            json["pin"] = pin
            try JSONSerialization.data(withJSONObject: json).write(to: pinFile)
            try "{\"schema\":1,\"day\":\"2030-01-01\"}\n".write(to: data.appendingPathComponent("marks/2030-01-01.jsonl"), atomically: true, encoding: .utf8)

            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.status == 1)
            #expect(check.stdout.contains("pin.json: the PIN's hash uses \"md5\", not pbkdf2-sha256: the PIN cannot be checked"))
            #expect(check.stdout.contains("pin.json: the PIN's hash has 1 iterations, fewer than the 10000 this taskboard accepts"))
            #expect(check.stdout.contains("pin.json: the PIN's salt is 0 bytes, fewer than 16"))
            #expect(check.stdout.contains("marks/2030-01-01.jsonl: it is dated after today (2026-11-22)"))
        }
    }
}

extension ReliabilityFindingTests {
    @Test func finding12_aHugeRosterIsRefusedBeforeItIsRead() throws {
        try withStartedDemo { _, data in
            // 100 MB without using the disk: a sparse file.
            let roster = data.appendingPathComponent("roster.json")
            let fd = open(roster.path, O_WRONLY | O_TRUNC)
            try #require(fd >= 0)
            #expect(ftruncate(fd, 100 << 20) == 0)
            close(fd)
            let message = "\(roster.path): 100 MB, larger than any taskboard file can be (at most 8 MB); it was not read."
            let board = try TaskBoardProcess.run(["print", "board", "--data-dir", data.path])
            #expect(board.status == 1)
            #expect(board.stderr == "taskboard: \(message)\n")
            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.stdout.contains("roster.json: 100 MB, larger than any taskboard file can be"))

            // A CSV that large is not a roster either.
            let csv = data.deletingLastPathComponent().appendingPathComponent("huge.csv")
            #expect(FileManager.default.createFile(atPath: csv.path, contents: nil))
            #expect(truncate(csv.path, 20 << 20) == 0)
            let load = try TaskBoardProcess.run(["import", "--dry-run", "--data-dir", data.path, csv.path])
            #expect(load.status == 1)
            #expect(load.stderr.contains("20 MB, larger than any taskboard file can be (at most 8 MB); it was not read. Nothing was imported."))
        }
    }
}
