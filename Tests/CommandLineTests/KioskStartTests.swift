import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// The kiosk as its systemd unit starts it (`taskboard`, no arguments), in a
/// pseudo-terminal as a person's screen.
@Suite("the kiosk's start") struct KioskStartTests {
    /// Issue 13: the first frame comes before the marks are read. A journal
    /// that cannot be trusted then still stops the kiosk with its words, said
    /// on the terminal given back, never under the screen.
    @Test func aDamagedJournalStopsTheKioskAfterItsFirstFrameWithTheWordsOnTheTerminalGivenBack() throws {
        try withDemoDaycare { data in
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(TaskBoardProcess.date)).flush()
            let journal = data.appendingPathComponent("marks/2026-11-20.jsonl")
            let whole = try Data(contentsOf: journal)
            let lines = whole.split(separator: UInt8(ascii: "\n"))
            let cut = Data(lines.dropLast(2).joined(separator: [UInt8(ascii: "\n")])) + Data("\n".utf8)
            try cut.write(to: journal)

            let terminal = try kiosk(on: data)
            let status = terminal.exitStatus()
            _ = terminal.stop()
            #expect(status == 1)
            let screen = terminal.text
            let words = "The marks of 2026-11-20 are shorter than recorded (\(cut.count) of \(whole.count) bytes)"
            let frame = try #require(screen.range(of: "Choose your group"), "no first frame: \(screen)")
            let said = try #require(screen.range(of: words), "the words are missing: \(screen)")
            // xterm's "leave the alternate screen" (rmcup): the terminal is given back before the words.
            // The last one: ncurses also leaves and comes back once at its start (NcursesTerminal.writeFramesWhole).
            let raw = String(decoding: terminal.received, as: UTF8.self)
            let givenBack = try #require(raw.range(of: "\u{1B}[?1049l", options: .backwards))
            #expect(frame.lowerBound < said.lowerBound)
            #expect(raw[givenBack.upperBound...].contains(words), "the words came before the terminal was given back")
        }
    }

    /// The other language's texts are read after the first frame: a broken
    /// file of them still stops the kiosk, with its name, on the terminal given back.
    @Test func aBrokenFileOfTheOtherLanguageStopsTheKioskAfterItsFirstFrame() throws {
        try withDemoDaycare { data in
            let assets = data.deletingLastPathComponent().appendingPathComponent("assets")
            try FileManager.default.copyItem(at: KioskFixtureAssets.folder, to: assets)
            let finnish = assets.appendingPathComponent("strings/fi.json")
            try Data("{\"schema\": 1, \"language\": ".utf8).write(to: finnish)
            let terminal = try kiosk(on: data, assets: assets)
            let status = terminal.exitStatus()
            _ = terminal.stop()
            #expect(status == 1)
            let screen = terminal.text
            let frame = try #require(screen.range(of: "Choose your group"), "no first frame: \(screen)")
            let said = try #require(screen.range(of: "taskboard: \(finnish.path):"), "the file is not named: \(screen)")
            #expect(frame.lowerBound < said.lowerBound)
        }
    }

    /// Issue 26: a second kiosk on a data directory says that one runs
    /// there, and how to show the board on a second screen.
    @Test func aSecondKioskSaysOneRunsAndHowToShowTheBoardTwice() throws {
        try withDemoDaycare { data in
            let first = try JSONFileStore(directory: data, holder: .kiosk)
            let second = try TaskBoardProcess.run([], environment: ["TASKBOARD_DATA_DIR": data.path, "TERM": "xterm-256color"])
            #expect(second.status == 1)
            #expect(second.stdout == "")
            #expect(second.stderr == "taskboard: A kiosk is already running on \(data.path) (pid \(getpid())), and a data directory has one kiosk: "
                + "this one did not start. For the same board on a second screen: taskboard --view-only --data-dir \(data.path)\n")
            let named = try TaskBoardProcess.run(["kiosk", "--data-dir", data.path])
            #expect(named.status == 1 && named.stderr == second.stderr)
            withExtendedLifetime(first) {}
        }
    }

    /// Issue 26: `taskboard --demo --lang fi` is the demo in Finnish, its
    /// tasks as well as the screen's words; nothing is left behind.
    @Test func theDemoKioskHasTheLanguageAskedForInItsTasksToo() throws {
        try withTemporaryDirectory { root in
            var environment = ProcessInfo.processInfo.environment
            environment["TASKBOARD_NOW"] = TaskBoardProcess.now
            environment["TZ"] = "Europe/Helsinki"
            environment["LANG"] = "C.UTF-8"
            environment["LC_ALL"] = nil
            environment["LC_MESSAGES"] = nil
            environment["TERM"] = "xterm-256color"
            environment["TMPDIR"] = root.path
            let terminal = try PseudoTerminal(executable: try TaskBoardProcess.executable().path, arguments: ["--demo", "--lang", "fi", "--no-kiosk"],
                                              columns: 80, rows: 24, environment: environment)
            _ = terminal.readUntilQuiet(quiet: 0.5)
            for _ in 0..<2 {                        // Oravat, then Aino
                _ = terminal.type([13])
                _ = terminal.readUntilQuiet(quiet: 0.5)
            }
            let screen = terminal.text
            _ = terminal.type([3])                  // Ctrl-C quits with --no-kiosk
            let status = terminal.exitStatus()
            _ = terminal.stop()
            #expect(screen.contains("Valitse ryhmäsi") && screen.contains("Kuka sinä olet?"), "\(screen)")
            // Aino's board: the library's first four tasks.
            for word in ["vaatteet", "hampaat", "lelut", "kädet"] {
                #expect(screen.contains(word), "\(word) is not on \(screen)")
            }
            #expect(!screen.contains("dressed") && !screen.contains("teeth"), "\(screen)")
            #expect(status == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
        }
    }

    /// Issue 41: a daycare started with `--lang fi` is Finnish from then on:
    /// the first PIN keeps the language in the settings, so the commands
    /// print in it too without `--lang` (the first group and child are
    /// added on the kiosk, then the child's board printed whole).
    @Test func theFirstStartsLanguageIsTheDaycares() throws {
        try withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            var environment = ProcessInfo.processInfo.environment
            environment["TASKBOARD_NOW"] = TaskBoardProcess.now
            environment["LANG"] = "C.UTF-8"
            environment["LC_ALL"] = nil
            environment["LC_MESSAGES"] = nil
            environment["TERM"] = "xterm-256color"
            let terminal = try PseudoTerminal(executable: try TaskBoardProcess.executable().path,
                                              arguments: ["--lang", "fi", "--no-kiosk", "--data-dir", data.path], columns: 80, rows: 24, environment: environment)
            _ = terminal.readUntilQuiet(quiet: 0.5)
            var screen = ""
            for (index, keys) in ["4829\r", "4829\r", "\r", "Oravat\r", "Aino\r", "\u{1B}"].enumerated() {
                _ = terminal.type(Array(keys.utf8))
                _ = terminal.readUntilQuiet(quiet: 0.5)
                // The PIN is hashed before the next step shows: on a busy machine, a while.
                let start = Date()
                while index == 1, !terminal.text.contains("Vaihe 2/2"), Date().timeIntervalSince(start) < 20 {
                    _ = terminal.readUntilQuiet(quiet: 0.5, limit: 2)
                }
                if index == 1 { screen = terminal.text }
            }
            kill(terminal.pid, SIGTERM)
            #expect(terminal.exitStatus() == 0)
            _ = terminal.stop()
            #expect(screen.contains("Vaihe 2/2") || screen.contains("Päiväkodissa"), "\(screen)")
            let settings = try String(contentsOf: data.appendingPathComponent("settings.json"), encoding: .utf8)
            #expect(settings.contains("\"language\":\"fi\""), "\(settings)")
            // A command without --lang, in an English locale, speaks Finnish.
            let printed = try TaskBoardProcess.run(["print", "leaderboard", "--data-dir", data.path], environment: ["LANG": "en_US.UTF-8"])
            #expect(printed.stdout.contains("Pistetaulukko"), "\(printed.stdout)\(printed.stderr)")
            let board = try TaskBoardProcess.run(["print", "board", "--child", "Aino", "--width", "40", "--data-dir", data.path],
                                                 environment: ["LANG": "en_US.UTF-8"])
            #expect(board.stdout == """
                  🦊 Oravat        sunnuntai 22.11.2026

                  🐻 Aino   0 / 0 tehty tänään

                  Tänään ei ole tehtäviä.

                  ma   ti   ke   to   pe   la   su –

                """, "the whole board in Finnish: \(board.stdout)\(board.stderr)")
        }
    }

    /// Issue 42: an older package installed over data a newer taskboard
    /// wrote. The kiosk changes nothing, says so on its screen and in the
    /// log (and on stderr, the journal under its units), waits rather than
    /// exit into a restart loop, and opens the board by itself once the data
    /// can be read; SIGTERM still ends the wait in order.
    @Test func dataFromANewerTaskboardIsSaidOnTheScreenAndTheBoardOpensOnceItCanBeRead() throws {
        try withDemoDaycare { data in
            let settings = data.appendingPathComponent("settings.json")
            let original = try Data(contentsOf: settings)
            let text = String(decoding: original, as: UTF8.self)
            let newer = text.replacingOccurrences(of: #""schema":\s*\d+"#, with: "\"schema\":99", options: .regularExpression)
            try #require(newer != text, "no schema in \(text)")
            try Data(newer.utf8).write(to: settings)
            let before = try DirectorySnapshot.of(data, skippingLock: true).files.filter { $0.key != "taskboard.log" }

            let terminal = try kiosk(on: data)
            defer { _ = terminal.stop() }
            _ = terminal.readUntilQuiet(quiet: 0.5)
            let screen = terminal.text
            #expect(screen.contains("The board cannot open") && screen.contains("newer taskboard"), "\(screen)")
            #expect(screen.contains("settings.json"), "the file is named: \(screen)")
            #expect(!screen.contains("Choose your group"), "\(screen)")
            #expect(try DirectorySnapshot.of(data, skippingLock: true).files.filter { $0.key != "taskboard.log" } == before,
                    "nothing of the data was changed")
            let log = try String(contentsOf: data.appendingPathComponent("taskboard.log"), encoding: .utf8)
            #expect(log.contains("cannot start: \(settings.path): written by a newer taskboard (schema 99)"), "\(log)")

            // The newer data taken away (say, the newer package installed again): the board opens by itself.
            try original.write(to: settings)
            let start = Date()
            while !terminal.text.contains("Choose your group"), Date().timeIntervalSince(start) < 15 {
                _ = terminal.readUntilQuiet(quiet: 0.3, limit: 1)
            }
            #expect(terminal.text.contains("Choose your group"), "\(terminal.text)")
            kill(terminal.pid, SIGTERM)
            #expect(terminal.exitStatus(limit: 10) == 0)
            let after = try String(contentsOf: data.appendingPathComponent("taskboard.log"), encoding: .utf8)
            #expect(after.contains("started after"), "\(after)")
        }
    }

    /// The wait itself ends in order on SIGTERM (systemd stopping the unit, or a package's upgrade restarting it).
    @Test func aKioskWaitingOnNewerDataStopsInOrder() throws {
        try withDemoDaycare { data in
            let settings = data.appendingPathComponent("settings.json")
            let text = try String(contentsOf: settings, encoding: .utf8)
            try Data(text.replacingOccurrences(of: #""schema":\s*\d+"#, with: "\"schema\":99", options: .regularExpression).utf8).write(to: settings)
            let terminal = try kiosk(on: data)
            defer { _ = terminal.stop() }
            _ = terminal.readUntilQuiet(quiet: 0.5)
            #expect(terminal.text.contains("The board cannot open"), "\(terminal.text)")
            kill(terminal.pid, SIGTERM)
            #expect(terminal.exitStatus(limit: 10) == 0)
            let log = try String(contentsOf: data.appendingPathComponent("taskboard.log"), encoding: .utf8)
            #expect(log.contains("asked to stop (SIGTERM) while waiting to start"), "\(log)")
        }
    }

    /// Issue 29: SIGTERM (systemd stopping the unit) and SIGHUP end the kiosk
    /// as a quit does: the terminal given back (a killed kiosk leaves it on
    /// the alternate screen), the log saying why, exit 0; before, the signal
    /// killed it where it stood.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aKioskAskedToStopStopsInOrder(_ signal: Int32) throws {
        try withDemoDaycare { data in
            let terminal = try kiosk(on: data)
            defer { _ = terminal.stop() }
            _ = terminal.readUntilQuiet(quiet: 0.5)
            #expect(terminal.text.contains("Choose your group"), "\(terminal.text)")
            let before = terminal.received.count
            kill(terminal.pid, signal)
            #expect(terminal.exitStatus(limit: 10) == 0)
            // The alternate screen left: the terminal is the user's again.
            let after = Array(terminal.received[before...])
            #expect(String(decoding: after, as: UTF8.self).contains("\u{1B}[?1049l"), "\(after)")
            let name = signal == SIGTERM ? "SIGTERM" : "SIGHUP"
            let log = try String(contentsOf: data.appendingPathComponent("taskboard.log"), encoding: .utf8)
            #expect(log.contains("asked to stop (\(name)); stopping"), "\(log)")
        }
    }

    /// pin.json gone from a daycare with ticks: the kiosk must not ask
    /// whoever stands at it to choose the admin PIN (the first start's
    /// form). It waits on a screen that says why; check says so too; and
    /// `taskboard reset-pin` mends it, the waiting kiosk then starting.
    @Test func aLostPinIsNotAFirstStart() throws {
        try withDemoDaycare { data in
            try FileManager.default.removeItem(at: data.appendingPathComponent("pin.json"))
            let words = "it is missing, but the ticks of 16 days are still here; the kiosk would ask whoever stands at it to choose the admin PIN."
            let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(check.status == 1 && check.stdout.contains("pin.json: \(words)"), "\(check.stdout)\(check.stderr)")
            let terminal = try kiosk(on: data)
            defer { _ = terminal.stop() }
            _ = terminal.readUntilQuiet(quiet: 0.5)
            let waiting = terminal.text
            #expect(!waiting.contains("choose a PIN") && !waiting.contains("New PIN"), "\(waiting)")
            #expect(waiting.contains("Put the file back, or set a new PIN with taskboard reset-pin"), "\(waiting)")
            let reset = try TaskBoardProcess.run(["reset-pin", "--data-dir", data.path], input: "4793\n4793\n")
            #expect(reset.status == 0, "\(reset.stderr)")
            // The kiosk tries again every 5 s.
            let start = Date()
            while !terminal.text.contains("Choose your group"), Date().timeIntervalSince(start) < 20 {
                _ = terminal.readUntilQuiet(quiet: 0.5, limit: 2)
            }
            #expect(terminal.text.contains("Choose your group"), "\(terminal.text)")
        }
    }

    /// A kiosk whose parent started it with signals blocked (one that
    /// spawns from a thread that blocks them, as Dispatch's threads do)
    /// still draws a resize at once and still stops in order when asked.
    /// Before, such a kiosk slept through the resize until the next key.
    @Test(arguments: [false, true])
    func aResizeIsDrawnAtOnceEvenWithSignalsBlockedByTheParent(_ blockedByParent: Bool) throws {
        try withDemoDaycare { data in
            let terminal = try kiosk(on: data, blocked: blockedByParent ? [SIGWINCH, SIGTERM, SIGHUP] : [])
            defer { _ = terminal.stop() }
            _ = terminal.readUntilQuiet(quiet: 0.5)
            #expect(terminal.text.contains("Choose your group"), "\(terminal.text)")
            let before = terminal.received.count
            try terminal.resize(columns: 50, rows: 16)
            // No key comes: a kiosk that missed the signal draws nothing.
            #expect(terminal.readUntilQuiet(quiet: 0.3, limit: 5) != nil, "nothing was drawn after the resize")
            let frame = String(decoding: terminal.received[before...], as: UTF8.self)
            #expect(frame.contains("Choose your group"), "\(frame)")
            kill(terminal.pid, SIGTERM)
            #expect(terminal.exitStatus(limit: 10) == 0)
        }
    }

    private func kiosk(on data: URL, assets: URL? = nil, blocked: [Int32] = []) throws -> PseudoTerminal {
        var environment = ProcessInfo.processInfo.environment
        environment["TASKBOARD_NOW"] = TaskBoardProcess.now
        environment["TZ"] = "Europe/Helsinki"
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        environment["TASKBOARD_DATA_DIR"] = data.path
        if let assets { environment["TASKBOARD_ASSETS"] = assets.path }
        return try PseudoTerminal(executable: try TaskBoardProcess.executable().path, arguments: [], columns: 80, rows: 24,
                                  environment: environment, blocked: blocked)
    }
}

/// The repository's assets folder.
enum KioskFixtureAssets {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets", isDirectory: true)
}
