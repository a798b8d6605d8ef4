import Foundation
import TaskBoardTestSupport
import TaskBoardUI

/// Keys on a kiosk whose database server hangs, timed from outside: the
/// key's bytes written to the pty → the last byte of the frame that answers
/// it. The server is the throwaway one `.ci/with-postgres.sh` started
/// (TASKBOARD_TEST_POSTGRES_DATA): every process of it is stopped with
/// SIGSTOP, as a server that hangs without closing its connections would
/// be, and let go on afterwards.
enum HungServerReport {
    static let rounds = 21

    static func measure(taskboard: String, localDirectory: URL, pin: String) throws {
        guard let data = ProcessInfo.processInfo.environment["TASKBOARD_TEST_POSTGRES_DATA"] else {
            print("  Keys while the server hangs: skipped (run through .ci/with-postgres.sh, which names its server's data directory)")
            return
        }
        let terminal = try DatabaseKiosk.start(taskboard, localDirectory: localDirectory, name: "bench")
        defer { _ = terminal.stop() }
        guard terminal.readUntilQuiet(quiet: 0.5) != nil else { throw PseudoTerminalError(description: "no first frame on the database") }
        // To the Groups tab as an adult, while the server answers.
        try press(terminal, [0x1B, 0x5B, 0x5A], expect: "hundred")  // Shift-Tab: the Admin tab
        guard let number = (100...999).last(where: { terminal.text.contains(NumberWords.text($0, in: .en)) }) else {
            throw PseudoTerminalError(description: "no grown-up check on the Admin tab:\n\(terminal.text)")
        }
        try press(terminal, Array("\(number)\r".utf8), expect: "PIN")
        try press(terminal, Array("\(pin)\r".utf8), expect: "Mark")
        try press(terminal, [0x09, 0x09], expect: "Groups")

        try PrivateDatabaseServer.signal(SIGSTOP, serverIn: data)
        defer { try? PrivateDatabaseServer.signal(SIGCONT, serverIn: data) }
        var enters: [Double] = []
        var all: [Double] = []
        var unchanged = 0
        for round in 0..<rounds {
            // Add a group (+: letters go to names on the list): the first Enter is sent and the screen goes on; later ones
            // are refused at once (still waiting, then offline) and the form is closed.
            // A refusal worded as the one before changes nothing on the screen, so no
            // frame comes: then the next round's key shows that the screen still answers.
            for key in [Array("+".utf8), Array("X\(round)".utf8), [0x0D], [0x1B]] {
                let sent = terminal.type(key)
                // Enter or Esc that changes nothing gets no frame of its own; a later one is the clock's half-second redraw.
                let quiet = key == [0x0D] || key == [0x1B]
                guard let end = frameEnd(terminal, limit: quiet ? 0.25 : 1), !quiet || Double(end - sent) / 1e9 < 0.25 else {
                    // Esc with the form already closed changes nothing either.
                    if key == [0x0D] || key == [0x1B] {
                        if key == [0x0D] { unchanged += 1 }
                        continue
                    }
                    throw PseudoTerminalError(description: "no frame within 1 s after \(String(decoding: key, as: UTF8.self).debugDescription) while the server hangs:\n\(terminal.text)")
                }
                let seconds = Double(end - sent) / 1e9
                all.append(seconds)
                if key == [0x0D] { enters.append(seconds) }
            }
        }
        print("  Keys while the server hangs (SIGSTOP), from outside, 80x24:")
        print("    an edit's Enter (sent, or refused)  \(Timing.summary(enters))\(unchanged > 0 ? "; \(unchanged) left the screen as it was" : "")")
        print("    every key (+, letters, Enter, Esc)  \(Timing.summary(all))")
        try walkScreens(terminal)
    }

