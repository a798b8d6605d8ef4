import Foundation
import TaskBoardStorage
import ZIPFoundation

/// A backup archive opened for reading. Opening reads the manifest; every
/// file is read through `contents(of:)`, which checks the zip's CRC-32 and
/// the size the manifest lists, so a truncated or damaged archive is refused
/// before anything is written from it.
struct BackupArchive {
    let path: String
    let manifest: BackupManifest
    private let archive: Archive
    /// Entries by path, read once (the archive's own lookup walks the list).
    private let entries: [String: Entry]
    /// The name in messages (the final name while a new archive is verified).
    private let shown: String

    init(path: String, shownAs shown: String? = nil) throws(BackupError) {
        self.path = path
        self.shown = shown ?? path
        // The zip reader never finds the end of a folder (it read one at full
        // CPU for as long as it was let), and a pipe cannot be read from its end.
        if FileManager.default.fileExists(atPath: path), !DataFiles.isRegularFile(path) {
            throw .cannotOpen(archive: self.shown, reason: DataFiles.isDirectory(path)
                              ? "it is a folder; give the backup archive (a .zip file) itself" : "it is not a file")
        }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch Archive.ArchiveError.missingEndOfCentralDirectoryRecord {
            throw .damaged(archive: self.shown, reason: "it is not a complete zip archive")
        } catch {
            throw .cannotOpen(archive: self.shown, reason: Self.describe(error))
        }
        self.archive = archive
        var entries: [String: Entry] = [:]
        for entry in archive where entries[entry.path] == nil { entries[entry.path] = entry }
        self.entries = entries
        guard let entry = entries[BackupManifest.entryName] else { throw .notOurs(archive: self.shown) }
        let data = try Self.read(entry, from: archive, expectedSize: nil, shown: self.shown)
        manifest = try BackupManifest.decode(data, archive: self.shown)
    }

    /// The file's bytes, checked against the CRC-32 and the listed size.
    func contents(of file: BackupManifest.File) throws(BackupError) -> Data {
        guard let entry = entries[file.path] else {
            throw .damaged(archive: shown, reason: "\(file.path) is listed but missing")
        }
        return try Self.read(entry, from: archive, expectedSize: file.size, shown: shown)
    }

    /// Reads every listed file once. Returns how many there are.
    func verifyAll() throws(BackupError) -> Int {
        for file in manifest.files { _ = try contents(of: file) }
        return manifest.files.count
    }

    /// Writes every listed file under `folder` (created beforehand) with its
    /// mode, each fsynced, then fsyncs every folder it made.
    func extract(into folder: String) throws {
        var folders: Set<String> = [folder]
        for file in manifest.files {
            let data = try contents(of: file)
            let target = folder + "/" + file.path
            let parent = (target as NSString).deletingLastPathComponent
            if !folders.contains(parent) {
                try DataFiles.makeDirectory(parent)
                folders.insert(parent)
            }
            try DataFiles.writeNew(target, data: data, mode: mode_t(file.mode))
        }
        for path in folders.sorted(by: >) { try DataFiles.syncDirectory(path) }
    }

    private static func read(_ entry: Entry, from archive: Archive, expectedSize: Int?, shown: String) throws(BackupError) -> Data {
        var data = Data()
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry, skipCRC32: false) { data.append($0) }
        } catch {
            throw .damaged(archive: shown, reason: "\(entry.path) cannot be read (\(describe(error)))")
        }
        guard checksum == entry.checksum, UInt64(data.count) == entry.uncompressedSize,
              expectedSize.map({ $0 == data.count }) ?? true else {
            throw .damaged(archive: shown, reason: "\(entry.path) does not match its checksum")
        }
        return data
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        return "\(error)"
    }
}
