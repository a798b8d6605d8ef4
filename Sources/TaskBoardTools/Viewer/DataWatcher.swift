import Foundation
import TaskBoard
import TaskBoardStorage
#if canImport(Glibc)
import Glibc
#endif

/// Keeps a viewer (a second screen beside a running kiosk) up to date
/// without ever writing: it opens the data read-only, and on each timer
/// tick looks at the size and modification time of the files a kiosk
/// changes, opening the data again only when one of them moved.
public final class DataWatcher {
    public let directory: URL
    private let clock: WallClock
    private var seen: [FileStamp] = []
    /// The day whose journal the last open read as today.
    private var shownDay: Day?

    public init(directory: URL, clock: WallClock) {
        self.directory = directory
        self.clock = clock
    }

    /// Opens the data as it is now, read-only.
    public func open() throws -> Daycare {
        let store = try JSONFileStore(directory: directory, readOnly: true)
        // Stamps taken before the read, of the day the read will take for
        // today: a change made while the files are being read differs from
        // them, so the next look reads again.
        seen = stamps(today: (try store.loadSettings() ?? Settings()).dayCalendar.day(of: clock.now()))
        let daycare = try Daycare(store: store, clock: clock)
        shownDay = daycare.today
        return daycare
    }

    /// A fresh `Daycare` when the kiosk has changed something since the last
    /// look, else nil. A read that fails (say, a file the kiosk is replacing
    /// this very moment) keeps the screen as it was until the next tick.
    public func reloadIfChanged() -> Daycare? {
        guard stamps(today: shownDay) != seen else { return nil }
        return try? open()
    }

    /// The files a kiosk writes while it runs: the roster, settings, the
    /// summary, the journals of today and yesterday (a late correction), and
    /// `marks/` itself, which changes when a new day's journal appears.
    private func stamps(today: Day?) -> [FileStamp] {
        var names = ["roster.json", "settings.json", "summary.json", "marks"]
        if let today {
            names += [today, today.advanced(by: -1)].map { "marks/\($0).jsonl" }
        }
        return names.map { FileStamp(path: directory.appendingPathComponent($0).path) }
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
