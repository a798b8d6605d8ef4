import Foundation
import TaskBoard
import TaskBoardStorage

/// `taskboard restore`: replaces a data directory with an archive's content.
///
/// 1. A folder `.tmp-taskboard-restore-<dir>-<random>` is made beside the data
///    directory with a marker file in it (`IncomingMarker`), then the archive
///    is extracted into it, every file checked against its CRC-32 and the
///    whole checked with `DataCheck`: a file that does not parse refuses the
///    restore (and the folder is removed). Nothing of the data directory has
///    been touched.
/// 2. The data directory's lock is taken, so a running kiosk refuses it.
/// 3. The two folders trade names in one atomic step (renameat2 with
///    RENAME_EXCHANGE): the data directory holds the archive's data, and the
///    temp name the data it replaced, whole. There is no moment without a
///    data directory.
/// 4. The marker is removed from the data directory, and the replaced data
///    is given its lasting name, `<dir>.before-restore-<stamp>`.
///
/// A kill anywhere leaves the data directory old or new, and at most one temp
/// folder beside it, which the marker explains: with the marker it is an
/// unfinished copy of the archive (removed by the next restore); without it,
/// the data an interrupted restore replaced (moved to its lasting name by the
/// next restore; `check` explains both). A kept copy is therefore always
/// exactly the replaced data, complete.
///
/// Where the filesystem cannot exchange names, two renames do it instead; a
/// crash between them leaves no data directory, and the old data under the
/// temp name without the marker.
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
        /// Data replaced by an earlier restore that was interrupted, now kept under a lasting name.
        public let recovered: [String]
        /// What the archive held of children forgotten since: taken out before the restore.
        public let forgotten: ForgetTally
    }

    public static func run(archive: URL, into directory: URL, now: Date) throws -> Outcome {
        let root = DataDirectory.plainPath(directory)
        let parent = (root as NSString).deletingLastPathComponent
        let name = (root as NSString).lastPathComponent
        let opened = try BackupArchive(path: DataDirectory.plainPath(archive))
        try DataFiles.makeDirectory(parent)
        let recovered = try recoverLeftovers(of: name, in: parent, now: now)

        let incoming = DataFiles.tempPath(in: parent, for: Leftover.prefix(name))
        let report: DataCheckReport
        var forgotten: ForgetTally
        let forgottenBefore: ForgottenChildren
        do {
            try makeMarkedFolder(incoming, in: parent, name: name)
            try opened.extract(into: incoming)
            report = try DataCheck(directory: URL(fileURLWithPath: incoming), now: now).run()
            if let unreadable = report.problems.first(where: \.unreadable) {
                throw BackupError.unreadableContent(archive: opened.path, problem: unreadable.description)
            }
            // A child forgotten since the archive was made stays forgotten (issue 43).
            forgottenBefore = try JSONFileStore.forgottenChildren(at: root)
            forgotten = try JSONFileStore.keepForgotten(from: root, in: incoming)
        } catch {
            // Before the swap the folder holds only what was extracted.
            try? FileManager.default.removeItem(atPath: incoming)
            throw error
        }
        let replaced = try swap(incoming, with: root, name: name) {
            // Under the lock: a child forgotten since the list was read (a forget between) is taken out too.
            guard try JSONFileStore.forgottenChildren(at: root) != forgottenBefore else { return }
            forgotten = forgotten + (try JSONFileStore.keepForgotten(from: root, in: incoming))
        }
        // The restore is done and durable: from here a failure only leaves
        // the replaced data under its temp name, which check and the next
        // restore recognise.
        let aside = replaced ? ((try? keep(incoming, besides: root, now: now)) ?? incoming) : nil
        return Outcome(directory: root, fileCount: opened.manifest.files.count, created: opened.manifest.created,
                       keptAside: aside, problems: report.problems.filter { $0.file != Leftover.marker }, recovered: recovered,
                       forgotten: forgotten)
    }

    /// The folder gets its name only with the marker in it, so no folder of
    /// that name is ever without one until the swap.
    private static func makeMarkedFolder(_ incoming: String, in parent: String, name: String) throws {
        let staging = DataFiles.tempPath(in: parent, for: Leftover.stagingPrefix(name))
        do {
            try DataFiles.makeDirectory(staging)
            try DataFiles.writeNew(staging + "/" + Leftover.marker, data: Data(), mode: 0o600)
            try DataFiles.syncDirectory(staging)
            try DataFiles.rename(staging, to: incoming)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// After the swap: the marker leaves the data directory, and the replaced
    /// data (under the temp name) gets its lasting name.
    private static func keep(_ replaced: String, besides root: String, now: Date) throws -> String {
        let marker = root + "/" + Leftover.marker
        unlink(marker)
        try DataFiles.syncDirectory(root)
        let aside = TimeStamp.unusedPath(root + ".before-restore-" + TimeStamp.dashed(now))
        try DataFiles.rename(replaced, to: aside)
        // Not durable yet only means a crash may bring the temp name back, which is recognised.
        try? DataFiles.syncDirectory((root as NSString).deletingLastPathComponent)
        return aside
    }

    /// Puts the verified folder in place of the data directory, whose data
    /// then has the verified folder's name. Returns whether there was data
    /// to replace.
    private static func swap(_ verified: String, with root: String, name: String, underLock: () throws -> Void = {}) throws -> Bool {
        let parent = (root as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: root) else {
            try DataFiles.rename(verified, to: root)
            try DataFiles.syncDirectory(parent)
            unlink(root + "/" + Leftover.marker)
            return false
        }
        let lock: JSONFileStore
        let exchanged: Bool
        do {
            // Throws StorageError.locked while a kiosk (or another tool) holds it.
            lock = try JSONFileStore(directory: URL(fileURLWithPath: root))
            try underLock()
            exchanged = try DataFiles.exchange(verified, root)
        } catch {
            // Nothing was swapped: the extracted copy goes, the data stays as it was.
            try? FileManager.default.removeItem(atPath: verified)
            throw error
        }
        try withExtendedLifetime(lock) {
            if !exchanged { try swapByRenames(verified, root) }
            do {
                try DataFiles.syncDirectory(parent)
            } catch {
                // The new names are not durable, so the restore failed: trade them back.
                if (try? DataFiles.exchange(verified, root)) != true { try? swapByRenames(verified, root) }
                // The marker goes with the archive's data: where it is tells whether that worked.
                let restoredStands = FileManager.default.fileExists(atPath: root + "/" + Leftover.marker)
                guard !restoredStands else {
                    unlink(root + "/" + Leftover.marker)
                    throw BackupError.restoredNotDurable(directory: root, replacedIn: verified, reason: "\(error)")
                }
                // Only the archive's copy (it has the marker) goes: never data it replaced.
                if FileManager.default.fileExists(atPath: verified + "/" + Leftover.marker) {
                    try? FileManager.default.removeItem(atPath: verified)
                }
                throw error
            }
        }
        // The lock (on the old data's lock file) is released here.
        return true
    }

    /// The same swap without an atomic exchange: the old data to a second
    /// temp name (without the marker, so it is known as replaced data), the
    /// new data into place, then the old data to the first temp name.
    private static func swapByRenames(_ verified: String, _ root: String) throws {
        let parent = (root as NSString).deletingLastPathComponent
        let old = DataFiles.tempPath(in: parent, for: Leftover.prefix((root as NSString).lastPathComponent))
        try DataFiles.rename(root, to: old)
        do {
            try DataFiles.rename(verified, to: root)
        } catch {
            try? DataFiles.rename(old, to: root)
            throw BackupError.cannotReplace(directory: root, reason: "\(error)")
        }
        try DataFiles.rename(old, to: verified)
    }

    /// Temp folders of an earlier restore of this directory: an unfinished
    /// copy of an archive is removed; data it had already replaced is kept
    /// under its lasting name. Returns those names.
    private static func recoverLeftovers(of name: String, in parent: String, now: Date) throws -> [String] {
        var kept: [String] = []
        for leftover in try Leftover.find(of: name, in: parent) {
            switch leftover.kind {
            case .unfinishedCopy:
                try? FileManager.default.removeItem(atPath: leftover.path)
            case .replacedData:
                let aside = TimeStamp.unusedPath(parent + "/" + name + ".before-restore-" + TimeStamp.dashed(now))
                try DataFiles.rename(leftover.path, to: aside)
                try DataFiles.syncDirectory(parent)
                kept.append(aside)
            }
        }
        return kept
    }

    /// What an interrupted restore leaves beside the data directory.
    public struct Leftover: Sendable {
        public enum Kind: Sendable {
            /// The archive's files, maybe not all: safe to remove.
            case unfinishedCopy
            /// The data the restore replaced, whole.
            case replacedData
        }
        public let path: String
        public let kind: Kind

        /// In the folder a restore extracts into, from its first moment.
        static let marker = DataFiles.tempPrefix + "restore-incoming"

        static func prefix(_ name: String) -> String { "restore-\(name)" }
        /// Where the marked folder is made before it gets its name.
        static func stagingPrefix(_ name: String) -> String { "restoring-\(name)" }

        /// The leftovers of restores of `name` in `parent`.
        public static func find(of name: String, in parent: String) throws -> [Leftover] {
            func ours(_ entry: String, _ prefix: String) -> Bool {
                let start = DataFiles.tempPrefix + prefix + "-"
                return entry.hasPrefix(start) && !entry.dropFirst(start.count).contains("-") && DataFiles.isDirectory(parent + "/" + entry)
            }
            return try DataFiles.list(parent).sorted().compactMap { entry in
                let path = parent + "/" + entry
                if ours(entry, stagingPrefix(name)) { return Leftover(path: path, kind: .unfinishedCopy) }
                guard ours(entry, prefix(name)) else { return nil }
                let marked = FileManager.default.fileExists(atPath: path + "/" + marker)
                return Leftover(path: path, kind: marked ? .unfinishedCopy : .replacedData)
            }
        }
    }
}
