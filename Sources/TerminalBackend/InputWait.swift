#if canImport(Glibc)
import Glibc
#endif

/// Waits for input, for a wake descriptor (another thread's news, see
/// `NcursesTerminal.init`'s `wake`), for a resize (`ResizeSignal`) or for a
/// request to stop (`StopSignals`), whichever comes first.
enum InputWait {
    enum Outcome: Equatable {
        /// Input to read.
        case input
        /// A resize (or another signal) for ncurses to look at: to be read
        /// without waiting, for ncurses looks at its flag only once its own
        /// wait for a key is over.
        case resized
        /// The wake descriptor was readable; it has been read empty.
        case woken
        /// SIGTERM or SIGHUP came: the kiosk is to stop.
        case stopRequested
        case timedOut
    }

    /// At most `milliseconds` (-1: no limit). A stop comes first, then input.
    static func wait(input: Int32, wake: Int32?, stop: Int32? = nil, resize: Int32? = nil, milliseconds: Int32) -> Outcome {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stop ?? -1, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: resize ?? -1, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 4, milliseconds)
        if ready < 0 {
            // EINTR: SIGTERM's handler, whose byte is in the pipe by now, or
            // ncurses's SIGWINCH handler, which has a resize for it.
            if let stop, isReadable(stop) { return .stopRequested }
            return .resized
        }
        if ready == 0 { return .timedOut }
        if descriptors[2].revents != 0 { return .stopRequested } // left unread: every later wait sees it too
        if descriptors[0].revents != 0 { return .input } // a hang-up too: the read says so
        if let resize, descriptors[3].revents != 0 {
            // ncurses's handler has run too: its read gives the resize.
            drain(resize)
            return .resized
        }
        if let wake { drain(wake) }
        return .woken
    }

    private static func isReadable(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1
    }

    /// Reads a non-blocking descriptor until it is empty. The buffer holds
    /// a whole inotify event (a `FolderWatch`), which is read whole or not at all.
    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
