import Foundation
import TaskBoard
import TaskBoardStorage

/// Takes forgotten children out of backup archives: each archive is
/// unpacked beside itself, cleaned (`JSONFileStore.keepForgotten`, so it
/// carries the list of forgotten children from then on), written again as
/// a new archive with the same date, checked, and renamed over the old one.
/// An archive that holds nothing of them is left as it is, byte for byte.
public enum ArchiveCleaning {
    /// The archives the program made in a data directory's `backups/`:
    /// `taskboard backup`'s and `check --repair`'s.
    public static func archives(in directory: URL) throws -> [String] {
        let backups = DataDirectory.plainPath(directory) + "/" + DataFiles.backupsFolder
        guard DataFiles.isDirectory(backups) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: backups)
            .filter { DataBackup.isArchiveName($0) || RepairArchiveName.matches($0) }.sorted().map { backups + "/" + $0 }
    }

    /// Every archive of ours in another folder (the daily backup timer's,
    /// /var/backups/taskboard): zip files with our manifest; other files are not looked at twice.
    public static func archives(inFolder folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".zip") && !$0.hasPrefix(DataFiles.tempPrefix) }
            .sorted().map { folder + "/" + $0 }.filter { (try? BackupArchive(path: $0)) != nil }
    }

    /// The roster an archive holds, nil when it holds none.
    static func roster(in archive: String) throws -> Roster? {
        try roster(of: try BackupArchive(path: archive))
    }

    private static func roster(of opened: BackupArchive) throws -> Roster? {
        guard let file = opened.manifest.files.first(where: { $0.path == DataFiles.roster }) else { return nil }
        return try JSONFileStore.roster(from: try opened.contents(of: file), shown: opened.path + "!" + DataFiles.roster)
    }

    /// Cleans one archive of the children `directory` has forgotten; what it
    /// held of them. Nil, the archive left as it was, when it holds another
    /// child under the number of `expected` (the child being forgotten): ids
    /// are a daycare's own, and a folder of archives may hold another
    /// daycare's.
    public static func clean(_ archive: String, forgottenIn directory: URL, expected: Child? = nil) throws -> ForgetTally? {
        let opened = try BackupArchive(path: archive)
        if let expected, let other = try roster(of: opened)?.children.first(where: { $0.id == expected.id }), other.name != expected.name {
            return nil
        }
        let folder = (archive as NSString).deletingLastPathComponent
        let unpacked = DataFiles.tempPath(in: folder, for: (archive as NSString).lastPathComponent + "-unpacked")
        defer { try? FileManager.default.removeItem(atPath: unpacked) }
        try DataFiles.makeDirectory(unpacked)
        try opened.extract(into: unpacked)
        let tally = try JSONFileStore.keepForgotten(from: DataDirectory.plainPath(directory), in: unpacked)
        guard !tally.isEmpty else { return tally }
        let created = ISO8601DateFormatter().date(from: opened.manifest.created) ?? Date()
        let rewritten = DataFiles.tempPath(in: folder, for: (archive as NSString).lastPathComponent)
        do {
            try BackupWriter.write(directory: URL(fileURLWithPath: unpacked, isDirectory: true), to: URL(fileURLWithPath: rewritten),
                                   created: created, recordedAs: opened.manifest.directory)
            try DataFiles.rename(rewritten, to: archive)
            try DataFiles.syncDirectory(folder)
        } catch {
            unlink(rewritten)
            throw error
        }
        return tally
    }
}
