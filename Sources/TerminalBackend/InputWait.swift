#if canImport(Glibc)
import Glibc
#endif

/// Waits for input, for a wake descriptor (another thread's news, see
/// `NcursesTerminal.init`'s `wake`) or for a request to stop (`StopSignals`),
/// whichever comes first.
enum InputWait {
    enum Outcome: Equatable {
        /// Input to read, or a signal (a resize) for ncurses to look at.
        case input
        /// The wake descriptor was readable; it has been read empty.
        case woken
        /// SIGTERM or SIGHUP came: the kiosk is to stop.
        case stopRequested
        case timedOut
    }

    /// At most `milliseconds` (-1: no limit). A stop comes first, then input.
    static func wait(input: Int32, wake: Int32?, stop: Int32? = nil, milliseconds: Int32) -> Outcome {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stop ?? -1, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 3, milliseconds)
        if ready < 0 {
            // EINTR: SIGTERM's handler, whose byte is in the pipe by now, or
            // ncurses's SIGWINCH handler, which has a resize for it.
            if let stop, isReadable(stop) { return .stopRequested }
            return .input
        }
        if ready == 0 { return .timedOut }
        if descriptors[2].revents != 0 { return .stopRequested } // left unread: every later wait sees it too
        if descriptors[0].revents != 0 { return .input } // a hang-up too: the read says so
        if let wake { drain(wake) }
        return .woken
    }

    private static func isReadable(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1
    }

    /// Reads a non-blocking descriptor until it is empty.
    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
