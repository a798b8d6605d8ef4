#if canImport(Glibc)
import Glibc
#endif

/// The pipe a signal handler writes a byte to, so that a wait with poll
/// sees the signal whichever thread took it: both ends non-blocking (a
/// full pipe never blocks the handler) and closed on exec.
enum SignalPipe {
    static func make() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}
