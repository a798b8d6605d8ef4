import Foundation
import Testing
import TaskBoardStorage

@Suite("Two folders trade names in one step")
struct ExchangeTests {
    @Test func foldersTradeNamesAndContents() throws {
        try withDataDirectory { root in
            let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
            try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
            try writeRaw("old", to: a.file("roster.json"))
            try writeRaw("new", to: b.file("roster.json"))
            #expect(try DataFiles.exchange(a.path, b.path))
            #expect(try String(contentsOf: a.file("roster.json"), encoding: .utf8) == "new")
            #expect(try String(contentsOf: b.file("roster.json"), encoding: .utf8) == "old")
        }
    }

    @Test func aMissingSideFailsAndChangesNothing() throws {
        try withDataDirectory { root in
            let a = root.appendingPathComponent("a")
            try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
            #expect(throws: StorageError.self) { try DataFiles.exchange(a.path, root.appendingPathComponent("missing").path) }
            #expect(fileExists(a))
        }
    }
}
