import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's wake for `taskboard mark`'s requests: a file renamed into the
/// folder makes the descriptor readable; nothing else there does; without
/// the folder nothing is watched (the kiosk then looks each second). And a
/// viewer's wake: any write in the data directory or `marks/`.
@Suite struct FolderWatchTests {
    func readable(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1
    }

    func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    @Test func aRequestRenamedInWakesTheWaiter() throws {
        try withDataDirectory { root in
            let folder = root.appendingPathComponent("requests")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let watch = FolderWatch(folder: folder.path)
            #expect(watch.isWatching)
            #expect(!readable(watch.descriptor))
            // A temporary file written there wakes nothing; its rename to the request does.
            try Data("{}".utf8).write(to: folder.appendingPathComponent(".tmp-1"), options: .withoutOverwriting)
            #expect(!readable(watch.descriptor))
            #expect(rename(folder.appendingPathComponent(".tmp-1").path, folder.appendingPathComponent("1-2-x.request").path) == 0)
            #expect(readable(watch.descriptor))
            drain(watch.descriptor)
            #expect(!readable(watch.descriptor), "read empty, it waits again")
        }
    }

    @Test func aFolderMadeAgainIsWatchedOnceAskedAgain() throws {
        try withDataDirectory { root in
            let folder = root.appendingPathComponent("requests")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let watch = FolderWatch(folder: folder.path)
            try FileManager.default.removeItem(at: folder)
            #expect(!watch.isWatching, "no folder, nothing watched: the kiosk looks each second")
            drain(watch.descriptor)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(watch.isWatching)
            try Data("{}".utf8).write(to: root.appendingPathComponent("tmp"))
            #expect(rename(root.appendingPathComponent("tmp").path, folder.appendingPathComponent("1-2-x.request").path) == 0)
            #expect(readable(watch.descriptor))
        }
    }

    /// A viewer's watch: the kiosk's append to a journal, a file replaced
    /// by rename, or a new journal in either folder wakes it.
    @Test func everyWriteInTheWatchedFoldersWakesAViewer() throws {
        try withDataDirectory { root in
            let marks = root.appendingPathComponent("marks")
            try FileManager.default.createDirectory(at: marks, withIntermediateDirectories: true)
            let journal = marks.appendingPathComponent("2026-11-22.jsonl")
            try Data("{}\n".utf8).write(to: journal)
            let watch = FolderWatch(folders: [root.path, marks.path], events: .anyWrite)
            #expect(watch.isWatching)
            #expect(!readable(watch.descriptor))
            let handle = try FileHandle(forWritingTo: journal)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{}\n".utf8))
            try handle.close()
            #expect(readable(watch.descriptor), "an append")
            drain(watch.descriptor)
            try Data("{}".utf8).write(to: root.appendingPathComponent(".roster.tmp"))
            drain(watch.descriptor)
            #expect(rename(root.appendingPathComponent(".roster.tmp").path, root.appendingPathComponent("roster.json").path) == 0)
            #expect(readable(watch.descriptor), "a file replaced by rename")
            drain(watch.descriptor)
            #expect(!readable(watch.descriptor))
            try Data().write(to: marks.appendingPathComponent("2026-11-23.jsonl"))
            #expect(readable(watch.descriptor), "a new day's journal")
        }
    }

    @Test func aMissingFolderIsNotWatched() throws {
        let watch = FolderWatch(folder: "/nonexistent/requests")
        #expect(!watch.isWatching)
        #expect(watch.descriptor == -1)
    }
}
