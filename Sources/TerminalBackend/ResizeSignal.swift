#if canImport(Glibc)
import Glibc
#endif

/// ncurses learns of a resize from its SIGWINCH handler, but the signal goes
/// to whichever thread does not block it: with the voice, the database and
/// Dispatch's threads about, often not the one waiting for a key, whose
/// wait then went on until its timeout (up to a second and more) before the
/// new size was drawn. This handler, put in front of ncurses's, also writes
/// a byte to a pipe that the wait watches, then calls ncurses's.
enum ResizeSignal {
    /// The pipe's ends and ncurses's handler; set before ours is installed,
    /// and only read by it: a C signal handler cannot capture.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var previous = sigaction()

    /// Installs the handler (once, after ncurses has put its own in) and
    /// returns the descriptor that becomes readable on a resize; nil if no
    /// pipe could be made or ncurses has no handler to pass the signal on to.
    static func install() -> Int32? {
        if readEnd >= 0 { return readEnd }
        var before = sigaction()
        sigaction(SIGWINCH, nil, &before)
        let handler = unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self)
        guard handler > 1 else { return nil } // SIG_DFL or SIG_IGN: nobody to tell
        guard let ends = SignalPipe.make() else { return nil }
        (readEnd, writeEnd) = ends
        previous = before
        var action = before
        action.sa_flags &= ~Int32(SA_SIGINFO)
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            var byte: UInt8 = 1
            _ = write(ResizeSignal.writeEnd, &byte, 1)
            if ResizeSignal.previous.sa_flags & Int32(SA_SIGINFO) != 0 {
                ResizeSignal.previous.__sigaction_handler.sa_sigaction?(number, nil, nil)
            } else {
                ResizeSignal.previous.__sigaction_handler.sa_handler?(number)
            }
            errno = saved
        }
        sigaction(SIGWINCH, &action, nil)
        // As for the stop signals: a mask inherited with it blocked (a parent
        // that spawned us from a thread that blocks signals) would leave every
        // resize undrawn until the next key.
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resize, nil)
        return readEnd
    }
}
