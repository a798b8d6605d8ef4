import Foundation
import Testing
import TaskBoard
import TaskBoardTestSupport
@testable import TaskBoardPostgres

/// What the database store promises beyond the contract: several kiosks at
/// once, resends, a schema it did not make, and a server that fails.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct PostgresStoreTests {
    @Test func aRosterChangedOnAnotherKioskIsNotOverwritten() throws {
        let database = try TestDatabase.makeEmpty()
        let hall = try database.openDatabase(kiosk: "Hall")
        let kitchen = try database.openDatabase(kiosk: "Kitchen")
        var first = try Samples.roster()
        #expect(try hall.loadRoster() == nil)
        try hall.saveRoster(first)
        var second = try #require(try kitchen.loadRoster())
        _ = try second.addGroup(name: "Hedgehogs", avatar: "🦔")
        try kitchen.saveRoster(second)
        // The hall still holds the roster it read: its save would undo the kitchen's group.
        first.tasks[0].points = 9
        #expect {
            try hall.saveRoster(first)
        } throws: { error in
            let error = error as? DatabaseError
            return error?.problem == .conflict && error?.message.contains("\"Kitchen\"") == true
        }
        #expect(try kitchen.loadRoster() == second)
        // Having looked again, the hall's change goes in.
        var again = try #require(try hall.loadRoster())
        again.tasks[0].points = 9
        try hall.saveRoster(again)
        #expect(try database.openDatabase().loadRoster() == again)
        #expect(try database.column("SELECT changed_by FROM roster_state") == ["Hall"])
    }

    /// A statement the server refuses while running it (here a trigger's
    /// error; in life a full disk, a cancelled statement) fails the call. It
    /// used to pass for saved: the driver answers a statement that returns
    /// rows (the tick's `SELECT pg_notify(…)`) when the rows are described,
    /// and its error came with rows nobody read; a kiosk then dropped the
    /// tick from its outbox as sent.
    @Test func aStatementTheServerRefusesWhileRunningItFails() throws {
        let database = try TestDatabase.makeEmpty()
        let store = try database.openDatabase(kiosk: "Hall")
        try store.saveRoster(try Samples.roster())
        try HeldBackRows.hold("mark_events", at: database.address, password: database.password)
        try HeldBackRows.hold("absences", at: database.address, password: database.password)
        for (what, call) in [("a tick", { try store.appendMarks([(UUID(), Samples.event(1))], on: Samples.day) }),
                             ("an absence", { try store.setAway([(Samples.day, ChildID(3), true)]) }),
                             ("the absences", { try store.saveAttendance(Attendance(away: [Samples.day: [ChildID(3)]])) })] as [(String, () throws -> Void)] {
            #expect(throws: DatabaseError.self, "\(what) passed for saved") { try call() }
        }
        #expect(try database.column("SELECT count(*)::text FROM mark_events") == ["0"])
        #expect(try database.column("SELECT count(*)::text FROM absences") == ["0"])
        try HeldBackRows.release(at: database.address, password: database.password)
        try store.appendMarks([(UUID(), Samples.event(1))], on: Samples.day)
        #expect(try store.marks(on: Samples.day) == [Samples.event(1)])
    }

    @Test func aResentTickCountsOnce() throws {
        let database = try TestDatabase.makeEmpty()
        let store = try database.openDatabase(kiosk: "Hall")
        let ticks = [(id: UUID(), event: Samples.event(1)), (id: UUID(), event: Samples.event(2))]
        try store.appendMarks(ticks, on: Samples.day)
        // The answer was lost; the outbox sends the same again, and one more.
        let more = (id: UUID(), event: Samples.event(3))
        try store.appendMarks(ticks + [more], on: Samples.day)
        #expect(try store.marks(on: Samples.day) == [Samples.event(1), Samples.event(2), Samples.event(3)])
        #expect(try store.markJournalLength(on: Samples.day) == 3)
        #expect(try database.column("SELECT DISTINCT kiosk FROM mark_events") == ["Hall"])
    }

    @Test func theDayMarksAreWhatTheReplayOfTheEventsGives() throws {
        let database = try TestDatabase.makeEmpty()
        let hall = try database.openDatabase(kiosk: "Hall")
        let kitchen = try database.openDatabase(kiosk: "Kitchen")
        // Two kiosks tick and untick the same few cells in turn.
        for i in 0..<40 {
            let event = MarkEvent(child: ChildID(1 + i % 3), task: TaskID(10 + i % 2), done: (i / 3) % 2 == 0, points: 1 + i % 3,
                                  boardComplete: false, at: 1_795_334_400 + Int64(i))
            try (i % 2 == 0 ? hall : kitchen).appendMark(event, on: Samples.day)
        }
        var replayed: [String: String] = [:]
        for event in try hall.marks(on: Samples.day) {
            replayed["\(event.child.rawValue)/\(event.task.rawValue)"] = "\(event.done)/\(event.points)"
        }
        let rows = try database.column("SELECT child_id || '/' || task_id || '=' || done || '/' || points FROM day_marks ORDER BY 1")
        #expect(rows.compactMap { $0 } == replayed.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    }

    @Test func kiosksStartingTogetherSetUpTheTablesOnce() throws {
        let database = try TestDatabase.makeEmpty()
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 5) { i in
            do {
                let store = try database.openDatabase(kiosk: "Room \(i)")
                try store.appendMark(Samples.event(i), on: Samples.day)
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        // One row per step, each written once.
        #expect(try database.column("SELECT version::text FROM taskboard_schema ORDER BY taskboard_schema.version") == (1...DatabaseSchema.latest).map { "\($0)" })
        #expect(try database.openDatabase().markJournalLength(on: Samples.day) == 5)
    }

    @Test func aDatabaseFromANewerTaskboardIsRefusedAndLeftAlone() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveSettings(Samples.settings)
        try database.execute("INSERT INTO taskboard_schema (version) VALUES (99)")
        #expect {
            try database.openDatabase()
        } throws: { error in
            let error = error as? DatabaseError
            return error?.problem == .newerSchema(found: 99, supported: DatabaseSchema.latest) && error?.message.contains("newer taskboard") == true
        }
        #expect(try database.column("SELECT version::text FROM taskboard_schema ORDER BY taskboard_schema.version") == (1...DatabaseSchema.latest).map { "\($0)" } + ["99"])
    }

    @Test func aStoreThatOnlyLooksReadsAndChangesNothing() throws {
        let database = try TestDatabase.makeEmpty()
        #expect(throws: DatabaseError.self) { try database.openDatabase(readOnly: true) }
        #expect(try database.column("SELECT to_regclass('taskboard_schema')::text") == [nil], "a viewer made tables")
        try database.openDatabase().saveSettings(Samples.settings)
        let viewer = try database.openDatabase(readOnly: true)
        #expect(viewer.isReadOnly)
        #expect(try viewer.loadSettings() == Samples.settings)
        #expect(throws: DatabaseError(.readOnly, "this screen only looks; nothing was saved")) { try viewer.appendMark(Samples.event(1), on: Samples.day) }
        #expect(throws: DatabaseError.self) { try viewer.saveSettings(Settings()) }
        #expect(try viewer.marks(on: Samples.day).isEmpty)
    }

    @Test func theLastAbsenceChangeForAChildAndDayStands() throws {
        let database = try TestDatabase.makeEmpty()
        let store = try database.openDatabase()
        let day = Samples.day, child = ChildID(3)
        try store.setAway([(day, child, true), (day, child, false), (day, child, true), (day, ChildID(4), true), (day, ChildID(4), false)])
        #expect(try store.loadAttendance() == Attendance(away: [day: [child]]))
    }

    @Test func twoKiosksGuessingAtOnceShareOneCountOfTries() throws {
        let database = try TestDatabase.makeEmpty()
        let hasher = PinHasher(iterations: 2_000)
        try PinGuard(store: try database.openDatabase(kiosk: "Hall"), hasher: hasher).setInitialPin("4829", confirmation: "4829")
        let outcomes = [Outcomes(), Outcomes()]
        DispatchQueue.concurrentPerform(iterations: 2) { n in
            do {
                let guardian = try PinGuard(store: try database.openDatabase(kiosk: n == 0 ? "Hall" : "Kitchen"), hasher: hasher)
                for attempt in 0..<8 { outcomes[n].add(try guardian.attempt(String(format: "%04d", 1000 + n * 100 + attempt))) }
            } catch {
                outcomes[n].fail("\(error)")
            }
        }
        #expect(outcomes.allSatisfy { $0.failures.isEmpty }, "\(outcomes.map(\.failures))")
        let all = outcomes.flatMap(\.all)
        #expect(all.count == 16)
        // Five wrong PINs in all, whichever kiosk typed them, then locked for both. A try answered while the
        // fifth was being counted elsewhere is answered "locked", so at most four say "wrong" (a count per
        // kiosk would give up to ten).
        let wrong = all.filter { if case .wrong = $0 { true } else { false } }.count
        #expect((1...4).contains(wrong), "\(all)")
        for list in outcomes.map(\.all) {
            let firstLocked = list.firstIndex { if case .locked = $0 { true } else { false } } ?? list.count
            #expect(list[firstLocked...].allSatisfy { if case .locked = $0 { true } else { false } }, "a try after the lock: \(list)")
        }
        let record = try #require(try database.openDatabase().loadPin())
        #expect(record.lockouts == 1 && record.lockedUntil != nil && record.checksInProgress == 0, "\(record)")
    }

    @Test func aWrongPasswordIsSaidAndNotRepeated() throws {
        let database = try TestDatabase.makeEmpty()
        #expect {
            try PostgresBoardStore(address: database.address, password: "Wrong-Secret-42", kioskName: "Hall")
        } throws: { error in
            let text = "\(error)"
            return (error as? DatabaseError)?.problem == .unreachable && text.contains("password authentication failed")
                && text.contains("the password was refused") && !text.contains("Generic description")
                && !text.contains("Wrong-Secret-42")
        }
    }
}

/// Failures collected from several threads.
final class Failures: Sendable {
    private let list = Locked([String]())
    func add(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}

/// Login outcomes collected from several threads.
final class Outcomes: Sendable {
    private let collected = Locked((outcomes: [LoginOutcome](), errors: [String]()))
    func add(_ outcome: LoginOutcome) { collected.withLock { $0.outcomes.append(outcome) } }
    func fail(_ error: String) { collected.withLock { $0.errors.append(error) } }
    var all: [LoginOutcome] { collected.withLock { $0.outcomes } }
    var failures: [String] { collected.withLock { $0.errors } }
}
