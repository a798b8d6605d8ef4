import Foundation
import TaskBoardStorage

/// `taskboard restore`: replaces a data directory with an archive's content.
///
/// 1. The archive is read whole and extracted into a temp folder beside the
///    data directory, every file checked against its CRC-32, then checked
///    with `DataCheck`: a file that does not parse refuses the restore. Up to
///    here nothing of the data directory has been touched.
/// 2. The data directory's lock is taken, so a running kiosk refuses it.
/// 3. The data directory is renamed to `<dir>.before-restore-<stamp>` (the
///    replaced data, kept whole), the temp folder renamed into its place, and
///    the parent directory fsynced.
///
/// A crash between the two renames leaves no data directory under its name:
/// the old data is in `<dir>.before-restore-<stamp>` and the new in
/// `.tmp-taskboard-restore-…` beside it. Do not start the kiosk then (it would
/// start empty); rename the old folder back, or run the restore again.
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
        let root = Paths.plain(directory)
        let parent = (root as NSString).deletingLastPathComponent
        let name = (root as NSString).lastPathComponent
        let opened = try BackupArchive(path: Paths.plain(archive))
        try DataFiles.makeDirectory(parent)
        try removeLeftovers(of: name, in: parent)

        let temp = DataFiles.tempPath(in: parent, for: "restore-\(name)")
        do {
            try DataFiles.makeDirectory(temp)
            try opened.extract(into: temp)
            let report = try DataCheck(directory: URL(fileURLWithPath: temp)).run()
            if let unreadable = report.problems.first(where: \.unreadable) {
                throw BackupError.unreadableContent(archive: opened.path, problem: unreadable.description)
            }
            let aside = try swap(temp, into: root, now: now)
            return Outcome(directory: root, fileCount: opened.manifest.files.count, created: opened.manifest.created,
                           keptAside: aside, problems: report.problems)
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw error
        }
    }

    /// Puts the verified folder in place; returns where the old data went.
    private static func swap(_ verified: String, into root: String, now: Date) throws -> String? {
        let parent = (root as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: root) else {
            try DataFiles.rename(verified, to: root)
            try DataFiles.syncDirectory(parent)
            return nil
        }
        // Throws StorageError.locked while a kiosk (or another tool) holds it.
        let lock = try JSONFileStore(directory: URL(fileURLWithPath: root))
        let aside = TimeStamp.unusedPath(root + ".before-restore-" + TimeStamp.compact(now))
        try withExtendedLifetime(lock) {
            try DataFiles.rename(root, to: aside)
            do {
                try DataFiles.rename(verified, to: root)
            } catch {
                // Put the old data back; the lock still holds it.
                try? DataFiles.rename(aside, to: root)
                throw BackupError.cannotReplace(directory: root, reason: "\(error)")
            }
            try DataFiles.syncDirectory(parent)
        }
        // The lock (on the old folder's lock file) is released here.
        return aside
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
