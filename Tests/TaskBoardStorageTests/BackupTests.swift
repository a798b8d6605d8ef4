import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

@Suite struct BackupTests {
    @Test func aBackupCopiesTheFilesThatExist() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveRoster(try Samples.roster())
            try store.savePin(Samples.pin)
            try store.appendMark(Samples.event(0), on: Samples.day)
            try store.makeDailyBackup(on: Samples.day)

            let folder = dir.file("backups/2026-11-22")
            #expect(try bytes(of: folder.file("roster.json")) == (try bytes(of: dir.file("roster.json"))))
            #expect(try bytes(of: folder.file("pin.json")) == (try bytes(of: dir.file("pin.json"))))
            #expect(try permissions(of: folder.file("pin.json")) == 0o600)
            #expect(!fileExists(folder.file("settings.json")))
            #expect(!fileExists(folder.file("summary.json")))
            #expect(try store.backupDays() == [Samples.day])

            // A backup directory holds data a store can open read-only.
            let restored = try JSONFileStore(directory: folder, readOnly: true)
            #expect(try restored.loadPin() == Samples.pin)
        }
    }

    /// Issue 40: the staff's recordings are in the day's backup, and a store
    /// opened on the backup reads them as they were.
    @Test func aBackupHoldsTheRecordings() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveRoster(try Samples.roster())
            let audio = Data("RIFF-recording".utf8)
            try store.saveVoice(audio, for: .child(ChildID(3)))
            try store.makeDailyBackup(on: Samples.day)
            let restored = try JSONFileStore(directory: dir.file("backups/2026-11-22"), readOnly: true)
            #expect(try restored.voiceKeys() == [.child(ChildID(3))])
            #expect(try restored.loadVoice(.child(ChildID(3))) == audio)
        }
    }

    @Test func aDaysBackupIsMadeOnce() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveSettings(Samples.settings)
            try store.makeDailyBackup(on: Samples.day)
            let first = try bytes(of: dir.file("backups/2026-11-22/settings.json"))
            try store.saveSettings(Settings())
            try store.makeDailyBackup(on: Samples.day)
            #expect(try bytes(of: dir.file("backups/2026-11-22/settings.json")) == first)
        }
    }

    @Test func onlyTheNewestSevenDaysAreKept() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveSettings(Samples.settings)
            try FileManager.default.createDirectory(at: dir.file("backups/not-a-day"), withIntermediateDirectories: true)
            for offset in 0..<10 {
                try store.makeDailyBackup(on: Samples.day.advanced(by: offset))
            }
            let expected = (3..<10).map { Samples.day.advanced(by: $0) }
            #expect(try store.backupDays() == expected)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.file("backups").path).sorted()
            #expect(names == (expected.map(\.description) + ["not-a-day"]).sorted())
        }
    }
}
