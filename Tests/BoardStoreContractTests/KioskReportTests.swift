import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 29: a kiosk holds two of the server's connections, named so in
/// pg_stat_activity, and reports itself (`taskboard rooms`): when it runs,
/// when it comes back with changes still to send, when it stops.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskReportTests {
    /// The connections on the database, by application name (our own query's has none).
    private func connections(on database: TestDatabase) throws -> [String: Int] {
        let names = try database.column("""
            SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        return names.reduce(into: [:]) { $0[$1 ?? "", default: 0] += 1 }
    }

    @Test func aKioskHoldsTwoConnectionsWhateverItDoes() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let hallPlace = try KioskPlace(on: database, name: "Hall"), kitchenPlace = try KioskPlace(on: database, name: "Kitchen")
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        // Both have listened and reported (their first turn).
        #expect(waitUntil(10) {
            let seen = (try? connections(on: database)) ?? [:]
            return seen["taskboard Kitchen listening"] == 1 && seen["taskboard Hall listening"] == 1
        } != nil)
        // The screen and the worker at once: ticks sent, an old day read, a settings edit, the other's tick heard.
        for i in 0..<5 { try hall.appendMark(Samples.event(i), on: Samples.day) }
        _ = try hall.marks(on: Samples.day.advanced(by: -100))
        try hall.saveSettings(Settings())
        try kitchen.appendMark(Samples.event(6), on: Samples.day)
        #expect(waitUntil(10) { hall.waitingChanges == 0 && kitchen.waitingChanges == 0 } != nil)
        #expect(waitUntil(10) { (try? hall.marks(on: Samples.day).count) == 6 } != nil)
        // The test's own store that saved the roster may still be closing: only the kiosks' count.
        let seen = try connections(on: database).filter { $0.key.hasPrefix("taskboard Hall") || $0.key.hasPrefix("taskboard Kitchen") }
        print("connections on the database: \(seen.sorted { $0.key < $1.key })")
        #expect(seen == ["taskboard Hall screen": 1, "taskboard Hall listening": 1, "taskboard Kitchen screen": 1, "taskboard Kitchen listening": 1])
    }

    @Test func aKioskReportsWhenItRunsAndWhenItStops() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let place = try KioskPlace(on: database, name: "Kitchen")
        let kiosk = try place.openKiosk()
        let store = try database.openDatabase(kiosk: "rooms", readOnly: true)
        #expect(waitUntil(10) { (try? store.kioskRoll().kiosks.count) == 1 } != nil)
        let roll = try store.kioskRoll()
        let running = roll.kiosks, now = roll.now
        let kitchen = try #require(running.first)
        #expect(kitchen.name == "Kitchen")
        #expect(kitchen.version == TaskBoardVersion.current)
        #expect(kitchen.waiting == 0)
        #expect(kitchen.state(at: now) == .online)
        #expect(abs(now.timeIntervalSince(kitchen.lastSeen)) < 10)
        kiosk.close()
        let after = try store.kioskRoll()
        let stopped = after.kiosks, later = after.now
        guard case .stopped = try #require(stopped.first).state(at: later) else {
            Issue.record("not stopped: \(stopped)")
            return
        }
        // Started again: running, with no word of the stop left.
        let again = try place.openKiosk()
        defer { again.close() }
        #expect(waitUntil(10) { (try? store.kioskRoll()).map { $0.kiosks.first?.state(at: $0.now) == .online } ?? false } != nil)
        #expect(try store.kioskRoll().kiosks.first?.nameIsShared(at: Date()) == false, "a restart is not a second kiosk")
    }

    /// The kiosk that ticked offline reports its outbox, when it reaches the
    /// server again, until the outbox is sent: here the sending is held up
    /// by a trigger that refuses new ticks (`HeldBackRows`).
    @Test func aKioskBackFromOfflineReportsItsWaitingChangesUntilTheyAreSent() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        try login.open().saveRoster(try Samples.roster())
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2))
        defer { kiosk.close() }
        try HeldBackRows.hold("mark_events", at: server.address, password: nil)
        try server.stop()
        try kiosk.appendMark(Samples.event(1), on: Samples.day)
        try kiosk.appendMark(Samples.event(2), on: Samples.day)
        #expect(waitUntil(10) { if case .offline = kiosk.connectionState { true } else { false } } != nil)
        guard case .offline(let since, _, _) = kiosk.connectionState else { return }
        try server.start()
        let store = try login.open(readOnly: true)
        var reported: KioskStatus?
        #expect(waitUntil(20) {
            reported = try? store.kioskRoll().kiosks.first
            return reported?.waiting == 2
        } != nil, "\(String(describing: reported))")
        let now = try store.kioskRoll().now
        guard case .catchingUp(let reportedSince) = reported?.state(at: now) else {
            Issue.record("not catching up: \(String(describing: reported))")
            return
        }
        // timestamptz keeps microseconds.
        #expect(abs(reportedSince.timeIntervalSince(since)) < 0.001)
        #expect(kiosk.waitingChanges == 2, "not sent while held")
        try HeldBackRows.release(at: server.address, password: nil)
        #expect(waitUntil(20) { kiosk.waitingChanges == 0 && kiosk.connectionState == .online } != nil)
        #expect(waitUntil(10) {
            reported = try? store.kioskRoll().kiosks.first
            return reported?.waiting == 0 && reported?.offlineSince == nil
        } != nil, "\(String(describing: reported))")
    }

    /// Kiosks made from one image, all named after the same host: their
    /// reports take turns, and the name is marked as shared, however many
    /// they are. A run that started after the name's last report (a
    /// restart after a crash, which said nothing of stopping) is not.
    @Test func kiosksReportingUnderOneNameAreMarked() throws {
        let database = try TestDatabase.makeEmpty()
        let store = try database.openDatabase(kiosk: "raspberrypi")
        func report(_ run: UUID, started: Date) throws {
            try store.report(KioskReport(name: "raspberrypi", run: run, waiting: 0, offlineSince: nil, startedAt: started))
        }
        func shared() throws -> Bool {
            let roll = try store.kioskRoll()
            #expect(roll.kiosks.count == 1)
            return roll.kiosks.first?.nameIsShared(at: roll.now) == true
        }
        let first = UUID(), started = Date().addingTimeInterval(-3600)
        try report(first, started: started)
        try report(first, started: started)
        // Restarted after a crash: a new run, started after the last report.
        Thread.sleep(forTimeInterval: 0.05)
        let restarted = UUID()
        try report(restarted, started: Date().addingTimeInterval(1))
        #expect(try !shared(), "a restart is not a second kiosk")
        // Three machines from one image, each started this morning, reporting in turn.
        let runs = [UUID(), UUID(), UUID()]
        for run in runs { try report(run, started: started) }
        #expect(try shared(), "three runs took turns under one name")
        let roll = try store.kioskRoll()
        #expect(roll.kiosks.first?.nameIsShared(at: roll.now.addingTimeInterval(KioskStatus.missingAfter + 60)) == false, "not for ever")
    }
}
