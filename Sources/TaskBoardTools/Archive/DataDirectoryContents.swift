import Foundation
import TaskBoardStorage

/// The files a backup holds: every regular file under the data directory,
/// except the lock and the log (they belong to the running process, not to
/// the data), ticks handed to a running kiosk (`requests/`, gone within
/// seconds), temp files of interrupted writes, and the archives that
/// `check --repair` and `backup` leave in `backups/` (an archive must not
/// nest the ones before it).
enum DataDirectoryContents {
    struct File {
        /// Relative to the data directory, with "/".
        let path: String
        let mode: Int
    }

    static func files(in root: String) throws -> [File] {
        var found: [File] = []
        try collect(root, relative: "", into: &found)
        return found.sorted { $0.path < $1.path }
    }

    static func isExcluded(_ relative: String, name: String) -> Bool {
        name.hasPrefix(DataFiles.tempPrefix)
            || relative == DataFiles.lock || relative == DataFiles.log || relative == MarkRequestBox.folderName
            || (relative.hasPrefix(DataFiles.backupsFolder + "/") && (RepairArchiveName.matches(name) || DataBackup.isArchiveName(name)))
    }

    private static func collect(_ folder: String, relative: String, into found: inout [File]) throws {
        for name in try DataFiles.list(folder) {
            let path = folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if isExcluded(relativePath, name: name) { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?: try collect(path, relative: relativePath, into: &found)
            case .typeRegular?: found.append(File(path: relativePath, mode: mode & 0o777))
            default: continue // symlinks, sockets: nothing taskboard writes
            }
        }
    }
}

/// `backups/before-repair-YYYY-MM-DD-HHMMSS.zip`: where `check --repair` puts
/// the archive it makes before changing anything.
enum RepairArchiveName {
    static let prefix = "before-repair-"

    static func matches(_ name: String) -> Bool { name.hasPrefix(prefix) && name.hasSuffix(".zip") }
}
