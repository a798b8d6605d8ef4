import Foundation
import Testing
@testable import TaskBoardStorage

/// Issue 9, finding 11: the log is 0600 and bounded.
@Suite struct LogFileTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tb-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func finding11_theLogIsTheOwnersOnlyWhateverTheUmask() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = LogFile(directory: dir)
        let old = umask(0)
        defer { umask(old) }
        log.append("first")
        #expect(try mode(log.path) == 0o600)
        // A log made earlier with wider permissions is narrowed on the next line.
        chmod(log.path, 0o666)
        log.append("second")
        #expect(try mode(log.path) == 0o600)
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1)[1] } == ["first", "second"])
    }

    @Test func finding11_pastItsSizeTheLogStartsAfreshKeepingOneOldFile() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = LogFile(directory: dir, maxBytes: 200)
        for n in 0..<30 { log.append("line \(n) " + String(repeating: "x", count: 20)) }
        let current = try Data(contentsOf: URL(fileURLWithPath: log.path))
        let previous = try Data(contentsOf: URL(fileURLWithPath: log.previousPath))
        #expect(current.count <= 200 && previous.count <= 200)
        #expect(String(decoding: current, as: UTF8.self).contains("line 29 "))
        #expect(try mode(log.previousPath) == 0o600)
        // Nothing else appears beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["taskboard.log", "taskboard.log.1"])
    }

    /// Issue 43: a forgotten child's name leaves both files of the log
    /// (any case, a word of its own); "Ainoa" and other lines stay.
    @Test func theLinesNamingAForgottenChildLeaveTheLog() throws {
        try withDataDirectory { dir in
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let log = LogFile(directory: dir, maxBytes: 200)
            for line in ["cannot play the recording of aino", "a tick for Eero", "Ainoa tehtävä", "Aino: something", "Aino again", "the last line about Eero"] {
                log.append(line)
            }
            let both = { (try String(contentsOfFile: log.previousPath, encoding: .utf8)) + (try String(contentsOfFile: log.path, encoding: .utf8)) }
            let whole = try both()
            #expect(whole.components(separatedBy: "\n").count == 7, "rotated once, nothing lost: \(whole)")
            #expect(try log.dropLines(naming: ["Aino"]) == 3)
            let after = try both()
            for kept in ["a tick for Eero", "Ainoa tehtävä", "the last line about Eero"] { #expect(after.contains(kept), "\(after)") }
            #expect(!after.contains("of aino") && !after.contains("Aino:") && !after.contains("Aino again"), "\(after)")
            #expect(try log.dropLines(naming: ["Aino"]) == 0)
        }
    }
}
