import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTestSupport

/// Two kiosks on one database, and a server that goes away and comes back.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskDatabaseStoreTests {
    @Test func aTickOnOneKioskShowsOnTheOtherWithinASecond() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let hallPlace = try KioskPlace(on: database), kitchenPlace = try KioskPlace(on: database)
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        _ = kitchen.takeChanges()
        try hall.appendMark(Samples.event(1), on: Samples.day)
        #expect(try hall.marks(on: Samples.day) == [Samples.event(1)], "shown at once on the kiosk that made it")
        var heard = Set<StoreChange>()
        let seen = try waitUntil(5) {
            // The kitchen's screen is told which day to read again.
            heard.formUnion(kitchen.takeChanges())
            guard heard.contains(.marks(Samples.day)) else { return false }
            return try kitchen.marks(on: Samples.day) == [Samples.event(1)]
        }
        #expect(seen != nil && seen! < 1, "seen after \(seen.map { "\($0) s" } ?? "never")")
        #expect(waitUntil(5) { hall.waitingChanges == 0 } != nil)
        #expect(try database.column("SELECT kiosk FROM mark_events") == ["Hall"])
    }

    /// The kiosk's terminal watches `changeSignal` beside its keys: another
    /// kiosk's tick must make it readable when it arrives (nothing else
    /// writes it: without the wake it never is). The notification takes
    /// about 26 ms here; the bound is generous, for a noisy machine.
    @Test func anotherKiosksTickSignalsTheScreenWhenItArrives() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let hallPlace = try KioskPlace(on: database), kitchenPlace = try KioskPlace(on: database)
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        // The kitchen's worker has read everything (its first turn) and the signal is read empty.
        #expect(waitUntil(5) { (try? kitchen.marks(on: Samples.day)) == [] } != nil)
        Thread.sleep(forTimeInterval: 0.2)
        drain(kitchen.changeSignal.descriptor)
        #expect(!readable(kitchen.changeSignal.descriptor, within: 0), "no change yet, no signal")

        let start = Date()
        try hall.appendMark(Samples.event(1), on: Samples.day)
        #expect(readable(kitchen.changeSignal.descriptor, within: 5), "the kitchen's screen was not signalled")
        let signalled = Date().timeIntervalSince(start)
        #expect(signalled < 1, "signalled after \(signalled) s")
        // When it is signalled, the tick is there to draw.
        #expect(try kitchen.marks(on: Samples.day) == [Samples.event(1)])
    }

    private func readable(_ descriptor: Int32, within seconds: Double) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, Int32(seconds * 1000)) == 1
    }

    private func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    @Test func ticksMadeWhileTheServerIsDownAreSentOnceWhenItIsBack() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-outage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day))
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

    /// Issue 29: a server whose every connection is taken (max_connections)
    /// refuses a kiosk in words that say so, and the kiosk, which had started
    /// before, runs offline saying the server is full; when another kiosk
    /// quits, it joins by itself and sends what waited.
    @Test func aFullServerIsSaidSoAndTheKioskJoinsWhenASlotFrees() throws {
        let server = try PrivateDatabaseServer(settings: ["max_connections=6"])
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-full-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        // Once online, so that it has what it shows for a start without the server.
        try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day)).close()

        // The other kiosks and commands take every connection there is.
        var others: [PostgresBoardStore] = []
        var refused: DatabaseError?
        while refused == nil, others.count < 10 {
            do { others.append(try login.open(deadline: .seconds(5))) } catch let error as DatabaseError { refused = error }
        }
        let words = try #require(refused, "the server took \(others.count) connections and refused none")
        // A backend of the first store may still have been ending: refused again, the server is full for good.
        Thread.sleep(forTimeInterval: 0.5)
        while let late = try? login.open(deadline: .seconds(5)), others.count < 10 { others.append(late); Thread.sleep(forTimeInterval: 0.5) }
        print("a full server (after \(others.count) connections): \(words.message)")
        #expect(words.refusal == .serverFull)
        #expect(words.message.contains("no room for another connection"), "\(words.message)")
        #expect(!words.message.contains("Generic description"))

        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day))
        defer { kiosk.close() }
        guard case .offline(_, let reason, let refusal) = kiosk.connectionState else {
            Issue.record("online on a full server?")
            return
        }
        #expect(refusal == .serverFull, "\(reason)")
        try kiosk.appendMark(Samples.event(1), on: Samples.day)
        #expect(kiosk.waitingChanges == 1)

        // Another kiosk quits (its connections free): this one joins by itself.
        for other in others.suffix(3) { other.close() }
        others.removeLast(3)
        #expect(waitUntil(20) { kiosk.connectionState == .online && kiosk.waitingChanges == 0 } != nil, "\(kiosk.connectionState)")
        others.forEach { $0.close() }
        // Their backends end a moment after the close (slower under
        // ThreadSanitizer): the server is read once a slot is free.
        var reader: PostgresBoardStore?
        waitUntil(20, every: 0.1) {
            reader = try? login.open()
            return reader != nil
        }
        #expect(try #require(reader, "no connection slot freed").marks(on: Samples.day) == [Samples.event(1)])
    }

    @Test func anOutboxLeftByAKioskThatDiedIsSentWhenItStartsAgain() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        do {
            let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day))
            try server.stop()
            for i in 0..<5 { try kiosk.appendMark(Samples.event(i), on: Samples.day) }
            kiosk.close()
        }
        try server.start()
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day))
        defer { kiosk.close() }
        #expect(try kiosk.marks(on: Samples.day) == (0..<5).map { Samples.event($0) })
        #expect(waitUntil(10) { kiosk.waitingChanges == 0 } != nil)
        #expect(try login.open().marks(on: Samples.day) == (0..<5).map { Samples.event($0) })
    }

    @Test func anOutboxEntryTheServerAlreadyHasIsNotCountedTwice() throws {
        // The answer to a send was lost before the outbox was rewritten: at the next start the entry is in both.
        let place = try KioskPlace()
        let kiosk = try place.openKiosk()
        try kiosk.appendMark(Samples.event(1), on: Samples.day)
        #expect(waitUntil(5) { kiosk.waitingChanges == 0 } != nil)
        kiosk.close()
        let id = try #require(try place.database.column("SELECT id::text FROM mark_events").first ?? nil)
        try Outbox(directory: place.local).append([.mark(id: try #require(UUID(uuidString: id)), day: Samples.day, event: Samples.event(1))])
        let again = try place.openKiosk()
        #expect(again.waitingChanges == 0)
        #expect(try again.marks(on: Samples.day) == [Samples.event(1)])
        #expect(try again.markJournalLength(on: Samples.day) == 1)
    }

    @Test func offlineANewDayCanBeTickedAndIsSentWhenTheServerIsBack() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-newday-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        // The store's clock is the test's, so its worker's reads count the days around Samples.day
        // whenever they come (with the machine's clock a late first read moved them away).
        let calendar = Settings().dayCalendar
        let clock = Locked(calendar.start(of: Samples.day).addingTimeInterval(10 * 3600))
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2),
                                           now: { clock.withLock { $0 } })
        defer { kiosk.close() }
        let ledger = try MarkLedger(store: kiosk, today: Samples.day)
        try server.stop()
        #expect(waitUntil(10) { if case .offline = kiosk.connectionState { true } else { false } } != nil)
        // Midnight passed while the network was down: the new day is taken as it stands here.
        let tomorrow = Samples.day.advanced(by: 1)
        clock.withLock { $0 = calendar.start(of: tomorrow).addingTimeInterval(60) }
        try ledger.dayChanged(to: tomorrow)
        #expect(try kiosk.marks(on: tomorrow) == [])
        try ledger.record(Samples.event(3), on: tomorrow)
        #expect(try kiosk.marks(on: tomorrow) == [Samples.event(3)])
        try server.start()
        #expect(waitUntil(20) { kiosk.waitingChanges == 0 } != nil)
        #expect(try login.open().marks(on: tomorrow) == [Samples.event(3)])
    }

    @Test func aKioskStartsWhileTheServerIsDownFromWhatItLastHad() throws {
        let server = try PrivateDatabaseServer()
        let login = DatabaseLogin(address: server.address, password: nil, kioskName: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-offline-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let roster = try Samples.roster()
        try login.open().saveRoster(roster)
        do {
            let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day))
            try kiosk.appendMark(Samples.event(1), on: Samples.day)
            #expect(waitUntil(10) { kiosk.waitingChanges == 0 } != nil)
            kiosk.close()
        }
        try server.stop()
        // Never started here before: nothing to start from, and it says why.
        let elsewhere = local.appendingPathComponent("other")
        #expect(throws: DatabaseError.self) {
            try KioskDatabaseStore(login: login, localDirectory: elsewhere, today: Samples.day, deadline: .seconds(1), now: Samples.clock(on: Samples.day))
        }
        let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: Samples.day, deadline: .seconds(2), now: Samples.clock(on: Samples.day))
        defer { kiosk.close() }
        if case .offline = kiosk.connectionState {} else { Issue.record("started online with the server down") }
        #expect(try kiosk.loadRoster() == roster)
        #expect(try kiosk.marks(on: Samples.day) == [Samples.event(1)])
        try kiosk.appendMark(Samples.event(2), on: Samples.day)
        #expect(throws: DatabaseError.self) { try kiosk.saveRoster(roster) }
        try server.start()
        #expect(waitUntil(20) { kiosk.waitingChanges == 0 && kiosk.connectionState == .online } != nil)
        #expect(try login.open().marks(on: Samples.day) == [Samples.event(1), Samples.event(2)])
        #expect(try kiosk.marks(on: Samples.day) == [Samples.event(1), Samples.event(2)])
    }
}

