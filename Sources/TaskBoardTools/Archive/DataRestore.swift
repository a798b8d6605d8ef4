import Foundation
import TaskBoardStorage

/// `taskboard restore`: replaces a data directory with an archive's content.
///
/// 1. The archive is read whole and extracted into `<dir>.before-restore-<stamp>`
///    beside the data directory, every file checked against its CRC-32, then
///    checked with `DataCheck`: a file that does not parse refuses the
///    restore (and that folder is removed). Up to here nothing of the data
///    directory has been touched.
/// 2. The data directory's lock is taken, so a running kiosk refuses it.
/// 3. The two folders trade names in one atomic step (renameat2 with
///    RENAME_EXCHANGE): the data directory then holds the archive's data, and
///    `<dir>.before-restore-<stamp>` the data it replaced, kept whole. There
///    is no moment without a data directory, so a crash or a kiosk starting
///    at the wrong time finds either the old data or the new.
///
/// Where the filesystem cannot exchange names, three renames do it instead
/// through a temp name; a crash in between leaves the old data in
/// `<dir>.before-restore-<stamp>` and the new in `.tmp-taskboard-restore-…`.
public enum DataRestore {
    public struct Outcome: Sendable {
        public let directory: String
        public let fileCount: Int
        /// When the archive was made (ISO 8601, from its manifest).
        public let created: String
        /// Where the replaced data now is; nil when there was none.
        public let keptAside: String?
        /// What `taskboard check` finds in the restored data (never an unreadable file).
        public let problems: [DataProblem]
    }

    public static func run(archive: URL, into directory: URL, now: Date) throws -> Outcome {
        let root = DataDirectory.plainPath(directory)
        let parent = (root as NSString).deletingLastPathComponent
        let name = (root as NSString).lastPathComponent
        let opened = try BackupArchive(path: DataDirectory.plainPath(archive))
        try DataFiles.makeDirectory(parent)
        try removeLeftovers(of: name, in: parent)

        let aside = TimeStamp.unusedPath(root + ".before-restore-" + TimeStamp.dashed(now))
        let report: DataCheckReport
        do {
            try DataFiles.makeDirectory(aside)
            try opened.extract(into: aside)
            report = try DataCheck(directory: URL(fileURLWithPath: aside), now: now).run()
            if let unreadable = report.problems.first(where: \.unreadable) {
                throw BackupError.unreadableContent(archive: opened.path, problem: unreadable.description)
            }
        } catch {
            // Before the swap the folder holds only what was extracted. After
            // it, nothing is ever removed: it may hold the replaced data.
            try? FileManager.default.removeItem(atPath: aside)
            throw error
        }
        let replaced = try swap(aside, with: root, name: name)
        return Outcome(directory: root, fileCount: opened.manifest.files.count, created: opened.manifest.created,
                       keptAside: replaced ? aside : nil, problems: report.problems)
    }

    /// Puts the verified folder in place of the data directory, whose data
    /// then has the verified folder's name. Returns whether there was data
    /// to replace.
    private static func swap(_ verified: String, with root: String, name: String) throws -> Bool {
        let parent = (root as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: root) else {
            try DataFiles.rename(verified, to: root)
            try DataFiles.syncDirectory(parent)
            return false
        }
        let lock: JSONFileStore
        let exchanged: Bool
        do {
            // Throws StorageError.locked while a kiosk (or another tool) holds it.
            lock = try JSONFileStore(directory: URL(fileURLWithPath: root))
            exchanged = try DataFiles.exchange(verified, root)
        } catch {
            // Nothing was swapped: the extracted copy goes, the data stays as it was.
            try? FileManager.default.removeItem(atPath: verified)
            throw error
        }
        try withExtendedLifetime(lock) {
            if !exchanged {
                try swapByRenames(verified, root, temp: DataFiles.tempPath(in: parent, for: "restore-\(name)"))
            }
            do {
                try DataFiles.syncDirectory(parent)
            } catch {
                // The new names are not durable, so the restore failed: trade them back.
                if (try? DataFiles.exchange(verified, root)) != true {
                    try? swapByRenames(verified, root, temp: DataFiles.tempPath(in: parent, for: "restore-\(name)"))
                }
                try? FileManager.default.removeItem(atPath: verified)
                throw error
            }
        }
        // The lock (on the old data's lock file) is released here.
        return true
    }

    /// The same swap without an atomic exchange, through a temp name.
    private static func swapByRenames(_ verified: String, _ root: String, temp: String) throws {
        try DataFiles.rename(verified, to: temp)
        try DataFiles.rename(root, to: verified)
        do {
            try DataFiles.rename(temp, to: root)
        } catch {
            // Put the old data back; the lock still holds it.
            try? DataFiles.rename(verified, to: root)
            try? DataFiles.rename(temp, to: verified)
            throw BackupError.cannotReplace(directory: root, reason: "\(error)")
        }
    }

    /// Temp folders of an earlier restore of this directory that stopped
    /// before its rename (nothing else uses this prefix).
    private static func removeLeftovers(of name: String, in parent: String) throws {
        let prefix = DataFiles.tempPrefix + "restore-\(name)-"
        for entry in try DataFiles.list(parent) where entry.hasPrefix(prefix) && !entry.dropFirst(prefix.count).contains("-") {
            try? FileManager.default.removeItem(atPath: parent + "/" + entry)
        }
    }
}
