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
            // Add a group: the first Enter is sent and the screen goes on; later ones
            // are refused at once (still waiting, then offline) and the form is closed.
            // A refusal worded as the one before changes nothing on the screen, so no
            // frame comes: then the next round's key shows that the screen still answers.
            for key in [Array("a".utf8), Array("X\(round)".utf8), [0x0D], [0x1B]] {
                let sent = terminal.type(key)
                // Enter or Esc that changes nothing gets no frame of its own; a later one is the clock's half-second redraw.
                let quiet = key == [0x0D] || key == [0x1B]
                guard let end = terminal.readUntilQuiet(quiet: 0.12, limit: quiet ? 0.25 : 1), !quiet || Double(end - sent) / 1e9 < 0.25 else {
                    // Esc with the form already closed changes nothing either.
                    if key == [0x0D] || key == [0x1B] {
                        if key == [0x0D] { unchanged += 1 }
                        continue
                    }
                    throw PseudoTerminalError(description: "no frame within 1 s after a key while the server hangs:\n\(terminal.text)")
                }
                let seconds = Double(end - sent) / 1e9
                all.append(seconds)
                if key == [0x0D] { enters.append(seconds) }
            }
        }
        print("  Keys while the server hangs (SIGSTOP), from outside, 80x24:")
        print("    an edit's Enter (sent, or refused)  \(Timing.summary(enters))\(unchanged > 0 ? "; \(unchanged) left the screen as it was" : "")")
        print("    every key (a, letters, Enter, Esc)  \(Timing.summary(all))")
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
