import Foundation
import Testing
import TaskBoard
@testable import TaskBoardStorage

@Suite struct PermissionTests {
    @Test func pinIsPrivateWhenCreatedAndAfterEveryRewrite() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            let pin = dir.file("pin.json")
            try store.savePin(Samples.pin)
            #expect(try permissions(of: pin) == 0o600)
            // Even if someone loosened it, the next save makes it private again.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pin.path)
            var changed = Samples.pin
            changed.failedAttempts = 0
            try store.savePin(changed)
            #expect(try permissions(of: pin) == 0o600)
            #expect(try store.loadPin() == changed)
        }
    }

    @Test func aFullDiskIsReportedInPlainWords() throws {
        // /dev/full fails every write with ENOSPC.
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let error = #expect(throws: StorageError.self) {
            try Posix.writeAll(fd, Data("{}".utf8), path: "/data/roster.json")
        }
        #expect(error?.description == "/data/roster.json: the disk is full.")
    }

    @Test func systemErrorsAreOneLineWithTheFile() {
        #expect(Posix.error("/d/settings.json", "cannot open for reading", EACCES).description
            == "/d/settings.json: permission denied (cannot open for reading).")
        #expect(Posix.error("/d/settings.json", "fsync", EIO).description
            == "/d/settings.json: fsync failed: Input/output error (errno 5).")
        #expect(StorageError(path: "/d", problem: .locked(pid: nil)).description == "Another taskboard is already using /d.")
    }
}
