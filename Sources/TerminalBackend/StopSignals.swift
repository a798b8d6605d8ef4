#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM (systemd stopping the kiosk's unit, a shutdown) and SIGHUP (its
/// terminal closed) end the kiosk the way a quit does, so that it lets go of
/// the terminal, the data and the database in order (a kiosk on a shared
/// database says it stopped), instead of dying where it stands. The handler
/// only writes a byte to a pipe, which the wait for input watches.
enum StopSignals {
    /// The pipe's ends; -1 until installed. Written only before the handler
    /// is installed, and read by it: a C signal handler cannot capture.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    /// The signal that asked, 0 for none.
    nonisolated(unsafe) private static var received: sig_atomic_t = 0

    /// Installs the handlers (once) and returns the descriptor that becomes
    /// readable when one of the signals came; nil if no pipe could be made.
    static func install() -> Int32? {
        if readEnd >= 0 { return readEnd }
        guard let ends = SignalPipe.make() else { return nil }
        (readEnd, writeEnd) = ends
        for signal in [SIGTERM, SIGHUP] {
            // One ignored when we started (nohup) stays ignored.
            var before = sigaction()
            sigaction(signal, nil, &before)
            if unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue } // SIG_IGN
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                StopSignals.received = number
                var byte: UInt8 = 1
                _ = write(StopSignals.writeEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        // A mask inherited with them blocked (a parent that spawned us from a
        // thread that blocks signals, as Dispatch's do) would hold them back for ever.
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGTERM)
        sigaddset(&stops, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        return readEnd
    }

    /// "SIGTERM" or "SIGHUP" once one came; nil before.
    static var request: String? {
        switch received {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: nil
        }
    }
}
