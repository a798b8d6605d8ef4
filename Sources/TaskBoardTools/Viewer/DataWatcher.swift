import Foundation
import TaskBoard
import TaskBoardStorage
#if canImport(Glibc)
import Glibc
#endif

/// Keeps a viewer (a second screen beside a running kiosk) up to date
/// without ever writing: it opens the data read-only, and at each look
/// (woken by `watch`, else each second) compares the size and modification
/// time of the files a kiosk changes with the last look, and says what
/// changed as `StoreChange`s, for the daycare to read again (`Daycare.take`).
public final class DataWatcher {
    public let directory: URL
    private let clock: WallClock
    /// Each file's stamp at the last look.
    private var seen: [String: FileStamp] = [:]

    public init(directory: URL, clock: WallClock) {
        self.directory = directory
        self.clock = clock
    }

    /// Opens the data as it is now, read-only.
    public func open() throws -> Daycare {
        let store = try JSONFileStore(directory: directory, readOnly: true)
        // Stamps taken before the read, of the day the read will take for
        // today: a change made while the files are being read differs from
        // them, so the next look reads it again.
        seen = stamps(today: (try store.loadSettings() ?? Settings()).dayCalendar.day(of: clock.now()))
        return try Daycare(store: store, clock: clock)
    }

    /// What the kiosk changed since the last look (nothing: empty), with
    /// `today` the day the viewer shows. The stamps are taken before the
    /// daycare reads: a change made while it reads is seen at the next look.
    public func changes(today: Day) -> Set<StoreChange> {
        let now = stamps(today: today)
        defer { seen = now }
        return Set(now.compactMap { name, stamp in seen[name] == stamp ? nil : Self.change(of: name) })
    }

    /// A watch that wakes the viewer's wait when the kiosk writes (see `changes`).
    public func watch() -> FolderWatch {
        FolderWatch(folders: [directory.path, directory.appendingPathComponent("marks").path], events: .anyWrite)
    }

    /// The files a kiosk writes while it runs: the roster, settings,
    /// absences, the PIN, the summary, the journals of today and yesterday
    /// (a late correction), and `marks/` itself, which changes when a
    /// journal appears or goes.
    private func stamps(today: Day) -> [String: FileStamp] {
        let names = ["roster.json", "settings.json", "attendance.json", "pin.json", "summary.json", "marks"]
            + [today, today.advanced(by: -1)].map { "marks/\($0).jsonl" }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, FileStamp(path: directory.appendingPathComponent($0).path)) })
    }

    /// What the daycare reads again when the file `name` changed.
    private static func change(of name: String) -> StoreChange? {
        switch name {
        case "roster.json": .roster
        case "settings.json": .settings
        case "attendance.json": .attendance
        case "pin.json": .pin
        // The summary saved again, or a journal made or removed (a new day,
        // history removed): the marks are read afresh.
        case "summary.json", "marks": .history
        default:
            Day(String(name.dropFirst("marks/".count).dropLast(".jsonl".count))).map { .marks($0) }
        }
    }
}

/// A file's inode (every atomic replace makes a new one), size and
/// modification time, or a mark that it is missing.
struct FileStamp: Equatable {
    let inode: UInt64
    let size: Int
    let seconds: Int
    let nanoseconds: Int

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            (inode, size, seconds, nanoseconds) = (0, -1, 0, 0)
            return
        }
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}
