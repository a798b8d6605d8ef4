import Foundation
import Testing
import TaskBoardPostgres
import TaskBoardTestSupport
import TaskBoard
import TaskBoardStorage

/// A place a store keeps a daycare, which can be opened again as a new
/// process would: the contract is the same for memory, a data directory and
/// a database.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, files, postgres, kiosk

    var testDescription: String { rawValue }

    /// The kinds this run can test: PostgreSQL only beside a server (see
    /// `DatabaseServerTests`, which says so loudly when there is none).
    static let available: [StoreKind] = TestDatabase.server == nil ? [.memory, .files] : allCases

    /// A new, empty place of this kind.
    func makePlace() throws -> StorePlace {
        switch self {
        case .memory: return MemoryPlace()
        case .files: return DirectoryPlace()
        case .postgres: return try TestDatabase.makeEmpty()
        case .kiosk: return try KioskPlace()
        }
    }
}

/// Says loudly when the database tests did not run, and fails in CI, which
/// starts a server for them.
@Suite struct DatabaseServerTests {
    @Test(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
    func theDatabaseTestsRunAgainstARealServer() throws {
        let database = try TestDatabase.makeEmpty()
        let version = try database.column("SHOW server_version_num").first.flatMap { $0 }.flatMap { Int($0) }
        #expect((version ?? 0) >= 150_000, "PostgreSQL 15 or newer, as Debian 12 has")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] == "true"))
    func continuousIntegrationHasAPostgreSQLServer() {
        #expect(TestDatabase.server != nil, "CI runs the database tests: .ci/run starts them through .ci/with-postgres.sh")
    }
}

protocol StorePlace: AnyObject {
    /// A store over the place, as a fresh start would open it.
    func open() throws -> BoardStore
}

final class MemoryPlace: StorePlace {
    private let store = InMemoryStore()
    func open() throws -> BoardStore { store }
}

final class DirectoryPlace: StorePlace {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-contract-\(UUID().uuidString)", isDirectory: true)
    func open() throws -> BoardStore { try JSONFileStore(directory: url) }
    deinit { try? FileManager.default.removeItem(at: url) }
}

extension TestDatabase: StorePlace {
    func open() throws -> BoardStore { try openDatabase() }
}

/// Sample data of every kind a store keeps.
enum Samples {
    static let day = StoreSamples.day
    static func clock(on day: Day) -> @Sendable () -> Date { StoreSamples.clock(on: day) }

    static func roster() throws -> Roster {
        var roster = Roster()
        let squirrels = try roster.addGroup(name: "Squirrels", avatar: "🐿️")
        let owls = try roster.addGroup(name: "Owls", avatar: "🦉")
        let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
        let eino = try roster.addChild(name: "Eino \"Eppu\" Ääkkönen", avatar: "🐻", group: owls)
        _ = try roster.addChild(name: "Mio 美羽", avatar: "🐼", group: owls)
        let teeth = try roster.addTask(name: "Brush teeth", icon: "🪥", points: 2)
        let dressed = try roster.addTask(name: "Get dressed")
        let swim = try roster.addTask(name: "Swimming", icon: "🏊", points: 3)
        try roster.addToBoard(teeth, child: aino)
        try roster.addToBoard(dressed, child: aino)
        try roster.addToBoard(swim, child: aino)
        try roster.addToBoard(dressed, child: eino)
        roster.children[0].boardDays[swim] = [2, 4]
        // Two tasks with a time of day (one before ten, to keep its single-digit hour), one without.
        try roster.setTaskTime(teeth, to: TimeOfDay(hour: 8, minute: 5))
        try roster.setTaskTime(swim, to: TimeOfDay(hour: 14, minute: 30), until: TimeOfDay(hour: 15, minute: 45))
        // One child with a first day, the others from before first days were kept.
        roster.children[1].firstDay = Day(year: 2026, month: 9, day: 1)
        // Days that are different: an activity with and one without its icon and end, a task cancelled, one moved.
        let trip = Day(year: 2026, month: 12, day: 3)!
        try roster.addActivity(DayChange.Activity(name: "Trip \"library\"", icon: "🚌", time: TimeOfDay(hour: 9)!, until: TimeOfDay(hour: 11, minute: 30)),
                               group: squirrels, on: trip)
        try roster.addActivity(DayChange.Activity(name: "Visitor", time: TimeOfDay(hour: 13)!), group: owls, on: trip)
        try roster.cancelTask(swim, group: squirrels, on: Day(year: 2026, month: 12, day: 8)!)
        try roster.moveTask(dressed, group: owls, on: trip, to: TimeOfDay(hour: 7, minute: 45)!)
        try roster.moveTask(teeth, group: squirrels, on: trip, to: TimeOfDay(hour: 10)!, until: TimeOfDay(hour: 10, minute: 15))
        return roster
    }

    static let settings = Settings(timeZoneIdentifier: "Europe/Helsinki", language: "fi", idleLogoutMinutes: 5,
                                   closedWeekdays: [6, 7], closedDays: [Day(year: 2026, month: 12, day: 24)!, Day(year: 2026, month: 12, day: 6)!],
                                   leaderboardStyle: .groupGoal, goalPerChild: 3, readAloud: true,
                                   closingTime: TimeOfDay(hour: 16, minute: 30)!, changeWarningMinutes: 10)

    static let pin = PinRecord(
        hash: PinHash(algorithm: "PBKDF2-SHA256", iterations: 600_000,
                      salt: Data([0, 1, 2, 250, 255]), hash: Data(repeating: 0xA5, count: 32)),
        failedAttempts: 2, lockouts: 1,
        lockedAt: Date(timeIntervalSince1970: 1_795_000_000.25),
        lockedUntil: Date(timeIntervalSince1970: 1_795_000_060),
        checksInProgress: 1, interruptedChecks: 3)

    static func summary() -> MarkSummary { StoreSamples.summary() }

    static func event(_ i: Int, done: Bool = true) -> MarkEvent { StoreSamples.event(i, done: done) }
}

/// A kiosk on the database: its store, over a test database and a local
/// directory for the outbox. Opening again closes the one before, as a
/// restarted kiosk would find it.
final class KioskPlace: StorePlace {
    let database: TestDatabase
    let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-kiosk-\(UUID().uuidString)", isDirectory: true)
    private weak var last: KioskDatabaseStore?

    let name: String
    let changeFeed: ChangeFeed

    init(on database: TestDatabase? = nil, name: String = "Hall", changeFeed: ChangeFeed = .notifications) throws {
        self.database = try database ?? TestDatabase.makeEmpty()
        self.name = name
        self.changeFeed = changeFeed
    }

    var login: DatabaseLogin {
        DatabaseLogin(address: database.address, password: database.password, kioskName: name, changeFeed: changeFeed)
    }

    func open() throws -> BoardStore { try openKiosk() }

    func openKiosk(today: Day = Samples.day) throws -> KioskDatabaseStore {
        last?.close()
        let store = try KioskDatabaseStore(login: login, localDirectory: local, today: today, now: Samples.clock(on: today))
        last = store
        return store
    }

    deinit {
        last?.close()
        try? FileManager.default.removeItem(at: local)
    }
}
