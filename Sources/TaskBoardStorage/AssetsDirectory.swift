import Foundation

/// Finds the `assets/` folder: `$TASKBOARD_ASSETS`, else the first
/// `assets/` (or installed `share/taskboard/`) found walking up from the
/// executable, so `swift run` from a checkout works without setup.
public enum AssetsDirectory {
    public static func find(environment: ProcessEnvironment = .current) -> URL? {
        if let path = environment["TASKBOARD_ASSETS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // Paths as text, not URLs: URL's path and appendingPathComponent cost
        // the installed kiosk's start a conformance scan (issue 13).
        var folder = parent(of: DataDirectory.plain(executablePath()))
        for _ in 0..<6 {
            for candidate in [folder + "/assets", folder + "/share/taskboard"] where hasTexts(candidate) {
                return URL(fileURLWithPath: DataDirectory.plain(candidate), isDirectory: true)
            }
            folder = parent(of: folder)
        }
        let here = FileManager.default.currentDirectoryPath + "/assets"
        return hasTexts(here) ? URL(fileURLWithPath: DataDirectory.plain(here), isDirectory: true) : nil
    }

    private static func hasTexts(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/strings/en.json")
    }

    /// The folder a plain path is in ("/" for the root and what is in it).
    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The running program's own file. `argv[0]` is only "taskboard" when it
    /// was found on the PATH, so Linux's /proc/self/exe comes first.
    private static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().fileSystemPath
    }
}
