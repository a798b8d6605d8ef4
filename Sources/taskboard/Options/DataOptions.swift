import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTools

/// `--data-dir` or `--database`, shared by every subcommand.
struct DataOptions: ParsableArguments, DataLocation {
    /// Long enough for any other command to finish a change, short enough
    /// for a button box.
    static let lockWait: TimeInterval = 5

    @Option(name: .long, help: ArgumentHelp("The data directory.", valueName: "dir"))
    var dataDir: String?

    @Option(name: .long, help: ArgumentHelp(
        "A PostgreSQL database that several kiosks share, instead of the data directory (or $TASKBOARD_DATABASE_URL).",
        valueName: "postgres://user@host/database"))
    var database: String?

    @Option(name: .customLong("database-password-file"),
            help: ArgumentHelp("A file (mode 0600) whose first line is the database password (or $PGPASSWORD).", valueName: "file"))
    var databasePasswordFile: String?

    @Option(name: .customLong("kiosk-name"),
            help: ArgumentHelp("The name recorded with every change made to the database (default: the host name).", valueName: "name"))
    var kioskName: String?

    var directory: URL { DataDirectory.resolve(option: dataDir) }

    /// With a database, a kiosk keeps its outbox, summary and log in the data directory.
    func databaseLogin() throws -> DatabaseLogin? {
        try DatabaseLogin.resolve(url: database, passwordFile: databasePasswordFile, kioskName: kioskName)
    }
}

/// The data directory without `--data-dir`: `$TASKBOARD_DATA_DIR`, else the
/// default, or the database in `$TASKBOARD_DATABASE_URL`. The kiosk started
/// with no arguments at all uses this.
struct DefaultDataLocation: DataLocation {
    let directory = DataDirectory.resolve(option: nil)

    func databaseLogin() throws -> DatabaseLogin? {
        try DatabaseLogin.resolve(url: nil, passwordFile: nil, kioskName: nil)
    }
}

/// Where the data is, and the ways to open it.
protocol DataLocation {
    var directory: URL { get }
    /// The database to use instead of the directory; nil for the directory.
    func databaseLogin() throws -> DatabaseLogin?
}

extension DataLocation {
    /// The clock: the system's. A debug build (the tests) takes the moment
    /// in `$TASKBOARD_NOW` (ISO 8601) instead, to print a fixed day; an
    /// installed release build never lets the environment move its clock.
    var clock: WallClock {
        #if DEBUG
        if let text = ProcessEnvironment.current["TASKBOARD_NOW"], let date = ISO8601DateFormatter().date(from: text) {
            return FixedClock(date)
        }
        #endif
        return SystemClock()
    }

    /// The store for a command that changes data: takes the directory's lock,
    /// so it fails with a clear message while a kiosk holds it. Another
    /// command's lock is waited for, up to `DataOptions.lockWait` seconds.
    func openForWriting(as holder: JSONFileStore.Holder = .command) throws -> any BoardStore {
        if let login = try databaseLogin() { return try login.open() }
        return try openDirectoryForWriting(as: holder)
    }

    /// The data directory for writing, whatever else was asked for.
    func openDirectoryForWriting(as holder: JSONFileStore.Holder = .command, tidyLater: Bool = false) throws -> JSONFileStore {
        try requireOwner()
        return try JSONFileStore(directory: directory, holder: holder, lockWait: DataOptions.lockWait, tidyLater: tidyLater)
    }

    /// The store for a command that changes data that must already be there
    /// (a mistyped --data-dir must not quietly start a new daycare).
    func openExistingForWriting(newDaycare: Bool = false) throws -> any BoardStore {
        if let login = try databaseLogin() { return try login.open() }
        try requireExisting(newDaycare: newDaycare)
        return try openDirectoryForWriting()
    }

    /// A file written by another user (root, say) may be unreadable for the
    /// kiosk's user and stop the kiosk: changes are made as the directory's owner.
    func requireOwner() throws {
        var info = stat()
        guard stat(directory.fileSystemPath, &info) == 0, info.st_uid != geteuid() else { return }
        let owner = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(info.st_uid)"
        throw CommandFailure("\(directory.path) belongs to \(owner); run this as that user (sudo -u \(owner) taskboard …) so that the kiosk can read what it writes")
    }

    /// The store for a command that only reads: no lock, no writes, so it
    /// works beside a running kiosk. Fails if there is no data directory.
    func openForReading(newDaycare: Bool = false) throws -> any BoardStore {
        if let login = try databaseLogin() { return try login.open(readOnly: true) }
        try requireExisting(newDaycare: newDaycare)
        return try JSONFileStore(directory: directory, readOnly: true)
    }

    /// For the commands that work on the data directory's files (backups,
    /// checks, the demo): a database has its own tools for now.
    func requireDirectory(for command: String) throws {
        guard try databaseLogin() == nil else {
            throw CommandFailure("taskboard \(command) works on a data directory, not on a database (yet); see docs/rooms.md")
        }
    }

    /// `newDaycare`: a folder of other things will do (import's).
    func requireExisting(newDaycare: Bool = false) throws {
        try MissingDataDirectory.check(directory.path, newDaycare: newDaycare)
    }

    func daycare(on store: any BoardStore) throws -> Daycare {
        try Daycare(store: store, clock: clock)
    }
}
