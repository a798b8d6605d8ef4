import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pipe that wakes a thread waiting in poll(2): another thread signals a
/// change, the waiter watches `descriptor` beside its other input (the
/// kiosk's terminal beside stdin) and reads it empty when it wakes. Signals
/// not yet read count as one. If no pipe can be made the descriptor is -1,
/// which poll ignores: nothing wakes early, and the waiter's own timer goes on.
public final class WakeSignal: Sendable {
    /// The end to watch: readable once signalled. Non-blocking.
    public let descriptor: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            (descriptor, writeEnd) = (-1, -1)
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (descriptor, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Wakes the waiter. A full pipe is woken already: the byte is not needed.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
