import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

@Suite struct LockAndStartupTests {
    @Test func aSecondStoreOnTheSameDirectoryIsRefused() throws {
        try withDataDirectory { dir in
            let first = try JSONFileStore(directory: dir)
            // flock conflicts between two open file descriptions even in one process.
            let error = #expect(throws: StorageError.self) { try JSONFileStore(directory: dir) }
            #expect(error?.description == "Another taskboard is already using \(dir.path) (pid \(getpid())).")
            withExtendedLifetime(first) {}
        }
    }

    @Test func theLockIsFreedWhenTheStoreGoes() throws {
        try withDataDirectory { dir in
            do {
                let store = try JSONFileStore(directory: dir)
                try store.saveSettings(Samples.settings)
            }
            let again = try JSONFileStore(directory: dir)
            #expect(try again.loadSettings() == Samples.settings)
            let pid = String(decoding: try bytes(of: dir.file("taskboard.lock")), as: UTF8.self)
            #expect(pid == "\(getpid()) command\n")
        }
    }

    @Test func leftoverTempFilesAreRemovedAtStart() throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            let ours = [".tmp-taskboard-roster.json-1x2y3z", "marks/.tmp-taskboard-2026-11-22.jsonl-abc"]
            let theirs = [".tmp-editor-roster.json", "notes.txt", "marks/.hidden", "roster.json~"]
            for name in ours + theirs { try writeRaw("{\"half\":", to: dir.file(name)) }
            _ = try JSONFileStore(directory: dir)
            for name in ours { #expect(!fileExists(dir.file(name)), "\(name) should be gone") }
            for name in theirs { #expect(fileExists(dir.file(name)), "\(name) is not ours") }
        }
    }

    /// The kiosk leaves them for after its first frame (`tidyLater`), and its
    /// daycare's `finishOpening` removes them then.
    @Test func theKioskRemovesLeftoverTempFilesOnceItsFirstFrameIsUp() throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            let leftover = "marks/.tmp-taskboard-2026-11-22.jsonl-abc"
            try writeRaw("{\"half\":", to: dir.file(leftover))
            let store = try JSONFileStore(directory: dir, tidyLater: true)
            let daycare = try Daycare(store: store, marksLater: true)
            #expect(fileExists(dir.file(leftover)), "not before the first frame")
            try daycare.finishOpening()
            #expect(!fileExists(dir.file(leftover)))
        }
    }

    @Test func aReadOnlyStoreReadsButRefusesEveryWrite() throws {
        try withDataDirectory { dir in
            let writer = try JSONFileStore(directory: dir)
            try writer.saveRoster(try Samples.roster())
            try writer.appendMark(Samples.event(1), on: Samples.day)
            try writeRaw("x", to: dir.file(".tmp-taskboard-settings.json-zz"))

            // Needs no lock, so it can look while the kiosk runs.
            let reader = try JSONFileStore(directory: dir, readOnly: true)
            #expect(try reader.loadRoster() == (try Samples.roster()))
            #expect(try reader.marks(on: Samples.day) == [Samples.event(1)])
            #expect(fileExists(dir.file(".tmp-taskboard-settings.json-zz")), "read-only cleans nothing")

            let before = try bytes(of: dir.file("roster.json"))
            let writes: [(String, () throws -> Void)] = [
                ("roster.json", { try reader.saveRoster(Roster()) }),
                ("settings.json", { try reader.saveSettings(Settings()) }),
                ("pin.json", { try reader.savePin(PinRecord()) }),
                ("summary.json", { try reader.saveMarkSummary(Samples.summary()) }),
                ("marks/2026-11-22.jsonl", { try reader.appendMark(Samples.event(2), on: Samples.day) }),
                ("backups/2026-11-22", { try reader.makeDailyBackup(on: Samples.day) }),
            ]
            for (name, write) in writes {
                let error = #expect(throws: StorageError.self) { try write() }
                #expect(error?.description == "\(dir.file(name).path): the data directory is open read-only; nothing can be saved.")
            }
            #expect(try bytes(of: dir.file("roster.json")) == before)
            #expect(try reader.marks(on: Samples.day) == [Samples.event(1)])
            withExtendedLifetime(writer) {}
        }
    }

    @Test func aReadOnlyStoreCreatesNothing() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir, readOnly: true)
            #expect(try store.loadRoster() == nil)
            #expect(try store.marks(on: Samples.day).isEmpty)
            #expect(!fileExists(dir))
        }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsAnError() throws {
        try withDataDirectory { dir in
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try writeRaw("", to: dir.file("marks"))
            let error = #expect(throws: StorageError.self) { try JSONFileStore(directory: dir) }
            #expect(error?.description.hasPrefix(dir.file("marks").path + ": ") == true)
        }
    }
}