    /// Every screen's keys with the server still stopped, from the Groups
    /// tab: a group's week and earlier weeks, a child's month from Boards
    /// and earlier months, the Mark sheet, and on the child side a child's
    /// board and month and the leaderboard's periods, all time among them
    /// (issue 24: each frame within 50 ms, days not read shown as not known,
    /// no read failure in words).
    private static func walkScreens(_ terminal: PseudoTerminal) throws {
        // The arrows as xterm sends them with the keypad on (ESC O x), as ncurses reads them.
        let (left, right, down, up) = (OutsideReport.Keys.left, OutsideReport.Keys.right, OutsideReport.Keys.down, OutsideReport.Keys.up)
        let backTab: [UInt8] = [0x1B, 0x5B, 0x5A], tab: [UInt8] = [0x09], enter: [UInt8] = [0x0D], escape: [UInt8] = [0x1B]
        // Ctrl-V and Ctrl-L: on a list of names (groups, the Mark sheet) letters go to the names.
        let view: [UInt8] = [0x16], logOut: [UInt8] = [0x0C]
        let walk: [(screen: String, keys: [[UInt8]])] = [
            ("a group's week", [enter, view, left, left, left, right]),
            ("back to the groups", [escape, escape]),
            ("a child's month (Boards)", [backTab, enter, view, left, left, left, right, escape, escape]),
            ("the Mark sheet", [backTab, down, down, right, right, up, left]),
            ("a child's board and month", [logOut, enter, enter, view, left, left, right, escape]),
            ("the leaderboard's periods", [tab, right, right, right, right, left, left, left]),
        ]
        var frames: [Double] = []
        var silent = 0
        var inWords: [String] = []
        for (screen, keys) in walk {
            var times: [Double] = []
            var slow: [String] = []
            for (index, key) in keys.enumerated() {
                let sent = terminal.type(key)
                guard let end = frameEnd(terminal, limit: 1) else {
                    silent += 1
                    continue
                }
                times.append(Double(end - sent) / 1e9)
                if Double(end - sent) / 1e9 > 0.05 { slow.append("key \(index + 1) of \(keys.count) took \(Timing.ms(Double(end - sent) / 1e9))") }
                if terminal.text.contains("Could not read"), inWords.last != screen { inWords.append(screen) }
            }
            frames += times
            if !times.isEmpty { print("    \(screen)".padding(toLength: 40, withPad: " ", startingAt: 0) + Timing.summary(times)) }
            if !slow.isEmpty { print("      over 50 ms: " + slow.joined(separator: "; ")) }
        }
        let sorted = frames.sorted()
        let p90 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        print("    every screen's keys: 90th percentile \(Timing.ms(p90)), max \(Timing.ms(sorted.last ?? 0))"
              + "\(silent > 0 ? "; \(silent) keys changed nothing on screen" : "")")
        print("    a read failure said in words on screen: " + (inWords.isEmpty ? "never" : inWords.joined(separator: ", ")))
        let unknown = terminal.text.components(separatedBy: " ?").count - 1
        print("    days drawn as not known (?) on the way: \(unknown)")
    }

    /// When the frame that answers a key ended: its last byte before 20 ms
    /// without output. What the screen draws of its own after that (the
    /// status line turning to "offline" when the connection's deadline
    /// passes, which now wakes the screen at once) is read and not counted.
    private static func frameEnd(_ terminal: PseudoTerminal, limit: Double) -> UInt64? {
        let end = terminal.readUntilQuiet(quiet: 0.02, limit: limit)
        if end != nil { _ = terminal.readUntilQuiet(quiet: 0.12, limit: 0.5) }
        return end
    }

    private static func press(_ terminal: PseudoTerminal, _ key: [UInt8], expect: String) throws {
        let before = terminal.received.count
        _ = terminal.type(key)
        _ = terminal.readUntilQuiet(quiet: 0.3)
        guard String(decoding: terminal.received[before...], as: UTF8.self).contains(expect) || terminal.text.contains(expect) else {
            throw PseudoTerminalError(description: "expected \(expect) on the screen:\n\(terminal.text)")
        }
    }
}
