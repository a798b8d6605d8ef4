import Foundation
import TaskBoard
import TaskBoardStorage

/// Backups of a daycare kept elsewhere than in a data directory (a shared
/// database): the same zip archive as a data directory's, made through a
/// data directory of its own in a private temporary folder, which is removed
/// afterwards. So an archive from a database restores into a data directory
/// and back.
public enum StoreArchive {
    /// Copies the store into a temporary data directory and archives that.
    public static func backup(_ store: BoardStore, to archive: URL, now: Date) throws -> DataBackup.Outcome {
        try withScratchDirectory { scratch in
            try copy(from: store, into: scratch, now: now)
            return try DataBackup.run(directory: scratch, to: archive, now: now)
        }
    }

    /// Restores the archive into a temporary data directory (checked as
    /// `restore` checks it) and copies that into the store, which must hold
    /// no daycare yet.
    public static func restore(_ archive: URL, into store: BoardStore, now: Date) throws -> (DataRestore.Outcome, DaycareCopy.Outcome) {
        if let held = try DaycareCopy.contents(of: store) { throw DaycareCopy.TargetNotEmpty(what: held) }
        return try withScratchDirectory { scratch in
            let data = scratch.appendingPathComponent("data", isDirectory: true)
            let restored = try DataRestore.run(archive: archive, into: data, now: now)
            let source = try JSONFileStore(directory: data, readOnly: true)
            let today = (try source.loadSettings() ?? Settings()).dayCalendar.day(of: now)
            return (restored, try DaycareCopy.run(from: source, to: store, today: today))
        }
    }

    private static func copy(from store: BoardStore, into directory: URL, now: Date) throws {
        let target = try JSONFileStore(directory: directory)
        let today = (try store.loadSettings() ?? Settings()).dayCalendar.day(of: now)
        _ = try DaycareCopy.run(from: store, to: target, today: today)
    }

    /// A folder only this user can enter: the copy holds the PIN's hash.
    private static func withScratchDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-archive-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try body(scratch.appendingPathComponent("daycare", isDirectory: true))
    }
}
