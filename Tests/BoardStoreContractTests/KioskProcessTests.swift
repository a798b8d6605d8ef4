import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Real processes, each a kiosk's store on one database (taskboard-tick-writer).
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskProcessTests {
    @Test func sixKiosksTicking500TimesEachLoseNothingAndDoubleNothing() throws {
        let database = try TestDatabase.makeEmpty()
        let writers = try (0..<6).map { n in
            try TickWriter(count: 500, writer: n, url: database.url, passwordFile: TestDatabase.passwordFile)
        }
        for writer in writers { try writer.waitFor("READY") }
        for writer in writers { writer.go() }
        for writer in writers {
            try writer.waitFor("SENT", seconds: 180)
            #expect(writer.finish() == 0)
        }
        #expect(try database.column("SELECT count(*)::text FROM mark_events") == ["3000"])
        #expect(try database.column("SELECT count(DISTINCT at)::text FROM mark_events") == ["3000"], "a tick sent twice")
        // Each kiosk's ticks in the order it made them.
        let outOfOrder = try database.column("""
            SELECT count(*)::text FROM (SELECT at, lag(at) OVER (PARTITION BY kiosk ORDER BY seq) AS before FROM mark_events) o
            WHERE before IS NOT NULL AND before > at
            """)
        #expect(outOfOrder == ["0"])
        // The day's marks are the last tick of each child and task.
        let wrong = try database.column("""
            SELECT count(*)::text FROM day_marks d JOIN LATERAL (
                SELECT done FROM mark_events e WHERE e.day = d.day AND e.child_id = d.child_id AND e.task_id = d.task_id ORDER BY seq DESC LIMIT 1
            ) last ON true WHERE last.done <> d.done
            """)
        #expect(wrong == ["0"])
        #expect(try database.column("SELECT count(*)::text FROM day_marks") == ["24"])
    }

    /// Three kiosk processes, a child at each typing wrong PINs at once:
    /// five wrong tries in all lock the admin side on every one of them.
    @Test func threeKiosksGuessingAtOnceShareOneLockout() throws {
        let database = try TestDatabase.makeEmpty()
        try PinGuard(store: try database.openDatabase(kiosk: "Office"), hasher: PinHasher(iterations: 2_000))
            .setInitialPin("4829", confirmation: "4829")
        let kiosks = try (0..<3).map { n in
            try TickWriter(count: "pin:6", writer: n, url: database.url, passwordFile: TestDatabase.passwordFile)
        }
        for kiosk in kiosks { try kiosk.waitFor("READY") }
        for kiosk in kiosks { kiosk.go() }
        var answers: [[String]] = []
        for kiosk in kiosks {
            try kiosk.waitFor("DONE", seconds: 60)
            #expect(kiosk.finish() == 0)
            answers.append(kiosk.said.filter { $0.hasPrefix("TRY ") })
        }
        #expect(answers.allSatisfy { $0.count == 6 }, "\(answers)")
        #expect(!answers.joined().contains { $0.hasPrefix("TRY error") }, "\(answers)")
        // A count per kiosk would answer "wrong" up to 12 times; one for the house at most 4 (the fifth locks).
        let wrong = answers.joined().filter { $0 == "TRY wrong" }.count
        #expect((1...4).contains(wrong), "\(answers)")
        for list in answers {
            let firstLocked = list.firstIndex(of: "TRY locked") ?? list.count
            #expect(list[firstLocked...].allSatisfy { $0 == "TRY locked" }, "a try after the lock: \(list)")
        }
        let record = try #require(try database.openDatabase().loadPin())
        #expect(record.lockouts == 1 && record.lockedUntil != nil && record.checksInProgress == 0, "\(record)")
    }

    /// Issue 29: a kiosk starting for the first time (nothing of its own to
    /// show) on a server with no free connection does not exit: it waits on
    /// a screen that says the server is full, logs it once, and opens the
    /// board by itself when another kiosk quits.
    @Test(.enabled(if: PrivateDatabaseServer.isAvailable))
    func aFirstKioskOnAFullServerWaitsSayingSoAndOpensWhenASlotFrees() throws {
        // A holder killed in the middle of its query is noticed within 0.2 s.
        let server = try PrivateDatabaseServer(settings: ["max_connections=6", "client_connection_check_interval=200"])
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Office")
        try login.open().close()   // the tables made
        // Other kiosks hold every connection there is (each in a process of
        // its own); one that found no room yet (a backend still ending) is
        // started again, until six hold on and a seventh is refused.
        var holders: [pid_t] = []
        defer { holders.forEach(PrivateDatabaseServer.release) }
        var full = false
        for _ in 0..<40 where !full {
            holders = holders.filter { !Self.ended($0) }
            while holders.count < 6 { holders.append(try server.holdConnection()) }
            Thread.sleep(forTimeInterval: 0.5)
            let alive = holders.filter { !Self.ended($0) }.count
            do { try login.open(deadline: .seconds(5)).close() } catch let error as DatabaseError {
                full = error.refusal == .serverFull && alive == 6
            }
        }
        try #require(full, "six holders never filled the server")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-first-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let binary = try #require(BuiltProducts.executable("taskboard"), "build the package first")
        let terminal = try PseudoTerminal(executable: binary.path, arguments: ["--no-kiosk", "--database", server.address.description, "--data-dir", local.path],
                                          columns: 80, rows: 24, environment: kioskEnvironment())
        defer { _ = terminal.stop() }
        func waitFor(_ words: String, seconds: Double) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                _ = terminal.readUntilQuiet(quiet: 0.3, limit: 1)
                if terminal.text.contains(words) { return true }
            }
            return false
        }
        #expect(waitFor("The database server is full", seconds: 15), "\(terminal.text)")
        #expect(terminal.text.contains("Trying again every 5 seconds"))
        // Still waiting a retry later, not exited.
        Thread.sleep(forTimeInterval: 6)
        #expect(terminal.exitStatus(limit: 0.1) == nil, "the kiosk exited: \(terminal.text)")

        // Another kiosk quits: its two connections free, as many as this one needs.
        holders.suffix(2).forEach(PrivateDatabaseServer.release)
        holders.removeLast(2)
        // A new daycare's first screen: choosing the admin PIN.
        #expect(waitFor("Welcome to the task board", seconds: 20), "the board did not open: \(terminal.text.suffix(600)) log: \((try? String(contentsOf: local.appendingPathComponent("taskboard.log"), encoding: .utf8)) ?? "none")")
        let log = try String(contentsOf: local.appendingPathComponent("taskboard.log"), encoding: .utf8)
        let waits = log.split(separator: "\n").filter { $0.contains("waiting for the database") }
        #expect(waits.count == 1 && waits[0].contains("no room for another connection"), "\(log)")
        _ = terminal.type([3])
        #expect(terminal.exitStatus(limit: 10) == 0)
    }

    /// Issue 29: a kiosk on a database stopped as systemd stops it (SIGTERM)
    /// says so to the others: `taskboard rooms` lists it stopped, not gone.
    @Test func aKioskStoppedBySIGTERMIsListedStopped() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-stopped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let binary = try #require(BuiltProducts.executable("taskboard"), "build the package first")
        let terminal = try PseudoTerminal(executable: binary.path, arguments: ["--data-dir", local.path], columns: 80, rows: 24,
                                          environment: kioskEnvironment(["TASKBOARD_DATABASE_URL": database.url,
                                                                         "TASKBOARD_DATABASE_PASSWORD_FILE": TestDatabase.passwordFile,
                                                                         "TASKBOARD_KIOSK_NAME": "Hall"]))
        defer { _ = terminal.stop() }
        let rooms = try database.openDatabase(kiosk: "rooms", readOnly: true)
        func state() -> KioskStatus.State? { (try? rooms.kioskRoll()).flatMap { roll in roll.kiosks.first.map { $0.state(at: roll.now) } } }
        let end = Date().addingTimeInterval(15)
        while state() != .online, Date() < end { _ = terminal.readUntilQuiet(quiet: 0.1, limit: 0.5) }
        #expect(state() == .online, "\(terminal.text)")
        kill(terminal.pid, SIGTERM)
        #expect(terminal.exitStatus(limit: 15) == 0)
        guard case .stopped? = state() else {
            Issue.record("not listed stopped: \(String(describing: state()))")
            return
        }
        let log = try String(contentsOf: local.appendingPathComponent("taskboard.log"), encoding: .utf8)
        #expect(log.contains("asked to stop (SIGTERM); stopping"), "\(log)")
    }

    @Test(.enabled(if: PrivateDatabaseServer.isAvailable))
    func aKioskKilledWithChangesWaitingSendsThemWhenItStartsAgain() throws {
        let server = try PrivateDatabaseServer()
        let url = server.address.description
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-killed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let first = try TickWriter(count: 1000, writer: 0, url: url, passwordFile: nil, local: local)
        try first.waitFor("READY")
        try server.stop()
        first.go()
        // Killed in the middle of its ticks, all of them still in the outbox.
        try first.waitFor("ACK 99")
        first.kill()
        let acknowledged = first.acknowledged
        #expect(acknowledged >= 100)
        try server.start()
        let second = try TickWriter(count: 0, writer: 0, url: url, passwordFile: nil, local: local)
        try second.waitFor("READY")
        second.go()
        try second.waitFor("SENT", seconds: 60)
        #expect(second.finish() == 0)
        let store = try DatabaseLogin(address: server.address, password: nil, kioskName: "check").open()
        let ats = try store.marks(on: Day(year: 2026, month: 11, day: 24)!).map(\.at)
        // Every acknowledged tick once, in order; at most the one being written when killed besides.
        #expect(Array(ats.prefix(acknowledged)) == (0..<Int64(acknowledged)).map { $0 })
        #expect(ats.count == acknowledged || ats.count == acknowledged + 1, "\(ats.count) ticks for \(acknowledged) acknowledged")
        #expect(Set(ats).count == ats.count, "a tick sent twice")
    }

    /// The kiosk's environment in these tests: this one's, with a UTF-8 locale, xterm and `extra`.
    private func kioskEnvironment(_ extra: [String: String?] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        for (name, value) in extra { environment[name] = value }
        return environment
    }
}

