import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardTestSupport

/// Another room's tick on a kiosk's screen, timed from outside: a tick
/// committed on the database (as `taskboard mark --database` or another
/// kiosk's worker commits it: one statement), from the start of the commit
/// to the first byte of the kiosk's frame on its pty. The kiosk draws it
/// when the database's notification wakes it (before, on its next
/// half-second timer tick; now there is no timer). `TASKBOARD_BENCH_BEFORE` may name another
/// taskboard binary (say the previous commit's) to time beside it.
enum WakeReport {
    static let rounds = 31

    static func measure(taskboard: String, login: DatabaseLogin, today: Day) throws {
        var binaries = [("this build", taskboard)]
        if let before = ProcessInfo.processInfo.environment["TASKBOARD_BENCH_BEFORE"], !before.isEmpty {
            binaries.insert(("before (\(before))", before), at: 0)
        }
        print("  Another kiosk's tick on this kiosk's screen, from outside (commit → first byte on its pty, 80x24):")
        for (label, binary) in binaries {
            let shown = try measure(binary, login: login, today: today)
            print("    \(label): \(Timing.summary(shown)), p90 \(Timing.ms(shown.sorted()[shown.count * 9 / 10]))")
        }
    }

    private static func measure(_ taskboard: String, login: DatabaseLogin, today: Day) throws -> [Double] {
        let local = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-wake-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: local)
        defer { try? FileManager.default.removeItem(at: local) }
        let terminal = try DatabaseKiosk.start(taskboard, localDirectory: local, name: "bench-screen")
        defer { _ = terminal.stop() }
        guard terminal.readUntilQuiet(quiet: 1, limit: 60) != nil else { throw PseudoTerminalError(description: "no first frame on the database") }

        // The first group's first child's board: Enter chooses the group, Enter the child.
        let other = try login.open()
        defer { other.close() }
        let roster = try other.loadRoster()
        let firstGroup = roster?.children.filter { $0.groupID == roster?.groups.first?.id } ?? []
        let before = terminal.received.count
        for _ in 0..<2 {
            _ = terminal.type([0x0D])
            _ = terminal.readUntilQuiet(quiet: 0.6)
        }
        let board = String(decoding: terminal.received[before...], as: UTF8.self)
        guard let child = firstGroup.first(where: { board.contains($0.name) }), let task = child.board.first else {
            throw PseudoTerminalError(description: "no child's board on the kiosk:\n\(terminal.text)")
        }
        var shown: [Double] = []
        var unseen = 0
        for round in 0..<(rounds + 1) {
            // Space on a child's board does nothing with read aloud off, but it is a key: the board
            // stays open (a child's side goes back to the names after a minute without one).
            _ = terminal.type(Array(" ".utf8))
            _ = terminal.readUntilQuiet(quiet: 0.6, limit: 2)
            // At a random moment: a fixed wait above would lock the two in step with any timer.
            usleep(UInt32.random(in: 0..<500_000))
            let event = MarkEvent(child: child.id, task: task, done: round % 2 == 1, points: 1, boardComplete: false,
                                  at: Int64(Date().timeIntervalSince1970))
            let start = DispatchTime.now().uptimeNanoseconds
            try other.appendMarks([(id: UUID(), event: event)], on: today)
            // Quiet 0: back with the first write's bytes.
            guard let first = terminal.readUntilQuiet(quiet: 0, limit: 2) else {
                // The first round may tick what was ticked already: nothing to draw.
                unseen += 1
                continue
            }
            shown.append(Double(first - start) / 1e9)
        }
        guard unseen <= 1 else {
            throw PseudoTerminalError(description: "\(unseen) ticks of \(rounds + 1) on \(child.name)'s board never showed on the kiosk:\n\(terminal.text)")
        }
        return Array(shown.suffix(rounds))
    }
}
