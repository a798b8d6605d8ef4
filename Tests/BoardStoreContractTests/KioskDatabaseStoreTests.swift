import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardTestSupport

/// Two kiosks on one database, and a server that goes away and comes back.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskDatabaseStoreTests {
    /// Polls until `condition` holds or `seconds` pass; returns how long it took.
    @discardableResult
    private func waitUntil(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if try condition() { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    @Test func aTickOnOneKioskShowsOnTheOtherWithinASecond() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let hallPlace = try KioskPlace(on: database), kitchenPlace = try KioskPlace(on: database)
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        let before = kitchen.generation
        try hall.appendMark(Samples.event(1), on: Samples.day)
        #expect(try hall.marks(on: Samples.day) == [Samples.event(1)], "shown at once on the kiosk that made it")
        let seen = try waitUntil(5) {
            guard kitchen.generation != before else { return false }
            return try kitchen.marks(on: Samples.day) == [Samples.event(1)]
        }
        #expect(seen != nil && seen! < 1, "seen after \(seen.map { "\($0) s" } ?? "never")")
        #expect(waitUntil(5) { hall.waitingChanges == 0 } != nil)
        #expect(try database.column("SELECT kiosk FROM mark_events") == ["Hall"])
    }

    @Test func ticksMadeWhileTheServerIsDownAreSentOnceWhenItIsBack() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-outage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2))
        defer { kiosk.close() }
        try kiosk.appendMark(Samples.event(0), on: Samples.day)
        #expect(waitUntil(5) { kiosk.waitingChanges == 0 } != nil)
        try server.stop()
        // The next ticks wait in the outbox, shown at once.
        for i in 1...20 { try kiosk.appendMark(Samples.event(i), on: Samples.day) }
        var attendance = Attendance()
        attendance.set(ChildID(3), away: true, on: Samples.day)
        try kiosk.saveAttendance(attendance)
        #expect(try kiosk.marks(on: Samples.day) == (0...20).map { Samples.event($0) })
        #expect(try kiosk.loadAttendance() == attendance)
        #expect(waitUntil(10) { if case .offline = kiosk.connectionState { true } else { false } } != nil)
        #expect(kiosk.waitingChanges == 21)
        #expect(throws: DatabaseError.self) { try kiosk.saveSettings(Settings()) }
        // A day not in memory cannot be read now: said at once, not after a deadline.
        let asked = Date()
        #expect(throws: DatabaseError.self) { try kiosk.marks(on: Samples.day.advanced(by: -200)) }
        #expect(throws: DatabaseError.self) { try kiosk.markJournalLength(on: Samples.day.advanced(by: -200)) }
        #expect(Date().timeIntervalSince(asked) < 0.5)
        try server.start()
        #expect(waitUntil(20) { kiosk.waitingChanges == 0 && kiosk.connectionState == .online } != nil)
        let store = try login.open()
        #expect(try store.marks(on: Samples.day) == (0...20).map { Samples.event($0) }, "each exactly once, in order")
        #expect(try store.loadAttendance() == attendance)
    }

    @Test func anOutboxLeftByAKioskThatDiedIsSentWhenItStartsAgain() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        do {
            let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2))
            try server.stop()
            for i in 0..<5 { try kiosk.appendMark(Samples.event(i), on: Samples.day) }
            kiosk.close()
        }
        try server.start()
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2))
        defer { kiosk.close() }
        #expect(try kiosk.marks(on: Samples.day) == (0..<5).map { Samples.event($0) })
        #expect(waitUntil(10) { kiosk.waitingChanges == 0 } != nil)
        #expect(try login.open().marks(on: Samples.day) == (0..<5).map { Samples.event($0) })
    }
}