/// One taskboard-tick-writer process and what it has said.
final class TickWriter: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lines = Lines()
    /// The local directory this writer made for itself, removed when it goes; a caller's is the caller's.
    private let ownDirectory: URL?

    convenience init(count: Int, writer: Int, url: String, passwordFile: String?, local: URL? = nil) throws {
        try self.init(count: "\(count)", writer: writer, url: url, passwordFile: passwordFile, local: local)
    }

    /// `count` as the writer takes it: a number of ticks, or "pin:N" wrong PINs.
    init(count: String, writer: Int, url: String, passwordFile: String?, local: URL? = nil) throws {
        let directory = local ?? FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-writer-\(UUID().uuidString)")
        ownDirectory = local == nil ? directory : nil
        let executable: URL = try #require(BuiltProducts.executable("taskboard-tick-writer"), "build the package first")
        process.executableURL = executable
        process.arguments = [directory.path, "\(count)", "\(writer)"]
        var environment = ProcessInfo.processInfo.environment
        environment["TASKBOARD_DATABASE_URL"] = url
        environment["TASKBOARD_DATABASE_PASSWORD_FILE"] = passwordFile
        process.environment = environment
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        let lines = self.lines
        output.fileHandleForReading.readabilityHandler = { handle in lines.add(handle.availableData) }
        try process.run()
    }

    deinit {
        if process.isRunning { kill() }
        if let ownDirectory { try? FileManager.default.removeItem(at: ownDirectory) }
    }

    func go() { input.fileHandleForWriting.write(Data("GO\n".utf8)) }

    func waitFor(_ line: String, seconds: Double = 30) throws {
        let start = Date()
        while !lines.contains(line) {
            if !process.isRunning && !lines.contains(line) {
                throw Failure(description: "the writer stopped (\(process.terminationStatus)) before \(line)")
            }
            guard Date().timeIntervalSince(start) < seconds else { throw Failure(description: "no \(line) within \(seconds) s") }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Every line it said so far.
    var said: [String] { lines.all }

    /// The number of ACK lines seen.
    var acknowledged: Int { lines.count { $0.hasPrefix("ACK ") } }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func finish() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}

/// Lines read from a pipe on another thread.
private final class Lines: Sendable {
    private let read = Locked((pending: Data(), lines: [String]()))

    var all: [String] { read.withLock { $0.lines } }

    func add(_ data: Data) {
        read.withLock { read in
            read.pending.append(data)
            while let end = read.pending.firstIndex(of: UInt8(ascii: "\n")) {
                read.lines.append(String(decoding: read.pending[read.pending.startIndex..<end], as: UTF8.self))
                read.pending.removeSubrange(read.pending.startIndex...end)
            }
        }
    }

    func contains(_ line: String) -> Bool { read.withLock { $0.lines.contains(line) } }
    func count(where matches: (String) -> Bool) -> Int { read.withLock { $0.lines.filter(matches).count } }
}

extension KioskProcessTests {
    /// Whether a child of ours has ended (collected now, or before), without waiting.
    static func ended(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
    }
}