/// Issue 43: a child forgotten from one kiosk's admin side on a shared
/// database: gone from the server and from the other kiosk's screen, whose
/// days shrank without being taken for damage, and whose unsent tick of the
/// child is not taken in.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskForgettingTests {
    @Test func aChildForgottenOnOneKioskIsGoneEverywhereAndNothingComesBack() throws {
        let database = try TestDatabase.makeEmpty()
        let roster = try Samples.roster()
        try database.openDatabase().saveRoster(roster)
        let aino = try #require(roster.children.first { $0.name == "Aino" }).id
        let hallPlace = try KioskPlace(on: database), kitchenPlace = try KioskPlace(on: database)
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        func tick(_ child: ChildID, _ at: Int64) -> MarkEvent {
            MarkEvent(child: child, task: TaskID(6), done: true, points: 2, boardComplete: false, at: at)
        }
        try hall.appendMark(tick(aino, 1), on: Samples.day)
        try kitchen.appendMark(tick(ChildID(4), 2), on: Samples.day)
        #expect(waitUntil(5) { hall.waitingChanges == 0 && kitchen.waitingChanges == 0 } != nil)
        #expect(waitUntil(5) { (try? kitchen.marks(on: Samples.day).count) == 2 } != nil)
        // Both kiosks' ledgers record today's two events.
        let clock = FixedClock(Date(timeIntervalSince1970: TimeInterval(Samples.day.firstSecond + 9 * 3600)))
        try Daycare(store: kitchen, clock: clock).flush()
        #expect(waitUntil(5) { (try? hall.marks(on: Samples.day).count) == 2 } != nil)
        try Daycare(store: hall, clock: clock).flush()

        let tally = try hall.forget(aino)
        #expect(tally.ticks == 1)
        #expect(try database.column("SELECT count(*)::text FROM mark_events WHERE child_id = \(aino.rawValue)") == ["0"])
        #expect(try database.column("SELECT count(*)::text FROM children WHERE name = 'Aino'") == ["0"])
        #expect(try hall.loadRoster()?.child(aino) == nil, "the forgetting kiosk shows it at once")
        let heard = waitUntil(5) { (try? kitchen.loadRoster())?.child(aino) == nil && (try? kitchen.marks(on: Samples.day).count) == 1 }
        #expect(heard != nil, "the other kiosk hears it")
        // The days shrank: read again, not refused as damage; on the kiosk that forgot, no point of Aino's is left.
        #expect(try Daycare(store: hall, clock: clock).points(.allTime)[aino] == nil)
        #expect(throws: Never.self) { try Daycare(store: kitchen, clock: clock) }
        // A tick of Aino the kitchen made before it heard, sent late: not taken in.
        try kitchen.appendMark(tick(aino, 3), on: Samples.day)
        #expect(waitUntil(5) { kitchen.waitingChanges == 0 } != nil)
        #expect(try database.column("SELECT count(*)::text FROM mark_events WHERE child_id = \(aino.rawValue)") == ["0"])
    }
}
