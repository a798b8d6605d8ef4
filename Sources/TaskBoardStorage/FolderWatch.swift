import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor that becomes readable when a file is renamed into a folder
/// (inotify): how a kiosk asleep in its wait for a key learns that
/// `taskboard mark` left a request (requests arrive by rename). The waiter
/// watches `descriptor` beside its other input and reads it empty when it
/// wakes, as with `WakeSignal`. Where no watch can be made the descriptor is
/// -1 and `isWatching` is false: the waiter then looks on a timer.
public final class FolderWatch: @unchecked Sendable {
    public let descriptor: Int32
    public let folder: String
    /// The folder watched (device and inode): one removed and made again is
    /// another folder, which this watch no longer sees.
    private let watched: (dev_t, ino_t)?

    public init(folder: String) {
        self.folder = folder
        #if os(Linux)
        let made = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        var info = stat()
        if made >= 0, stat(folder, &info) == 0, inotify_add_watch(made, folder, UInt32(IN_MOVED_TO)) >= 0 {
            descriptor = made
            watched = (info.st_dev, info.st_ino)
            return
        }
        if made >= 0 { close(made) }
        #endif
        descriptor = -1
        watched = nil
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether a file renamed into the folder wakes the waiter now: the
    /// watch was made and the folder is the one it was made on.
    public var isWatching: Bool {
        guard let watched else { return false }
        var info = stat()
        return stat(folder, &info) == 0 && info.st_dev == watched.0 && info.st_ino == watched.1
    }
}
