import Foundation
import Testing
import TaskBoard
import TaskBoardTestSupport
@testable import TaskBoardPostgres

/// The server ends the store's session (`pg_terminate_backend`, as an
/// administrator, a restart or a fault would) while it ticks: each tick
/// fails at once in words that say why, or goes in on a new connection;
/// none waits for the deadline.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct ClosedConnectionTests {
    /// The store's deadline; a closed connection must be said well before it.
    static let deadline = Duration.seconds(5)
    /// Generous for a loaded 2-core machine, and well under the deadline.
    static let atOnce = Duration.seconds(2)

    /// What one tick did and how long it took.
    struct Tick: CustomStringConvertible {
        var took: Duration
        var error: DatabaseError?
        var description: String { "\(took): \(error?.message ?? "saved")" }
    }

    private func tick(_ store: PostgresBoardStore, _ i: Int) -> Tick {
        let started = ContinuousClock.now
        do {
            try store.appendMark(Samples.event(i), on: Samples.day)
            return Tick(took: ContinuousClock.now - started, error: nil)
        } catch {
            return Tick(took: ContinuousClock.now - started, error: error as? DatabaseError ?? DatabaseError(.damaged, "not a DatabaseError: \(error)"))
        }
    }

    private func endSessions(_ database: TestDatabase) throws -> Int {
        try HeldTransaction.terminateSessions(at: database.address, password: database.password, where: "datname = current_database()")
    }

    private func checkWords(_ ticks: [Tick]) {
        for error in ticks.compactMap(\.error) {
            #expect(!error.message.contains("Generic description") && !error.message.contains("PSQLError"), "\(error.message)")
            #expect(error.isOutage, "a closed connection is an outage: \(error.message)")
            #expect(error.message.contains("closed the connection") || error.message.contains("the connection broke"),
                    "names the cause: \(error.message)")
        }
    }

    @Test func aTickAfterTheServerEndedTheSessionFailsAtOnceInWords() throws {
        let database = try TestDatabase.makeEmpty()
        let store = try database.openDatabase(kiosk: "Hall", deadline: Self.deadline)
        var ticks: [Tick] = []
        for round in 0..<16 {
            try #require(tick(store, 100 + round).error == nil, "connected again")
            #expect(try endSessions(database) >= 1)
            // Sometimes the close is still on its way, sometimes it has come.
            if round % 2 == 1 { Thread.sleep(forTimeInterval: 0.05) }
            ticks.append(tick(store, round))
        }
        let slowest = ticks.map(\.took).max() ?? .zero
        print("closed connection: slowest of \(ticks.count) ticks \(slowest); failed \(ticks.filter { $0.error != nil }.count)")
        #expect(slowest < Self.atOnce, "\(ticks)")
        checkWords(ticks)
        // Nothing is lost that was said saved.
        let saved = Set(try database.openDatabase().marks(on: Samples.day).map(\.at))
        for (round, tick) in ticks.enumerated() where tick.error == nil {
            #expect(saved.contains(Samples.event(round).at))
        }
    }

    @Test func ticksWhileTheServerKeepsEndingSessionsNeverWaitForTheDeadline() throws {
        let database = try TestDatabase.makeEmpty()
        let store = try database.openDatabase(kiosk: "Hall", deadline: Self.deadline)
        let stopped = Locked(false)
        let ender = Thread {
            while !stopped.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: 0.07)
                _ = try? HeldTransaction.terminateSessions(at: database.address, password: database.password,
                                                           where: "datname = current_database()")
            }
        }
        ender.start()
        var ticks: [Tick] = []
        let started = ContinuousClock.now
        var i = 0
        while ContinuousClock.now - started < .seconds(3) {
            ticks.append(tick(store, i))
            i += 1
        }
        stopped.withLock { $0 = true }
        let slowest = ticks.map(\.took).max() ?? .zero
        print("closed connections while ticking: slowest of \(ticks.count) ticks \(slowest); failed \(ticks.filter { $0.error != nil }.count)")
        for message in Set(ticks.compactMap { $0.error?.message.replacingOccurrences(of: database.url, with: "…") }).sorted() {
            print("  said: \(message)")
        }
        #expect(slowest < Self.atOnce, "\(ticks.filter { $0.took >= Self.atOnce })")
        #expect(ticks.contains { $0.error != nil }, "the server ended sessions while ticking")
        checkWords(ticks)
    }

    /// A kiosk whose connections the server ends goes offline at once, saying
    /// why (its listener hears the close), and comes back by itself.
    @Test func aKioskWhoseSessionsTheServerEndsSaysWhyAndComesBack() throws {
        let database = try TestDatabase.makeEmpty()
        let login = DatabaseLogin(address: database.address, password: database.password, kioskName: "Hall")
        try login.open().saveRoster(try Samples.roster())
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-closed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let store = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: Self.deadline, now: Samples.clock(on: Samples.day))
        defer { store.close() }
        store.answerQuickly()
        func reason() -> String? { if case .offline(_, let reason, _) = store.connectionState { reason } else { nil } }
        try #require(waitUntil(10, every: 0.005) { store.connectionState == .online } != nil, "online at first")
        // The worker has its connection, listening on it.
        try #require(waitUntil(10, every: 0.005) {
            (try? database.column("SELECT count(*)::text FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'taskboard % listening'")) == ["1"]
        } != nil)

        #expect(try endSessions(database) >= 2, "the worker's (which listens) and the screen's")
        // Not timed against the deadline (a loaded machine once took over
        // 2 s here): the words below tell a close heard from a deadline run out.
        let offline = waitUntil(30, every: 0.005) { reason() != nil }
        print("kiosk offline \(offline.map { String(format: "%.3f s", $0) } ?? "not") after the server ended its sessions: \(reason() ?? "")")
        #expect(offline != nil, "never offline")
        // Why, in words: the listener hears the close, or the screen's read
        // that the ending cut short says it first.
        let said = reason() ?? ""
        #expect((said.contains("the server closed the connection") || said.contains("the connection broke")) && !said.contains("Generic description"),
                "\(said)")
        #expect(waitUntil(10, every: 0.005) { store.connectionState == .online } != nil, "and back")
    }
}
