import Foundation
import Testing
import TaskBoardStorage

/// The data directory's path is worked out without URL's standardizing (issue
/// 13); it must come out as that standardizing made it.
@Suite struct DataDirectoryTests {
    static let paths = ["/srv/taskboard", "/srv/taskboard/", "/srv//taskboard/./data/", "/srv/a/../taskboard",
                        "/srv/a/b/../../taskboard/..", "/..", "/../srv", "/", "/srv/./././x", "relative/dir", "./x/../y", "..", "~/data",
                        "/srv/päiväkoti/./data/../x", "/srv/.../x", "/srv/.hidden/../.x/..y"]

    @Test(arguments: paths) func anOptionNamesTheFolderURLWouldStandardize(_ path: String) {
        let expanded = path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        let expected = URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
        let resolved = DataDirectory.resolve(option: path, environment: [:])
        #expect(resolved.path == expected.path)
        #expect(resolved.hasDirectoryPath)
        #expect(DataDirectory.plainPath(resolved) == DataDirectory.plainPath(expected))
    }

    @Test(arguments: paths) func aPlainPathHasNoDotsEmptyPartsOrTrailingSlash(_ path: String) {
        let url = URL(fileURLWithPath: path, isDirectory: true)
        let plain = DataDirectory.plainPath(url)
        let standardized = url.standardizedFileURL.path
        #expect(plain == (standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized))
        #expect(plain.hasPrefix("/"))
        #expect(plain == "/" || !plain.hasSuffix("/"))
        #expect(!plain.split(separator: "/").contains { $0 == "." || $0 == ".." || $0.isEmpty })
    }

    @Test func theEnvironmentNamesTheFolderWhenNoOptionDoes() {
        let resolved = DataDirectory.resolve(option: nil, environment: ["TASKBOARD_DATA_DIR": "/srv/x/../kiosk/"])
        #expect(resolved.path == "/srv/kiosk")
        #expect(DataDirectory.plainPath(resolved) == "/srv/kiosk")
    }
}

/// A file URL's path decoded by taskboard (issue 13) is the path Foundation gives.
@Suite struct FileSystemPathTests {
    static let paths = ["/srv/taskboard", "/srv/taskboard/", "/srv//taskboard/./data/", "/srv/a b/c", "/srv/päiväkoti",
                        "/srv/100%/x", "/srv/a#b?c;d", "/", "//", "/srv/x//", "relative/dir", "/srv/%41", "/tmp/x y/", "/srv/emoji 🐿/z", "~/x"]

    @Test(arguments: paths) func theSamePathAsFoundations(_ path: String) {
        for isDirectory in [true, false] {
            let url = URL(fileURLWithPath: path, isDirectory: isDirectory)
            #expect(url.fileSystemPath == url.path)
            let file = url.appendingPathComponent("taskboard.log")
            #expect(file.fileSystemPath == file.path)
            // The same file (Foundation keeps a doubled "/" before the name; so does the kernel).
            let joined = url.fileSystemPath(of: "taskboard.log")
            #expect(URL(fileURLWithPath: joined).standardizedFileURL.path == file.standardizedFileURL.path)
            #expect(!joined.hasSuffix("//taskboard.log"))
        }
    }
}
