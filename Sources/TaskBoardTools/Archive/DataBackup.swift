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
        folder.appendingPathComponent("taskboard-backup-\(TimeStamp.dashed(now)).zip")
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
