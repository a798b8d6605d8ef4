import Foundation
import TaskBoardStorage
import ZIPFoundation

/// Writes a backup archive of a data directory. The archive is built under a
/// temp name beside the target (mode 0600: it holds the PIN's hash), fsynced,
/// read back and verified, and only then given its name, which must not
/// exist: a half-written archive never carries the final name, and no file
/// is ever overwritten.
///
/// Every file is read once, whole, before the archive is written (the
/// manifest, which comes first, lists their sizes). Whole files are replaced
/// atomically and journals only grow, so each file is read in a consistent
/// state even beside a running kiosk.
public enum BackupWriter {
    @discardableResult
    /// `recordedAs` names the data directory in the manifest when `directory`
    /// is a copy of it (an archive cleaned of a forgotten child).
    public static func write(directory: URL, to target: URL, created: Date, recordedAs: String? = nil) throws -> BackupManifest {
        let root = DataDirectory.plainPath(directory)
        let targetPath = DataDirectory.plainPath(target)
        guard !FileManager.default.fileExists(atPath: targetPath) else { throw BackupError.archiveExists(targetPath) }
        let folder = (targetPath as NSString).deletingLastPathComponent
        guard DataFiles.isDirectory(folder) else {
            throw BackupError.noFolder(archive: targetPath, folder: folder)
        }
        let contents = try DataDirectoryContents.files(in: root).map { file -> (BackupManifest.File, Data) in
            let data = try DataFiles.read(root + "/" + file.path) ?? Data()
            return (BackupManifest.File(path: file.path, size: data.count, mode: file.mode), data)
        }
        let manifest = BackupManifest(created: created, directory: recordedAs ?? root, files: contents.map(\.0))

        let temp = DataFiles.tempPath(in: folder, for: (targetPath as NSString).lastPathComponent)
        do {
            try writeArchive(at: temp, manifest: manifest, contents: contents, created: created)
            try DataFiles.syncFile(temp)
            // Read it back: a short write or a full disk shows up here, not at restore time.
            _ = try BackupArchive(path: temp, shownAs: targetPath).verifyAll()
            try DataFiles.renameWithoutReplacing(temp, to: targetPath)
        } catch let error as BackupError {
            unlink(temp)
            throw error
        } catch let error as StorageError {
            unlink(temp)
            throw error
        } catch {
            unlink(temp)
            // ZIPFoundation and Foundation errors name the temp file; name the archive.
            throw StorageError.wrapping(error, path: targetPath, operation: "writing the archive")
        }
        do {
            try DataFiles.syncDirectory(folder)
        } catch {
            // The name is not durable: a failure must leave no archive that looks finished.
            unlink(targetPath)
            throw error
        }
        return manifest
    }

    private static func writeArchive(at path: String, manifest: BackupManifest,
                                     contents: [(BackupManifest.File, Data)], created: Date) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        try DataFiles.setMode(path, 0o600)
        try add(try manifest.encoded(), as: BackupManifest.entryName, mode: 0o644, to: archive, created: created)
        for (file, data) in contents {
            try add(data, as: file.path, mode: file.mode, to: archive, created: created)
        }
        // The archive's file is closed when `archive` goes away, here.
    }

    private static func add(_ data: Data, as path: String, mode: Int, to archive: Archive, created: Date) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: created,
                             permissions: UInt16(mode), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}
