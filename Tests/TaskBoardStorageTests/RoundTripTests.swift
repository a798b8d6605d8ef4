import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

@Suite struct RoundTripTests {
    @Test func anEmptyDirectoryHasNoData() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            #expect(try store.loadRoster() == nil)
            #expect(try store.loadSettings() == nil)
            #expect(try store.loadPin() == nil)
            #expect(try store.loadMarkSummary() == nil)
            #expect(try store.marks(on: Samples.day).isEmpty)
            #expect(try store.markJournalLength(on: Samples.day) == 0)
        }
    }

    @Test func everyKindSurvivesAReopen() throws {
        try withDataDirectory { dir in
            let roster = try Samples.roster()
            let summary = Samples.summary()
            let events = (0..<25).map { Samples.event($0, done: $0 % 7 != 3) }
            do {
                let store = try JSONFileStore(directory: dir)
                try store.saveRoster(roster)
                try store.saveSettings(Samples.settings)
                try store.savePin(Samples.pin)
                try store.saveMarkSummary(summary)
                for event in events { try store.appendMark(event, on: Samples.day) }
                try store.appendMark(Samples.event(99), on: Samples.day.advanced(by: 1))
                // The same store reads its own writes.
                #expect(try store.loadRoster() == roster)
                #expect(try store.marks(on: Samples.day) == events)
            }
            let store = try JSONFileStore(directory: dir)
            #expect(try store.loadRoster() == roster)
            #expect(try store.loadSettings() == Samples.settings)
            #expect(try store.loadPin() == Samples.pin)
            #expect(try store.loadMarkSummary() == summary)
            #expect(try store.marks(on: Samples.day) == events)
            #expect(try store.marks(on: Samples.day.advanced(by: 1)) == [Samples.event(99)])
            #expect(try store.marks(on: Samples.day.advanced(by: -1)).isEmpty)
        }
    }

    @Test func rewritesReplaceTheWholeFile() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveSettings(Samples.settings)
            var changed = Samples.settings
            changed.idleLogoutMinutes = 17
            changed.language = nil
            try store.saveSettings(changed)
            #expect(try JSONFileStore(directory: dir, readOnly: true).loadSettings() == changed)
            // No temp files are left behind by successful writes.
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(names.filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test func filesCarryTheSchemaAndAreCompact() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveRoster(try Samples.roster())
            try store.saveSettings(Samples.settings)
            try store.savePin(Samples.pin)
            try store.saveMarkSummary(Samples.summary())
            for (name, key) in [("roster.json", "roster"), ("settings.json", "settings"), ("pin.json", "pin"), ("summary.json", "summary")] {
                let text = String(decoding: try bytes(of: dir.file(name)), as: UTF8.self)
                #expect(text.hasPrefix("{\"schema\":1,\"\(key)\":{"), "\(name): \(text.prefix(40))")
                #expect(!text.contains("\n"), "\(name) is pretty-printed")
            }
            // Dates as seconds since 1970, data as base64.
            let pin = String(decoding: try bytes(of: dir.file("pin.json")), as: UTF8.self)
            #expect(pin.contains("\"lockedUntil\":1795000060"))
            #expect(pin.contains(Data([0, 1, 2, 250, 255]).base64EncodedString()))
        }
    }

    @Test func theJournalIsAHeaderThenOneEventPerLine() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            for i in 0..<3 { try store.appendMark(Samples.event(i), on: Samples.day) }
            let text = String(decoding: try bytes(of: dir.file("marks/2026-11-22.jsonl")), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 5)
            #expect(lines[0] == "{\"schema\":1,\"day\":\"2026-11-22\"}")
            #expect(lines[4].isEmpty, "every line ends in a newline")
            let decoded = try lines[1...3].map { try JSONDecoder().decode(MarkEvent.self, from: Data($0.utf8)) }
            #expect(decoded == (0..<3).map { Samples.event($0) })
        }
    }

    @Test func theDirectoryIsCreatedPrivate() throws {
        try withDataDirectory { dir in
            let nested = dir.appendingPathComponent("a/b", isDirectory: true)
            _ = try JSONFileStore(directory: nested)
            #expect(try permissions(of: nested) == 0o700)
            #expect(try permissions(of: nested.file("marks")) == 0o700)
            #expect(fileExists(nested.file("taskboard.lock")))
        }
    }
}
