import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage

/// `--data-dir`, shared by every subcommand, and the ways to open it.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The data directory.", valueName: "dir"))
    var dataDir: String?

    var directory: URL { DataDirectory.resolve(option: dataDir) }

    /// The clock: the system's, or the moment in `$TASKBOARD_NOW` (ISO 8601),
    /// which the command-line tests use to print a fixed day.
    var clock: WallClock {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["TASKBOARD_NOW"], let date = ISO8601DateFormatter().date(from: text) {
            return FixedClock(date)
        }
        return SystemClock()
    }

    /// The store for a command that changes data: takes the directory's lock,
    /// so it fails with a clear message while a kiosk holds it.
    func openForWriting() throws -> JSONFileStore {
        try JSONFileStore(directory: directory)
    }

    /// The store for a command that changes data that must already be there
    /// (a mistyped --data-dir must not quietly start a new daycare).
    func openExistingForWriting() throws -> JSONFileStore {
        try requireExisting()
        return try JSONFileStore(directory: directory)
    }

    /// The store for a command that only reads: no lock, no writes, so it
    /// works beside a running kiosk. Fails if there is no data directory.
    func openForReading() throws -> JSONFileStore {
        try requireExisting()
        return try JSONFileStore(directory: directory, readOnly: true)
    }

    func requireExisting() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure("no data directory at \(directory.path) (give --data-dir, or start the kiosk once)")
        }
    }

    func daycare(on store: JSONFileStore) throws -> Daycare {
        try Daycare(store: store, clock: clock)
    }
}
