import Foundation
import TaskBoardStorage

/// `taskboard backup`: an archive of the whole data directory.
///
/// It takes the data directory's lock when it is free, so that no writer
/// starts while the files are read. When a kiosk holds it, the backup goes on
/// without it: the kiosk replaces whole files atomically and only appends to
/// journals, so each file read once is whole; at worst the archive lacks a
/// tick made during the backup, and the summary (a cache checked against the
/// journals' lengths) stays correct. On a read-only disk (or data this user
/// may only read) nobody can be writing: it is copied as it is, which is
/// exactly when a copy is wanted most.
public enum DataBackup {
    public struct Outcome: Equatable, Sendable {
        public let archive: String
        public let fileCount: Int
        /// Made beside a running kiosk, without the lock.
        public let besideKiosk: Bool
        /// Made without the lock because the data cannot be written.
        public var readOnlyData = false
    }

    /// `taskboard-backup-2026-11-22-103000.zip` in `folder`.
    public static func defaultArchive(in folder: URL, now: Date) -> URL {
        folder.appendingPathComponent("\(archivePrefix)\(TimeStamp.dashed(now)).zip")
    }

    static let archivePrefix = "taskboard-backup-"

    /// An archive `backup` names itself (kept out of the next one's files).
    static func isArchiveName(_ name: String) -> Bool { name.hasPrefix(archivePrefix) && name.hasSuffix(".zip") }

    /// Where `backup` without a file puts its archive: the data directory's
    /// `backups/` folder (made if missing), or, where that cannot be
    /// written (read-only data), the current folder.
    public static func defaultFolder(for directory: URL, otherwise here: URL) -> URL {
        let root = DataDirectory.plainPath(directory)
        let backups = root + "/" + DataFiles.backupsFolder
        if access(backups, W_OK) == 0 { return URL(fileURLWithPath: backups, isDirectory: true) }
        if access(root, W_OK) == 0, (try? FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)) != nil {
            return URL(fileURLWithPath: backups, isDirectory: true)
        }
        return here
    }

    @discardableResult
    public static func run(directory: URL, to target: URL, now: Date) throws -> Outcome {
        let root = DataDirectory.plainPath(directory)
        try MissingDataDirectory.check(root)
        var lock: JSONFileStore?
        var unwritable = false
        do {
            lock = try JSONFileStore(directory: directory)
        } catch let error as StorageError where error.isLock || error.isUnwritable {
            unwritable = error.isUnwritable
        }
        let manifest = try withExtendedLifetime(lock) {
            try BackupWriter.write(directory: directory, to: target, created: now)
        }
        return Outcome(archive: DataDirectory.plainPath(target), fileCount: manifest.files.count,
                       besideKiosk: lock == nil && !unwritable, readOnlyData: unwritable)
    }
}
