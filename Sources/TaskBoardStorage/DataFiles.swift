import CFileExchange
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's file names and durable-write steps, for the tools that copy,
/// check or repair a whole data directory (backup, restore, check). Every
/// write here follows the store's protocol: a new file is fsynced before it
/// is given a name, and a directory is fsynced after its entries change.
public enum DataFiles {
    public static let roster = RosterDocument.fileName
    public static let settings = SettingsDocument.fileName
    public static let attendance = AttendanceDocument.fileName
    public static let pin = PinDocument.fileName
    public static let summary = SummaryDocument.fileName
    public static let lock = "taskboard.lock"
    public static let log = "taskboard.log"
    public static let marksFolder = "marks"
    /// Journals `check --repair` set aside (dated after today), kept to be counted.
    public static let marksAsideFolder = "marks-aside"
    /// The ids of the children forgotten (`ForgottenChildren`).
    public static let forgotten = ForgottenDocument.fileName
    public static let backupsFolder = "backups"
    /// pin.json's permissions: the owner only.
    public static let pinMode: mode_t = PinDocument.mode
    /// Names starting with this are temp files left by an interrupted write.
    public static let tempPrefix = Posix.tempPrefix

    /// The whole file, or nil when it does not exist; refused unread when
    /// larger than `limit` bytes (by default larger than any data file can be).
    public static func read(_ path: String, limit: Int? = nil) throws -> Data? {
        try Posix.readFile(path, limit: limit ?? Posix.defaultReadLimit)
    }

    /// The most a roster file (or a roster's CSV) can hold.
    public static let rosterLimit = RosterDocument.maxBytes

    /// Creates `path`, which must not exist, with `data` and `mode`, fsynced.
    public static func writeNew(_ path: String, data: Data, mode: mode_t) throws {
        try Posix.writeNewFile(path, data: data, mode: mode, reportAs: path)
    }

    /// A fresh temp name in `directory`, starting with `tempPrefix`.
    public static func tempPath(in directory: String, for name: String) -> String {
        Posix.tempPath(in: directory, for: name)
    }

    public static func syncDirectory(_ path: String) throws { try Posix.fsyncDirectory(path) }

    /// fsyncs a file written by other means (an archive library).
    public static func syncFile(_ path: String) throws {
        let fd = Posix.open(path, O_RDONLY)
        guard fd >= 0 else { throw Posix.error(path, "opening for fsync") }
        defer { close(fd) }
        try Posix.fsyncOrThrow(fd, path: path)
    }

    /// Creates the directory (0700) and its parents if missing.
    public static func makeDirectory(_ path: String) throws { try Posix.makeDirectory(path) }

    /// Whether `path` is a directory (following a link to one).
    public static func isDirectory(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Something of a daycare is in the folder: one of its files, or the
    /// marks folder every store makes. A folder of other things is none.
    public static func holdsDaycare(_ path: String) -> Bool {
        [roster, settings, pin, summary, attendance, lock, marksFolder].contains {
            FileManager.default.fileExists(atPath: path + "/" + $0)
        }
    }

    /// A plain file (not a folder, a link to one, a device).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Names in a directory; empty when it does not exist.
    public static func list(_ path: String) throws -> [String] { try Posix.listDirectory(path) }

    /// `rename(2)`: replaces an existing file (or empty directory) at `target`.
    public static func rename(_ source: String, to target: String) throws {
        #if canImport(Glibc)
        let result = Glibc.rename(source, target)
        #else
        let result = Darwin.rename(source, target)
        #endif
        guard result == 0 else { throw Posix.error(target, "rename") }
    }

    /// Swaps the names of two existing paths in one atomic step. Returns
    /// false, changing nothing, where the system or filesystem cannot.
    public static func exchange(_ first: String, _ second: String) throws -> Bool {
        guard cfe_exchange_paths(first, second) != 0 else { return true }
        if errno == ENOSYS || errno == EINVAL || errno == ENOTSUP { return false }
        throw Posix.error(second, "exchanging names with \(first)")
    }

    /// Gives the file at `source` the name `target` only if `target` does not
    /// exist (link, then unlink the old name), so nothing is ever overwritten.
    public static func renameWithoutReplacing(_ source: String, to target: String) throws {
        guard link(source, target) == 0 else {
            if errno == EEXIST {
                throw StorageError(path: target, problem: .failed(operation: "writing", reason: "the file exists already; nothing was overwritten."))
            }
            throw Posix.error(target, "link")
        }
        unlink(source)
    }

    public static func setMode(_ path: String, _ mode: mode_t) throws {
        guard chmod(path, mode) == 0 else { throw Posix.error(path, "chmod") }
    }

    /// The permission bits, or nil when the file does not exist.
    public static func mode(of path: String) throws -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw Posix.error(path, "stat")
        }
        return info.st_mode & 0o7777
    }
}
