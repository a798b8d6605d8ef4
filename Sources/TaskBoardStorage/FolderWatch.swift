import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor that becomes readable when something happens in a folder
/// (inotify): how a kiosk asleep in its wait for a key learns that
/// `taskboard mark` left a request (requests arrive by rename), and how a
/// viewer learns that the kiosk beside it wrote. The waiter watches
/// `descriptor` beside its other input and reads it empty when it wakes,
/// as with the database store's `WakeSignal`. Where no watch can be made
/// the descriptor is -1 and `isWatching` is false: the waiter then looks on
/// a timer.
public final class FolderWatch: Sendable {
    /// What in a folder wakes the waiter.
    public enum Events: Sendable {
        /// A file renamed into it (a request, written aside and renamed in).
        case renamedInto
        /// A file renamed in, made, removed or written to (a journal's append).
        case anyWrite

        var mask: UInt32 {
            #if os(Linux)
            switch self {
            case .renamedInto: UInt32(IN_MOVED_TO)
            case .anyWrite: UInt32(IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
            }
            #else
            0
            #endif
        }
    }

    public let descriptor: Int32
    public let folders: [String]
    private let events: Events

    public convenience init(folder: String) {
        self.init(folders: [folder], events: .renamedInto)
    }

    public init(folders: [String], events: Events) {
        self.folders = folders
        self.events = events
        #if os(Linux)
        let made = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if made >= 0, Self.watch(made, folders, events) {
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

    /// Whether something in the folders wakes the waiter now. Asked before
    /// each wait: the watches are made again each time, so a folder removed
    /// and made anew is watched again (the old watch ended with it); while a
    /// folder is missing, nothing is watched.
    public var isWatching: Bool {
        descriptor >= 0 && Self.watch(descriptor, folders, events)
    }

    /// Adds (or renews: the same folder keeps its watch) each folder's watch.
    private static func watch(_ descriptor: Int32, _ folders: [String], _ events: Events) -> Bool {
        #if os(Linux)
        return folders.allSatisfy { inotify_add_watch(descriptor, $0, events.mask) >= 0 }
        #else
        return false
        #endif
    }
}
