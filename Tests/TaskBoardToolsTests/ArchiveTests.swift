import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
@testable import TaskBoardTools

@Suite("Backup archives and restoring them")
struct ArchiveTests {
    @Test func aBackupRestoredIntoAFreshDirectoryGivesTheSameFiles() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let archive = root.appendingPathComponent("backup.zip")
            let outcome = try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            #expect(!outcome.besideKiosk)
            #expect(try DataFixture.mode(of: archive) == 0o600, "the archive holds the PIN's hash")

            let copy = root.appendingPathComponent("copy")
            let restored = try DataRestore.run(archive: archive, into: copy, now: DataFixture.now)
            #expect(restored.keptAside == nil)
            #expect(restored.problems.isEmpty)
            let original = try DirectorySnapshot.of(data, skippingLock: true)
            #expect(try DirectorySnapshot.of(copy) == original)
            #expect(outcome.fileCount == original.files.count)
            #expect(original.files.keys.contains("summary.json") && original.files.keys.contains { $0.hasPrefix("backups/") })
            #expect(try DataFixture.mode(of: copy.appendingPathComponent("pin.json")) == 0o600)
            // Nothing of the restore is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["backup.zip", "copy", "data"])
        }
    }

    @Test func restoreOverDataKeepsTheOldDataAsideAndTheScoresMatch() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let archive = root.appendingPathComponent("backup.zip")
            try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            let expected = try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: FixedClock(DataFixture.now))
                .leaderboard(.allGroups, .allTime)
            try DataDamage.changeRoster(in: data) { roster in roster.children.removeLast() }
            let changed = try DirectorySnapshot.of(data, skippingLock: true)

            let outcome = try DataRestore.run(archive: archive, into: data, now: DataFixture.now)
            let aside = try #require(outcome.keptAside)
            #expect(aside == data.path + ".before-restore-" + TimeStamp.dashed(DataFixture.now))
            #expect(try DirectorySnapshot.of(URL(fileURLWithPath: aside), skippingLock: true) == changed)
            let daycare = try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: FixedClock(DataFixture.now))
            #expect(daycare.roster.children.count == 12)
            #expect(daycare.leaderboard(.allGroups, .allTime) == expected)

            // A second restore in the same second keeps that one too.
            let again = try DataRestore.run(archive: archive, into: data, now: DataFixture.now)
            #expect(again.keptAside == aside + "-2")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["truncated", "foreign", "not a zip", "a folder"])
    func aBadArchiveIsRefusedAndNothingChanges(kind: String) throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let archive = root.appendingPathComponent("backup.zip")
            try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            switch kind {
            case "truncated": try DataDamage.cutInHalf(archive)
            case "foreign": try DataDamage.emptyZip.write(to: archive)
            case "a folder":
                try FileManager.default.removeItem(at: archive)
                try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: false)
            default: try Data("roster.json\n".utf8).write(to: archive)
            }
            let before = try DirectorySnapshot.of(root)
            let expected: BackupError = switch kind {
            case "foreign": .notOurs(archive: archive.path)
            case "a folder": .cannotOpen(archive: archive.path, reason: "it is a folder; give the backup archive (a .zip file) itself")
            default: .damaged(archive: archive.path, reason: "it is not a complete zip archive")
            }
            #expect(throws: expected) { try DataRestore.run(archive: archive, into: data, now: DataFixture.now) }
            #expect(try DirectorySnapshot.of(root) == before)
        }
    }

    @Test func aDamagedEntryIsRefusedByItsChecksum() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let archive = root.appendingPathComponent("backup.zip")
            try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            var bytes = try Data(contentsOf: archive)
            // Flip bits in the middle of the entries, away from the central directory at the end.
            bytes[bytes.count / 3] ^= 0x5A
            bytes[bytes.count / 3 + 1] ^= 0xA5
            try bytes.write(to: archive)
            let before = try DirectorySnapshot.of(root)
            let error = try #require(throws: BackupError.self) { try DataRestore.run(archive: archive, into: data, now: DataFixture.now) }
            guard case .damaged = error else { Issue.record("expected .damaged, got \(error)"); return }
            #expect(try DirectorySnapshot.of(root) == before)
        }
    }

    @Test func anArchiveHoldingAnUnreadableFileIsRefused() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let roster = data.appendingPathComponent("roster.json")
            try Data(try Data(contentsOf: roster).prefix(100)).write(to: roster)
            let archive = root.appendingPathComponent("backup.zip")
            // A backup copies what is there, damaged or not.
            try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            let target = root.appendingPathComponent("other")
            #expect(throws: BackupError.unreadableContent(archive: archive.path, problem: "roster.json: ends too early — the file is truncated.")) {
                try DataRestore.run(archive: archive, into: target, now: DataFixture.now)
            }
            #expect(!FileManager.default.fileExists(atPath: target.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["backup.zip", "data"])
        }
    }

    @Test func restoreRefusesWhileTheDataDirectoryIsLocked() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let archive = root.appendingPathComponent("backup.zip")
            try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            let kiosk = try JSONFileStore(directory: data)
            let before = try DirectorySnapshot.of(root)
            let error = try #require(throws: StorageError.self) { try DataRestore.run(archive: archive, into: data, now: DataFixture.now) }
            #expect(error.problem == .locked(pid: getpid(), byKiosk: false))
            #expect(try DirectorySnapshot.of(root) == before)
            withExtendedLifetime(kiosk) {}
        }
    }

    @Test func backupBesideAKioskReadsWithoutTheLock() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            var kiosk: JSONFileStore? = try JSONFileStore(directory: data)
            let outcome = try DataBackup.run(directory: data, to: root.appendingPathComponent("b.zip"), now: DataFixture.now)
            #expect(outcome.besideKiosk && kiosk != nil)
            kiosk = nil
            // Without a kiosk the lock is taken and given back.
            let alone = try DataBackup.run(directory: data, to: root.appendingPathComponent("c.zip"), now: DataFixture.now)
            #expect(!alone.besideKiosk)
            _ = try JSONFileStore(directory: data)
        }
    }

    @Test func aBackupNeverOverwritesAFileAndLeavesNoTempFile() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            let archive = root.appendingPathComponent("taken.zip")
            try Data("mine".utf8).write(to: archive)
            #expect(throws: BackupError.archiveExists(archive.path)) {
                try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            }
            #expect(try Data(contentsOf: archive) == Data("mine".utf8))
            #expect(throws: MissingDataDirectory(root.appendingPathComponent("none").path)) {
                try DataBackup.run(directory: root.appendingPathComponent("none"), to: root.appendingPathComponent("x.zip"), now: DataFixture.now)
            }
            let nowhere = root.appendingPathComponent("none/x.zip")
            #expect(throws: BackupError.noFolder(archive: nowhere.path, folder: root.appendingPathComponent("none").path)) {
                try DataBackup.run(directory: data, to: nowhere, now: DataFixture.now)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["data", "taken.zip"])
        }
    }

    @Test func theArchiveLeavesOutTheLockTheLogAndTempFiles() throws {
        try DataFixture.withFolder { root in
            let data = try DataFixture.demo(in: root)
            try Data("log line\n".utf8).write(to: data.appendingPathComponent("taskboard.log"))
            try Data("half".utf8).write(to: data.appendingPathComponent("marks/.tmp-taskboard-2026-11-22.jsonl-x1"))
            let archive = root.appendingPathComponent("b.zip")
            let outcome = try DataBackup.run(directory: data, to: archive, now: DataFixture.now)
            let opened = try BackupArchive(path: archive.path)
            let paths = opened.manifest.files.map(\.path)
            #expect(paths.count == outcome.fileCount)
            #expect(!paths.contains { $0.contains("taskboard.l") || $0.contains(".tmp-taskboard-") })
            #expect(paths.contains("roster.json") && paths.contains("attendance.json") && paths.contains("marks/2026-11-20.jsonl"))
            #expect(opened.manifest.files.first { $0.path == "pin.json" }?.mode == 0o600)
        }
    }

    @Test func namesCarryTheLocalDateAndTime() throws {
        let helsinki = try #require(TimeZone(identifier: "Europe/Helsinki"))
        #expect(TimeStamp.dashed(DataFixture.now, in: helsinki) == "2026-11-22-103000")
        let archive = DataBackup.defaultArchive(in: URL(fileURLWithPath: "/media/usb"), now: DataFixture.now)
        #expect(archive.path == "/media/usb/taskboard-backup-\(TimeStamp.dashed(DataFixture.now)).zip")
    }

    @Test func manifestPathsMustStayInsideTheDataDirectory() {
        #expect(BackupManifest.isSafe("marks/2026-11-22.jsonl"))
        for path in ["../x", "/etc/passwd", "marks/../../x", "a//b", "", "taskboard-backup.json", "./roster.json"] {
            #expect(!BackupManifest.isSafe(path), "\(path)")
        }
    }
}
