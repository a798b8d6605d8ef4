import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kiosk's log in the data directory (`taskboard.log`): one line per
/// problem, since the terminal belongs to the screen. Readable by the owner
/// only whatever the umask (a line may name a child), and bounded: past
/// `maxBytes` the file becomes `taskboard.log.1` (replacing the older one)
/// and a new file starts, so a kiosk that runs for years never fills its disk.
///
/// Writing the log never fails the caller: a line that cannot be written is
/// dropped, as there is nowhere else to say so.
public struct LogFile: Sendable {
    public static let maxBytes = 1_000_000
    public static let mode: mode_t = 0o600

    public let path: String
    private let maxBytes: Int

    public init(directory: URL, maxBytes: Int = LogFile.maxBytes) {
        path = directory.fileSystemPath(of: DataFiles.log)
        self.maxBytes = maxBytes
    }

    /// The old file kept after a rotation.
    public var previousPath: String { path + ".1" }

    public func append(_ message: String, at date: Date = Date()) {
        let line = Data("\(Self.timestamp(date)) \(message)\n".utf8)
        var fd = openForAppend()
        guard fd >= 0 else { return }
        var info = stat()
        if fstat(fd, &info) == 0, Int(info.st_size) > 0, Int(info.st_size) + line.count > maxBytes {
            close(fd)
            _ = rename(path, previousPath)
            fd = openForAppend()
            guard fd >= 0 else { return }
        }
        defer { close(fd) }
        try? Posix.writeAll(fd, line, path: path)
    }

    /// Rewrites the log and the older one without the lines that name any
    /// of `names` (a word of its own, in any case): a forgotten child's name
    /// leaves the log too. Returns how many lines went.
    public func dropLines(naming names: [String]) throws -> Int {
        let patterns = names.filter { !$0.isEmpty }.map { "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: $0) + "(?![\\p{L}\\p{N}])" }
        guard !patterns.isEmpty, let naming = try? NSRegularExpression(pattern: patterns.joined(separator: "|"), options: [.caseInsensitive]) else { return 0 }
        var dropped = 0
        for file in [path, previousPath] {
            guard let data = try Posix.readFile(file) else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let kept = lines.filter { line in
                let text = String(line)
                return naming.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
            }
            guard kept.count != lines.count else { continue }
            dropped += lines.count - kept.count
            try Posix.replaceDurably(file, with: Data(kept.joined(separator: "\n").utf8), mode: Self.mode)
        }
        return dropped
    }

    private func openForAppend() -> Int32 {
        let fd = Posix.open(path, O_WRONLY | O_APPEND | O_CREAT, Self.mode)
        // A file made earlier, or under a umask that let others read it.
        if fd >= 0 { _ = fchmod(fd, Self.mode) }
        return fd
    }

    private static func timestamp(_ date: Date) -> String {
        var formatter = Date.ISO8601FormatStyle()
        formatter.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return date.formatted(formatter)
    }
}
