import Foundation

/// Finds the `assets/` folder: `$TASKBOARD_ASSETS`, else the first
/// `assets/` (or installed `share/taskboard/`) found walking up from the
/// executable, so `swift run` from a checkout works without setup.
public enum AssetsDirectory {
    public static func find(environment: ProcessEnvironment = .current) -> URL? {
        if let path = environment["TASKBOARD_ASSETS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        var folder = executable().deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in [folder.appendingPathComponent("assets"), folder.appendingPathComponent("share/taskboard")]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("strings/en.json").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets")
        return FileManager.default.fileExists(atPath: here.appendingPathComponent("strings/en.json").path) ? here : nil
    }

    /// The running program's own file. `argv[0]` is only "taskboard" when it
    /// was found on the PATH, so Linux's /proc/self/exe comes first.
    private static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }
}
