import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
import TaskBoardTools
import TaskBoardUI

/// The Today tab (issue 27) on the demo daycare, open every day for this:
/// key to frame at 120×40 in the process and from outside, beside the
/// leaderboard's period key in the same run; and the frames the kiosk
/// writes in a minute with no key, with one task's time set to the next
/// minute so that the marker moves once in it (one frame, and no other).
enum RoomDayReport {
    static let keys = 101
    /// When the marker is to move: a whole minute at least 90 s from the start.
    static let markerMoves = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + 90) / 60).rounded(.up) * 60)

    static func measure() throws {
        guard let assets = AssetsDirectory.find() else {
            print("Today timings skipped: no assets folder (set TASKBOARD_ASSETS)")
            return
        }
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-today-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try DemoDaycare.write(into: directory, today: DayCalendar(zoneIdentifier: nil).day(of: Date()))
        // In a function of its own: its daycare holds the data directory's lock until it is gone.
        let wall = try inProcess(directory, assets: assets)
        try outside(directory, at: wall)
    }

    /// Key to frame in the process; returns the time of day the marker moves at.
    private static func inProcess(_ directory: URL, assets: URL) throws -> TimeOfDay {
        let daycare = try Daycare(store: try JSONFileStore(directory: directory))
        var settings = daycare.settings
        settings.closedWeekdays = []
        try daycare.updateSettings(settings)
        // Helping a friend, the demo's one task without a time, at the first
        // minute at least 90 s away (the keys below take about a minute):
        // the marker moves then, inside the minute that is watched.
        let wall = daycare.calendar.timeOfDay(of: markerMoves)
        guard let help = daycare.roster.tasks.first(where: { $0.time == nil }) else { throw ScreenReport.WrongScreen(description: "no untimed task") }
        try daycare.perform(.setTaskTime(help.id, to: wall))

        let strings = try Strings(data: Data(contentsOf: assets.appendingPathComponent("strings/en.json")))
        let runtime = KioskRuntime(daycare: daycare, screen: KioskScreen(strings: strings, theme: Theme(color: true, unicode: true)),
                                   size: Size(width: 120, height: 40))
        print("Today (issue 27), the demo at 120x40, key to frame in the process, medians of \(keys) keys:")
        runtime.handle(.key(.tab))
        let leaderboard = (0..<keys).map { index in
            Timing.seconds {
                runtime.handle(.key(index % 2 == 0 ? .right : .left))
                _ = runtime.render()
            }
        }
        runtime.handle(.key(.tab))
        runtime.handle(.key(.enter))
        guard runtime.state.side == .child(.today), runtime.render().textLines.contains(where: { $0.contains("▶") }) else {
            throw ScreenReport.WrongScreen(description: "Today shows no now:\n\(runtime.render().textLines.joined(separator: "\n"))")
        }
        // Esc shows the groups, Enter the day again: the whole tab drawn each key.
        let today = (0..<keys).map { index in
            Timing.seconds {
                runtime.handle(.key(index % 2 == 0 ? .escape : .enter))
                _ = runtime.render()
            }
        }
        let tick = (0..<keys).map { _ in
            Timing.seconds {
                runtime.handle(.tick(Date()))
                _ = runtime.render()
            }
        }
        print("  leaderboard period (→ ←):     \(Timing.summary(leaderboard))")
        print("  Today, groups and back (Esc Enter): \(Timing.summary(today))")
        print("  Today, the timer's tick:      \(Timing.summary(tick))")
        return wall
    }

    /// The real kiosk in a pseudo-terminal (the release build beside the benchmark).
    private static func outside(_ directory: URL, at wall: TimeOfDay) throws {
        let taskboard = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("taskboard").path
        guard FileManager.default.isExecutableFile(atPath: taskboard) else {
            print("Today's outside timings skipped: build taskboard beside the benchmark")
            return
        }
        let terminal = try PseudoTerminal(executable: taskboard, arguments: [], columns: 120, rows: 40,
                                          environment: OutsideReport.environment(dataDirectory: directory.path))
        defer { _ = terminal.stop() }
        guard terminal.readUntilQuiet(quiet: 0.5) != nil else { throw PseudoTerminalError(description: "no first frame") }
        let tab: [UInt8] = [0x09], enter: [UInt8] = [0x0D], backTab = Array("\u{1B}[Z".utf8)
        let right = Array("\u{1B}OC".utf8), left = Array("\u{1B}OD".utf8)
        _ = terminal.type(tab)
        _ = terminal.readUntilQuiet(quiet: 0.3)
        let leaderboard = try timeKeys(terminal, [right, left])
        for key in [tab, enter] {
            _ = terminal.type(key)
            _ = terminal.readUntilQuiet(quiet: 0.3)
        }
        guard terminal.text.contains("▶") else { throw PseudoTerminalError(description: "Today shows no now:\n\(terminal.text)") }
        // Tab from the leaderboard to the whole of Today (Shift-Tab back, not
        // timed); not Esc, which ncurses holds for its escape delay in case
        // a key's sequence follows.
        let today = try timeKeys(terminal, [tab], before: backTab)
        print("From outside, key to the frame's last byte, medians of \(keys) keys:")
        print("  leaderboard period (→ ←):     \(Timing.summary(leaderboard.times)), \(leaderboard.bytes) bytes (median)")
        print("  Today, from the leaderboard (Tab): \(Timing.summary(today.times)), \(today.bytes) bytes (median)")

        // A minute with no key, the marker's move half way through it: the frames written, and when.
        let wait = markerMoves.timeIntervalSinceNow - 30
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        let start = Date()
        var frames: [(Date, Int)] = []
        while Date().timeIntervalSince(start) < 60 {
            let before = terminal.received.count
            let remaining = 60 - Date().timeIntervalSince(start)
            guard terminal.readUntilQuiet(quiet: 0.2, limit: max(0.01, remaining)) != nil else { continue }
            frames.append((Date(), terminal.received.count - before))
        }
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss"
        let said = frames.map { "\(clock.string(from: $0.0)) (\($0.1) bytes)" }.joined(separator: ", ")
        print("  A minute with no key on Today (a task at \(wall)): \(frames.count) frame(s) written\(said.isEmpty ? "" : ": " + said)")
    }

    /// Each key's time to its frame; `before`, if given, is sent (and its frame read) before each, not timed.
    private static func timeKeys(_ terminal: PseudoTerminal, _ keys: [[UInt8]], before: [UInt8]? = nil,
                                 quiet: Double = 0.15) throws -> (times: [Double], bytes: Int) {
        var times: [Double] = [], bytes: [Int] = []
        for index in 0..<self.keys {
            if let before {
                _ = terminal.type(before)
                _ = terminal.readUntilQuiet(quiet: quiet)
            }
            let before = terminal.received.count
            let sent = terminal.type(keys[index % keys.count])
            guard let end = terminal.readUntilQuiet(quiet: quiet) else {
                throw PseudoTerminalError(description: "no frame after key \(index) (\(keys[index % keys.count])):\n\(terminal.text.suffix(3000))")
            }
            times.append(Double(end - sent) / 1e9)
            bytes.append(terminal.received.count - before)
        }
        return (times, bytes.sorted()[bytes.count / 2])
    }
}
