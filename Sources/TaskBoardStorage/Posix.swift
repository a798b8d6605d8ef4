import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the system calls the store needs, turning `errno` into
/// a `StorageError` that names the file.
enum Posix {
    /// Names starting with this are our temp files (and temp backup folders);
    /// nothing else is ever deleted as a leftover.
    static let tempPrefix = ".tmp-taskboard-"

    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    static func error(_ path: String, _ operation: String, _ code: Int32 = errno) -> StorageError {
        switch code {
        case EACCES, EPERM: StorageError(path: path, problem: .permissionDenied(operation: operation))
        case ENOSPC, EDQUOT: StorageError(path: path, problem: .diskFull)
        case EROFS: StorageError(path: path, problem: .readOnlyDisk)
        default: StorageError(path: path, problem: .system(operation: operation, code: code))
        }
    }

    /// `open` that retries on EINTR; returns -1 with errno set.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        while true {
            #if canImport(Glibc)
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            #else
            let fd = Darwin.open(path, flags | O_CLOEXEC, mode)
            #endif
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// The largest file read when no smaller limit is given.
    static let defaultReadLimit = 64 << 20

    /// The whole file, or nil when it does not exist. A file larger than
    /// `limit` is refused from its size, before anything is read.
    static func readFile(_ path: String, limit: Int = defaultReadLimit) throws(StorageError) -> Data? {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw error(path, "opening for reading")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw error(path, "stat") }
        if Int(info.st_size) > limit { throw StorageError(path: path, problem: .tooLarge(bytes: Int(info.st_size), limit: limit)) }
        var data = Data(count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count / 2) }
            let n = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + filled, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw error(path, "read")
            }
            if n == 0 { break }
            filled += n
            // Still growing past the limit (not a regular file, or being appended to).
            if filled > limit { throw StorageError(path: path, problem: .tooLarge(bytes: filled, limit: limit)) }
        }
        data.count = filled
        return data
    }

    /// Writes every byte, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(StorageError) {
        var written = 0
        while written < data.count {
            let n = data.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fd, base + written, buffer.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw error(path, "write")
            }
            written += n
        }
    }

    static func fsyncOrThrow(_ fd: Int32, path: String) throws(StorageError) {
        guard fsync(fd) == 0 else { throw error(path, "fsync") }
    }

    /// Flushes the data (and the size) of a file, not its timestamps.
    static func datasyncOrThrow(_ fd: Int32, path: String) throws(StorageError) {
        #if os(Linux)
        let result = fdatasync(fd)
        #else
        let result = fsync(fd)
        #endif
        guard result == 0 else { throw error(path, "fdatasync") }
    }

    /// Makes the directory's entries (a rename, a new file) durable.
    static func fsyncDirectory(_ path: String) throws(StorageError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { throw error(path, "opening the directory") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw error(path, "fsync of the directory") }
    }

    /// A fresh temp-file name in `directory` for `target`.
    static func tempPath(in directory: String, for target: String) -> String {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return directory + "/" + tempPrefix + target + "-" + suffix
    }

    /// Replaces `path` with `data` so that a crash leaves either the old or
    /// the new file, and the new one is on disk when this returns: a temp file
    /// in the same directory, written, fsynced and given `mode`, renamed over
    /// the target, then the directory fsynced. On any failure the target is
    /// as it was: when the directory's fsync fails after the rename, the old
    /// file (kept under a temp name by a hard link) is put back, because a
    /// failure must mean "not saved" and the new name is not yet durable.
    /// When even that fails, the new file stands, not durable: the error says
    /// it may be written.
    static func replaceDurably(_ path: String, with data: Data, mode: mode_t) throws(StorageError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = tempPath(in: directory, for: name)
        try writeNewFile(temp, data: data, mode: mode, reportAs: path)
        let previous = PreviousFile.keep(path, as: tempPath(in: directory, for: name + "-old"))
        guard rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            previous.forget()
            throw error(path, "rename", code)
        }
        do throws(StorageError) {
            try fsyncDirectory(directory)
        } catch {
            var error = error
            if !previous.putBack(at: path) { error.mayBeWritten = true }
            throw error
        }
        previous.forget()
    }

    /// The file a replace is about to overwrite, kept by a second name until
    /// the new one is durable. (A leftover second name is an ordinary temp
    /// file, removed by the next writer.)
    private enum PreviousFile {
        case none
        case kept(String)
        /// The filesystem has no hard links: a failed replace cannot be undone.
        case unknown

        static func keep(_ path: String, as keptPath: String) -> PreviousFile {
            if link(path, keptPath) == 0 { return .kept(keptPath) }
            return errno == ENOENT ? .none : .unknown
        }

        /// Whether the target is as it was before the replace.
        func putBack(at path: String) -> Bool {
            switch self {
            case .kept(let kept): rename(kept, path) == 0
            case .none: unlink(path) == 0
            case .unknown: false
            }
        }

        func forget() {
            if case .kept(let kept) = self { unlink(kept) }
        }
    }

    /// Creates `path` (which must not exist) with `data`, fsynced, with `mode`
    /// whatever the umask. On failure nothing is left behind.
    static func writeNewFile(_ path: String, data: Data, mode: mode_t, reportAs shown: String) throws(StorageError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw error(shown, "creating a file in its directory") }
        do throws(StorageError) {
            try writeAll(fd, data, path: shown)
            guard fchmod(fd, mode) == 0 else { throw error(shown, "fchmod") }
            // A failed fsync means the data may be lost: the save failed. Do
            // not retry it (Linux may then report success without the data).
            try fsyncOrThrow(fd, path: shown)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(path)
            throw Posix.error(shown, "close", code)
        }
    }

    /// Creates a directory with mode 0700 if it is missing (and its parents),
    /// making the new entry durable. Returns whether it was created.
    @discardableResult
    static func makeDirectory(_ path: String) throws(StorageError) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw StorageError(path: path, problem: .system(operation: "using it as a directory", code: ENOTDIR))
            }
            return false
        }
        guard errno == ENOENT else { throw error(path, "stat") }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0 {
            if errno == EEXIST { return false }
            throw error(path, "mkdir")
        }
        if !parent.isEmpty, parent != path { try fsyncDirectory(parent) }
        return true
    }

    /// Names in a directory (not "." or ".."); empty when it does not exist.
    static func listDirectory(_ path: String) throws(StorageError) -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw error(path, "listing the directory")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Size in bytes, 0 when missing.
    static func fileSize(_ path: String) throws(StorageError) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return 0 }
            throw error(path, "stat")
        }
        return Int(info.st_size)
    }
}
