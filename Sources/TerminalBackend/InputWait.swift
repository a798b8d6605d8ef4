#if canImport(Glibc)
import Glibc
#endif

/// Waits for input or for a wake descriptor (another thread's news, see
/// `NcursesTerminal.init`'s `wake`), whichever comes first.
enum InputWait {
    enum Outcome: Equatable {
        /// Input to read, or a signal (a resize) for ncurses to look at.
        case input
        /// The wake descriptor was readable; it has been read empty.
        case woken
        case timedOut
    }

    /// At most `milliseconds` (-1: no limit). Input comes first when both are there.
    static func wait(input: Int32, wake: Int32, milliseconds: Int32) -> Outcome {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, milliseconds)
        if ready < 0 { return .input } // EINTR: ncurses's SIGWINCH handler has a resize for it
        if ready == 0 { return .timedOut }
        if descriptors[0].revents != 0 { return .input } // a hang-up too: the read says so
        drain(wake)
        return .woken
    }

    /// Reads a non-blocking descriptor until it is empty.
    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
