import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor that becomes readable when a file is renamed into a folder
/// (inotify): how a kiosk asleep in its wait for a key learns that
/// `taskboard mark` left a request (requests arrive by rename). The waiter
/// watches `descriptor` beside its other input and reads it empty when it
/// wakes, as with the database store's `WakeSignal`. Where no watch can be
/// made the descriptor is -1 and `isWatching` is false: the waiter then
/// looks on a timer.
public final class FolderWatch: Sendable {
    public let descriptor: Int32
    public let folder: String

    public init(folder: String) {
        self.folder = folder
        #if os(Linux)
        let made = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if made >= 0, Self.watch(made, folder) {
            descriptor = made
            return
        }
        if made >= 0 { close(made) }
        #endif
        descriptor = -1
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether a file renamed into the folder wakes the waiter now. Asked
    /// before each wait: the watch is made again each time, so a folder
    /// removed and made anew is watched again (the old watch ended with it);
    /// while there is no folder, nothing is watched.
    public var isWatching: Bool {
        descriptor >= 0 && Self.watch(descriptor, folder)
    }

    /// Adds (or renews: the same folder keeps its watch) the watch.
    private static func watch(_ descriptor: Int32, _ folder: String) -> Bool {
        #if os(Linux)
        return inotify_add_watch(descriptor, folder, UInt32(IN_MOVED_TO)) >= 0
        #else
        return false
        #endif
    }
}
