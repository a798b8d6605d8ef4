import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Kills a real writer process with SIGKILL at random moments, again and
/// again, and checks after each kill that the data loads and that every
/// change the writer was told had been saved is there.
@Suite struct CrashTests {
    @Test(.timeLimit(.minutes(10)))
    func everyAcknowledgedChangeSurvivesSIGKILL() throws {
        let writer = try #require(BuiltProducts.executable("taskboard-crash-writer"),
                                  "build the package first: taskboard-crash-writer not found")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-crash-\(UUID().uuidString)")
        let dataDir = root.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        var expected: [MarkKey: Bool] = [:]
        var expectedRename = 0
        var generator = SystemRandomNumberGenerator()
        var acknowledged = 0
        for run in 0..<110 {
            let output = root.appendingPathComponent("run-\(run).out")
            #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
            let process = Process()
            process.executableURL = writer
            process.arguments = [dataDir.path, String(run)]
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = process.standardOutput
            try process.run()

            // Every other run dies during start-up; the rest while ticking.
            if run % 2 == 1 { try waitForLine(starting: "ACK", in: output, process: process) }
            usleep(UInt32.random(in: 0...30_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("taskboard-crash-writer:") }, "the writer failed: \(lines.suffix(3))")
            #expect(process.terminationReason == .uncaughtSignal, "run \(run) ended by itself: \(lines.suffix(3))")
            var inFlight: (key: MarkKey, done: Bool)?
            var renameInFlight: Int?
            for line in lines {
                let parts = line.split(separator: " ")
                if parts.count == 3, parts[1] == "RENAME", let number = Int(parts[2]) {
                    if parts[0] == "BEGIN" { renameInFlight = number }
                    if parts[0] == "ACK" { expectedRename = number; renameInFlight = nil; acknowledged += 1 }
                    continue
                }
                guard parts.count == 4, let key = MarkKey(day: parts[1], task: parts[2]) else { continue }
                if parts[0] == "BEGIN" { inFlight = (key, parts[3] == "true") }
                if parts[0] == "ACK" { expected[key] = parts[3] == "true"; inFlight = nil; acknowledged += 1 }
            }

            // The lock must be free again, the data must load, and match.
            let store = try JSONFileStore(directory: dataDir)
            let daycare = try Daycare(store: store)
            guard let child = daycare.roster.children.first else {
                #expect(expected.isEmpty, "acknowledged ticks but no child on disk")
                continue
            }
            // The roster file holds the last acknowledged name, or the one in flight.
            let number = Int(daycare.roster.groups.first?.name.split(separator: " ").last ?? "") ?? 0
            #expect(number == expectedRename || number == renameInFlight, "run \(run): group renamed \(number), acknowledged \(expectedRename)")
            expectedRename = number
            for (key, done) in expected where key != inFlight?.key {
                let actual = try daycare.isDone(child: child.id, task: key.task, on: key.day)
                #expect(actual == done, "run \(run): \(key) should be \(done)")
            }
            if let inFlight {
                // An unacknowledged change may or may not have reached the disk.
                let actual = try daycare.isDone(child: child.id, task: inFlight.key.task, on: inFlight.key.day)
                expected[inFlight.key] = actual
            }
            // The running totals agree with the marks.
            var pointsOfMarks = 0
            for (key, done) in expected where done {
                pointsOfMarks += daycare.roster.task(key.task)?.points ?? 0
            }
            #expect(daycare.points(.allTime)[child.id] ?? 0 == pointsOfMarks, "run \(run): totals differ from marks")
        }
        #expect(acknowledged > 100, "too few acknowledged ticks to mean anything")
    }

    private func waitForLine(starting prefix: String, in file: URL, process: Process) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               text.split(separator: "\n").contains(where: { $0.hasPrefix(prefix) }) { return }
            if !process.isRunning { return }
            usleep(1_000)
        }
        Issue.record("the writer printed no \(prefix) line within 30 s")
    }
}

private struct MarkKey: Hashable, CustomStringConvertible {
    let day: Day
    let task: TaskID

    init?(day: Substring, task: Substring) {
        guard let day = Day(day), let task = Int(task) else { return nil }
        self.day = day
        self.task = TaskID(task)
    }

    var description: String { "\(day) task \(task.rawValue)" }
}

