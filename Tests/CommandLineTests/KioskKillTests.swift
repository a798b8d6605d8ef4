import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 28: a kiosk killed (SIGKILL) while it serves `taskboard mark`, 30
/// times at moments spread over the hand-over. Every `mark` says what the
/// journal then holds: done (exit 0, the tick as asked), "may or may not",
/// or "nothing was changed" (as before); and none waits out its --wait
/// once the kiosk's lock was freed.
@Suite(.serialized)
struct KioskKillTests {
    static let rounds = 30

    @Test(.timeLimit(.minutes(6)))
    func aKioskKilledWhileServingMarkLeavesTrueWords() throws {
        try withDemoDaycare { data in
            let binary = try TaskBoardProcess.executable().path
            let environment = ["TASKBOARD_NOW": TaskBoardProcess.now, "TZ": "Europe/Helsinki", "LANG": "C.UTF-8", "TERM": "xterm-256color",
                               "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            var outcomes: [String: Int] = [:]
            var failures: [String] = []
            var slowest = 0.0
            for round in 0..<Self.rounds {
                let done = round % 2 == 0
                let before = try Self.isDone(data)
                let kiosk = try PseudoTerminal(executable: binary, arguments: ["--no-kiosk", "--data-dir", data.path],
                                               columns: 80, rows: 24, environment: environment)
                guard kiosk.readUntilQuiet(quiet: 0.3) != nil else {
                    _ = kiosk.stop()
                    failures.append("round \(round): the kiosk drew nothing")
                    continue
                }
                let result = Locked<TaskBoardProcess.Result?>(nil)
                let finished = DispatchSemaphore(value: 0)
                let arguments = ["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth", "--wait", "8"] + (done ? [] : ["--undo"])
                DispatchQueue.global().async {
                    let run = try? TaskBoardProcess.run(arguments)
                    result.withLock { $0 = run }
                    finished.signal()
                }
                // From before the request is left to after the kiosk has answered.
                usleep(UInt32(round * 397 % 1500) * 1000)
                kill(kiosk.pid, SIGKILL)
                let killed = Date()
                _ = kiosk.stop()
                finished.wait()
                let waited = Date().timeIntervalSince(killed)
                slowest = max(slowest, waited)
                guard let mark = result.withLock({ $0 }) else {
                    failures.append("round \(round): mark did not run")
                    continue
                }
                let after = try Self.isDone(data)
                let label = "round \(round) (\(done ? "tick" : "untick")): \(mark.stderr.trimmingCharacters(in: .newlines))"
                if mark.status == 0 {
                    outcomes[mark.stderr.contains("kiosk stopped") ? "done here after the kiosk stopped" : "done by the kiosk", default: 0] += 1
                    if after != done { failures.append("\(label): mark said done, the journal says otherwise") }
                } else if mark.stderr.contains("may or may not") {
                    outcomes["may or may not", default: 0] += 1
                } else if mark.stderr.contains("Nothing was changed") {
                    outcomes["nothing changed", default: 0] += 1
                    if after != before { failures.append("\(label): mark said nothing changed, the journal changed") }
                } else {
                    failures.append("\(label): words that say neither")
                }
                if waited > 5 { failures.append("\(label): waited \(waited) s after the kiosk's lock was freed (--wait 8)") }
            }
            print("kiosk kills while serving mark: \(Self.rounds); \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); slowest after the kill \(String(format: "%.2f", slowest)) s")
            #expect(failures.isEmpty, "\(failures.count) of \(Self.rounds):\n\(failures.prefix(10).joined(separator: "\n"))")
        }
    }

    /// Whether Eero's Brush teeth is ticked today, as the journal says (read without the lock).
    private static func isDone(_ data: URL) throws -> Bool {
        let daycare = try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: FixedClock(TaskBoardProcess.date))
        let eero = try #require(daycare.roster.children.first { $0.name == "Eero" })
        let teeth = try #require(daycare.roster.tasks.first { $0.name == "Brush teeth" })
        return try daycare.marks(on: daycare.today).isDone(eero.id, teeth.id)
    }
}
