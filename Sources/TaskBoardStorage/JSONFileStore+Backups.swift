import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONFileStore {
    /// How many daily backup folders are kept.
    public static let backupsKept = 7

    /// Copies roster.json, settings.json, attendance.json, pin.json (still 0600),
    /// summary.json and the recordings in `voices/`, those that exist, into `backups/YYYY-MM-DD/`, unless
    /// that day's backup exists already; then deletes all but the newest
    /// `backupsKept` backup folders. The folder is filled under a temp name,
    /// fsynced and renamed, so a backup folder is always complete. The day
    /// journals are not copied: they are only ever appended to.
    public func makeDailyBackup(on day: Day) throws {
        let target = backupsPath + "/\(day)"
        try requireWritable(target)
        try Posix.makeDirectory(backupsPath)
        var info = stat()
        if stat(target, &info) != 0 {
            guard errno == ENOENT else { throw Posix.error(target, "stat") }
            try writeBackup(to: target, day: day)
        }
        try pruneBackups()
    }

    private func writeBackup(to target: String, day: Day) throws(StorageError) {
        let temp = Posix.tempPath(in: backupsPath, for: "\(day)")
        guard mkdir(temp, 0o700) == 0 else { throw Posix.error(target, "mkdir") }
        do throws(StorageError) {
            let documents: [(name: String, mode: mode_t)] = [
                (RosterDocument.fileName, RosterDocument.mode),
                (SettingsDocument.fileName, SettingsDocument.mode),
                (AttendanceDocument.fileName, AttendanceDocument.mode),
                (PinDocument.fileName, PinDocument.mode),
                (SummaryDocument.fileName, SummaryDocument.mode),
            ]
            for document in documents {
                guard let data = try Posix.readFile(path(of: document.name)) else { continue }
                try Posix.writeNewFile(temp + "/" + document.name, data: data, mode: document.mode,
                                       reportAs: target + "/" + document.name)
            }
            try linkVoices(into: temp + "/" + Self.voicesFolder, shownAs: target + "/" + Self.voicesFolder)
            try Posix.fsyncDirectory(temp)
            guard rename(temp, target) == 0 else { throw Posix.error(target, "rename") }
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw error
        }
        try Posix.fsyncDirectory(backupsPath)
    }

    /// The recordings as they are now, by a second name each: a recording is
    /// only ever replaced by a rename, never changed in place, so the link
    /// keeps today's, costs no copy, and needs no fsync but the folder's.
    private func linkVoices(into folder: String, shownAs shown: String) throws(StorageError) {
        let keys = try Self.voiceKeys(in: voicesPath)
        guard !keys.isEmpty else { return }
        try Posix.makeDirectory(folder)
        for key in keys {
            let name = Self.voiceFileName(key)
            guard link(voicesPath + "/" + name, folder + "/" + name) == 0 else {
                if errno == ENOENT { continue } // removed meanwhile
                throw Posix.error(shown + "/" + name, "linking a recording into the backup")
            }
        }
        try Posix.fsyncDirectory(folder)
    }

    /// Deletes backup folders (named by day) beyond the newest `backupsKept`.
    private func pruneBackups() throws(StorageError) {
        let days = try Posix.listDirectory(backupsPath).compactMap { Day($0) }.sorted(by: >)
        for old in days.dropFirst(Self.backupsKept) {
            let path = backupsPath + "/\(old)"
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw StorageError.wrapping(error, path: path, operation: "removing an old backup")
            }
        }
        if days.count > Self.backupsKept { try Posix.fsyncDirectory(backupsPath) }
    }

    /// The days that have a backup folder, oldest first.
    public func backupDays() throws -> [Day] {
        try Posix.listDirectory(backupsPath).compactMap { Day($0) }.sorted()
    }
}
