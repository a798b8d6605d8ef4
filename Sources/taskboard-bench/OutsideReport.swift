import Foundation
import TaskBoard
import TaskBoardTestSupport
import TaskBoardStorage
import TaskBoardUI

/// What a person waits for, timed from outside in a pseudo-terminal: exec to
/// the first full frame's last byte, and a key's bytes to the last byte of
/// the frame that answers it. taskboard runs alternated with the floor
/// (`taskboard-floor`, a bare Swift + Foundation + ncurses leaderboard) and
/// with taskboard on an empty daycare, so a noisy machine shows in all alike.
/// With TASKBOARD_BENCH_REFERENCE naming another build's taskboard (the
/// previous commit's, say), that one is alternated with them too and timed
/// on the same keys: an A/B in one run.
enum OutsideReport {
    static let runs = 81
    static let keys = 101
    static let pin = "4829"

    struct Program {
        let label: String
        let executable: String
        /// The kiosk is started as its systemd unit starts it: no arguments, the data directory from the environment.
        let dataDirectory: String?
        /// A word the first frame must hold: timings of a wrong screen would be worse than none.
        let expect: String
    }

    static func measure(year: URL) throws {
        let folder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
        let taskboard = folder.appendingPathComponent("taskboard").path
        let floor = folder.appendingPathComponent("taskboard-floor").path
        guard FileManager.default.isExecutableFile(atPath: taskboard), FileManager.default.isExecutableFile(atPath: floor) else {
            print("Outside timings skipped: build taskboard and taskboard-floor beside the benchmark (swift build -c release --static-swift-stdlib)")
            return
        }
        let empty = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-empty-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for directory in [year, empty] {
            let daycare = try Daycare(store: try JSONFileStore(directory: directory))
            if !daycare.pin.isSet { try daycare.pin.reset(to: pin, confirmation: pin) }
        }
        let reference = ProcessInfo.processInfo.environment["TASKBOARD_BENCH_REFERENCE"].flatMap { $0.isEmpty ? nil : $0 }
        var programs = [
            Program(label: "floor (taskboard-floor)", executable: floor, dataDirectory: nil, expect: "Leaderboard"),
            Program(label: "taskboard, daycare-year", executable: taskboard, dataDirectory: year.path, expect: "Leaderboard"),
            Program(label: "taskboard, empty daycare", executable: taskboard, dataDirectory: empty.path, expect: "Leaderboard"),
        ]
        // The reference on its own copy of the year, for its starts and its keys: a build may write
        // what another reads differently (a summary, a backup), and one data directory takes one kiosk.
        let copy = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-reference-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        if let reference {
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: year, to: copy)
            programs.append(Program(label: "reference, daycare-year", executable: reference, dataDirectory: copy.path, expect: "Leaderboard"))
        }
        print("")
        print("Outside, in a pseudo-terminal (what a person waits for), medians of \(runs) runs alternated program by program:")
        var peak = 0
        for (columns, rows) in [(80, 24), (120, 40)] {
            var times = Array(repeating: [Double](), count: programs.count)
            // One unmeasured start each: the day's first start makes the daily backup.
            for program in programs { _ = try firstFrame(program, columns, rows) }
            for run in 0..<runs {
                for offset in 0..<programs.count {
                    let index = (run + offset) % programs.count
                    let (seconds, memory) = try firstFrame(programs[index], columns, rows)
                    times[index].append(seconds)
                    if index == 1 { peak = max(peak, memory) }
                }
            }
            let medians = times.map(median)
            print("Exec to the first full frame, \(columns)x\(rows):")
            for (program, runs) in zip(programs, times) {
                print("  \(program.label.padding(toLength: 26, withPad: " ", startingAt: 0))\(Timing.summary(runs))")
            }
            print(String(format: "  ratio daycare-year / floor: %.2f   daycare-year / empty daycare: %.2f",
                         medians[1] / medians[0], medians[1] / medians[2])
                  + (reference == nil ? "" : String(format: "   daycare-year / reference: %.2f", medians[1] / medians[3])))
        }
        var kiosks = [Kiosk(label: "", executable: taskboard, year: year)]
        if let reference { kiosks.append(Kiosk(label: "reference: ", executable: reference, year: copy)) }
        try keysToFrames(kiosks, peak: &peak)
        try floorKeys(floor)
        print("Peak memory of the kiosk on the daycare-year (max RSS, any run): \(peak / 1024) MiB")
    }

    /// Seconds from just before the exec to the first frame's last byte, and the run's peak memory in KiB.
    private static func firstFrame(_ program: Program, _ columns: Int, _ rows: Int) throws -> (Double, Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let terminal = try PseudoTerminal(executable: program.executable, arguments: [], columns: columns, rows: rows,
                                          environment: environment(dataDirectory: program.dataDirectory))
        let end = terminal.readUntilQuiet(quiet: 0.25)
        let text = terminal.text
        let memory = terminal.stop()
        guard let end, text.contains(program.expect) else {
            throw PseudoTerminalError(description: "\(program.label) did not show \(program.expect):\n\(text)")
        }
        return (Double(end - start) / 1e9, memory)
    }

    /// A kiosk whose keys are timed, on its own data directory.
    struct Kiosk {
        /// Before each line of its timings ("" for this build).
        let label: String
        let executable: String
        let year: URL
    }

    /// Key to frame at 120×40 on the daycare-year: a leaderboard period, a
    /// move on the Mark sheet, a tick. With a reference build, the two
    /// kiosks take each key in turn (the order swapped every key), so what
    /// the machine is doing falls on both alike.
    private static func keysToFrames(_ kiosks: [Kiosk], peak: inout Int) throws {
        let terminals = try kiosks.map {
            try PseudoTerminal(executable: $0.executable, arguments: [], columns: 120, rows: 40, environment: environment(dataDirectory: $0.year.path))
        }
        defer {
            peak = max(peak, terminals[0].stop())
            for terminal in terminals.dropFirst() { _ = terminal.stop() }
        }
        for terminal in terminals {
            guard terminal.readUntilQuiet(quiet: 0.25) != nil else { throw PseudoTerminalError(description: "no first frame") }
        }
        print("Key to frame, 120x40, daycare-year (the key's bytes written → the frame's last byte), \(keys) keys each:")
        let labels = kiosks.map(\.label)

        for terminal in terminals { try press(terminal, Keys.tab, expect: "This week") }
        try measureKeys(terminals, labels: labels, label: "leaderboard period (→ ←)", keys: [Keys.right, Keys.left])

        // To the Mark sheet as an adult: the grown-up check's number (read off the screen), then the PIN.
        for terminal in terminals {
            // Tab until the Admin tab's grown-up check shows: a reference build may have fewer tabs (no Today tab).
            for _ in 0..<6 where !terminal.text.contains("hundred") {
                try press(terminal, Keys.tab, expect: nil)
            }
            guard let number = (100...999).last(where: { terminal.text.contains(NumberWords.text($0, in: .en)) }) else {
                throw PseudoTerminalError(description: "no grown-up check on the Admin tab:\n\(terminal.text)")
            }
            try press(terminal, Array("\(number)\r".utf8), expect: "PIN")
            try press(terminal, Array("\(pin)\r".utf8), expect: "Mark")
        }
        try measureKeys(terminals, labels: labels, label: "Mark sheet move (↓ ↑)", keys: [Keys.down, Keys.up])

        // A tick: right until Space saves one (today's journal grows), then Space ticks and unticks it.
        var journals: [(path: String, lines: Int)] = []
        for (terminal, kiosk) in zip(terminals, kiosks) {
            let journal = try todaysJournal(kiosk.year)
            for _ in 0..<8 {
                let before = try size(of: journal)
                try press(terminal, Array(" ".utf8), expect: nil)
                if try size(of: journal) > before { break }
                try press(terminal, Keys.right, expect: nil)
            }
            journals.append((journal, try lines(of: journal)))
        }
        try measureKeys(terminals, labels: labels, label: "a tick, saved (Space)", keys: [Array(" ".utf8)])
        for (terminal, journal) in zip(terminals, journals) {
            let saved = try lines(of: journal.path) - journal.lines
            guard saved == keys else {
                throw PseudoTerminalError(description: "\(keys) Spaces saved \(saved) journal lines:\n\(terminal.text)")
            }
        }
    }

    /// The newest day's journal: the generated year ends today.
    private static func todaysJournal(_ year: URL) throws -> String {
        let marks = year.appendingPathComponent("marks")
        guard let name = try FileManager.default.contentsOfDirectory(atPath: marks.path).filter({ $0.hasSuffix(".jsonl") }).max() else {
            throw PseudoTerminalError(description: "no journal in \(marks.path)")
        }
        return marks.appendingPathComponent(name).path
    }

    private static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    private static func lines(of path: String) throws -> Int {
        try Data(contentsOf: URL(fileURLWithPath: path)).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The floor redrawing its whole 20-row leaderboard on → and ←: what
    /// ncurses and the pty cost for a frame like taskboard's, for scale.
    private static func floorKeys(_ floor: String) throws {
        let terminal = try PseudoTerminal(executable: floor, arguments: [], columns: 120, rows: 40,
                                          environment: environment(dataDirectory: nil))
        defer { _ = terminal.stop() }
        guard terminal.readUntilQuiet(quiet: 0.25) != nil else { throw PseudoTerminalError(description: "no first frame from the floor") }
        try measureKeys([terminal], labels: [""], label: "the floor's period (→ ←)", keys: [Keys.right, Keys.left])
    }

    private static func press(_ terminal: PseudoTerminal, _ key: [UInt8], expect: String?) throws {
        let before = terminal.received.count
        _ = terminal.type(key)
        _ = terminal.readUntilQuiet(quiet: 0.25)
        func shown(_ expect: String) -> Bool {
            String(decoding: terminal.received[before...], as: UTF8.self).contains(expect) || terminal.text.contains(expect)
        }
        // A slow step (the PIN's hash, on purpose a fraction of a second) is quiet for longer: up to 5 s more.
        for _ in 0..<20 { if let expect, !shown(expect) { _ = terminal.readUntilQuiet(quiet: 0.25) } }
        if let expect, !shown(expect) {
            throw PseudoTerminalError(description: "expected \(expect) on the screen:\n\(terminal.text)")
        }
    }

    /// Each key sent to every terminal in turn, the first one changing with each key.
    private static func measureKeys(_ terminals: [PseudoTerminal], labels: [String], label: String, keys: [[UInt8]]) throws {
        var times = Array(repeating: [Double](), count: terminals.count)
        var bytes = Array(repeating: [Int](), count: terminals.count)
        for index in 0..<self.keys {
            for offset in 0..<terminals.count {
                let which = (index + offset) % terminals.count, terminal = terminals[which]
                let before = terminal.received.count
                let sent = terminal.type(keys[index % keys.count])
                guard let end = terminal.readUntilQuiet(quiet: 0.15) else {
                    throw PseudoTerminalError(description: "\(labels[which])\(label): no frame after a key")
                }
                times[which].append(Double(end - sent) / 1e9)
                bytes[which].append(terminal.received.count - before)
            }
        }
        for which in terminals.indices {
            let medianBytes = bytes[which].sorted()[bytes[which].count / 2]
            let name = labels[which] + label
            let padded = name.padding(toLength: max(26, name.count + 2), withPad: " ", startingAt: 0)
            print("  \(padded)\(Timing.summary(times[which])), \(medianBytes) bytes written (median)")
        }
    }

    /// The bench's own environment for a terminal of the pty's size (ncurses
    /// would take LINES and COLUMNS over the pty's size) and the data directory.
    static func environment(dataDirectory: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LINES"] = nil
        environment["COLUMNS"] = nil
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["TASKBOARD_DATA_DIR"] = dataDirectory
        return environment
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// What xterm sends for these keys once ncurses has switched on the keypad.
    enum Keys {
        static let tab: [UInt8] = [0x09]
        static let right: [UInt8] = Array("\u{1B}OC".utf8)
        static let left: [UInt8] = Array("\u{1B}OD".utf8)
        static let down: [UInt8] = Array("\u{1B}OB".utf8)
        static let up: [UInt8] = Array("\u{1B}OA".utf8)
    }
}
