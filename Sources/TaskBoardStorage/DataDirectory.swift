import Foundation

/// Where the data lives: `--data-dir`, else `TASKBOARD_DATA_DIR`, else
/// `$XDG_DATA_HOME/taskboard`, else `~/.local/share/taskboard`.
public enum DataDirectory {
    public static func resolve(option: String?, environment: ProcessEnvironment = .current) -> URL {
        if let option, !option.isEmpty { return url(option) }
        if let dir = environment["TASKBOARD_DATA_DIR"], !dir.isEmpty { return url(dir) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("taskboard", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/taskboard", isDirectory: true)
    }

    /// The path of a folder's URL without "." or ".." parts or a trailing
    /// "/", as the data files are named from it.
    public static func plainPath(_ url: URL) -> String {
        plain(url.fileSystemPath)
    }

    /// An absolute path with its "." and ".." parts worked out and no empty
    /// parts, as `standardizedFileURL` gives it. Not through URL: its
    /// standardizing costs every start a scan of the binary's conformance
    /// records (issue 13).
    static func plain(_ path: String) -> String {
        // Over the UTF-8 bytes, not split(separator:): its [Substring] costs
        // the first call a run-time conformance lookup (issue 13).
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var plain: [UInt8] = []
        var partStarts: [Int] = []  // where each part kept in `plain` begins (its "/")
        var part: [UInt8] = []
        func endPart() {
            if part == [dot, dot] {
                if let start = partStarts.popLast() { plain.removeLast(plain.count - start) }
            } else if !part.isEmpty, part != [dot] {
                partStarts.append(plain.count)
                plain.append(slash)
                plain.append(contentsOf: part)
            }
            part.removeAll(keepingCapacity: true)
        }
        for byte in path.utf8 {
            if byte == slash { endPart() } else { part.append(byte) }
        }
        endPart()
        return plain.isEmpty ? "/" : String(decoding: plain, as: UTF8.self)
    }

    private static func url(_ path: String) -> URL {
        // NSString only for a "~": bridging to it costs a start a quarter of a millisecond.
        let expanded = path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return URL(fileURLWithPath: plain(absolute), isDirectory: true)
    }
}
