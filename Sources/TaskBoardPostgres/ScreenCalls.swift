import Foundation

/// The screen's own calls to the server (an admin's edit, an old day a
/// screen asks for), made on a thread of their own so that the screen waits
/// for an answer only `patience`, well inside the 50 ms a key may take to
/// show, whatever the server does. A call not answered by then goes on; its
/// answer goes to the `late` handler when it comes. One call at a time: while
/// one runs late, the next is refused at once (`busy`) rather than queued
/// behind a server that does not answer.
final class ScreenCalls: @unchecked Sendable {
    private let queue = DispatchQueue(label: "taskboard.screen-calls")
    private let lock = NSLock()
    /// What the call still running late is doing.
    private var underway: String?

    private var waitLimit: Duration

    init(patience: Duration) { waitLimit = patience }

    /// How long the screen waits for an answer.
    var patience: Duration {
        get { lock.withLock { waitLimit } }
        set { lock.withLock { waitLimit = newValue } }
    }

    /// Whether a call left running late has not answered yet.
    var isBusy: Bool { lock.withLock { underway != nil } }

    /// Starts `call` on the calls' thread; the caller waits on what it returns.
    func start<T: Sendable>(_ what: String, _ call: @escaping @Sendable () throws -> T,
                            late: @escaping @Sendable (Result<T, any Error>) -> Void) throws -> Handoff<T> {
        try lock.withLock {
            if let underway {
                throw DatabaseError(.busy, "still waiting for the database (\(underway)); try again in a moment")
            }
            underway = what
        }
        let handoff = Handoff<T>()
        queue.async {
            let result = Result { try call() }
            if handoff.claim() {
                self.lock.withLock { self.underway = nil }
                handoff.deliver(result)
            } else {
                // The late answer is taken in before the next call may start.
                late(result)
                self.lock.withLock { self.underway = nil }
            }
        }
        return handoff
    }

    /// Runs `call`: its answer if it comes within `patience`, else nil (and
    /// `late` gets it when it comes).
    func run<T: Sendable>(_ what: String, _ call: @escaping @Sendable () throws -> T,
                          late: @escaping @Sendable (Result<T, any Error>) -> Void) throws -> T? {
        try start(what, call, late: late).wait(patience)?.get()
    }
}

/// One call's answer, handed from the calls' thread to the screen's, or
/// left to the late handler once the screen stopped waiting: exactly one of
/// the two gets it.
final class Handoff<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var claimed = false
    private var abandoned = false
    private var result: Result<T, any Error>?

    /// For the calls' thread: true when the screen still waits for the answer.
    func claim() -> Bool {
        lock.withLock {
            guard !abandoned else { return false }
            claimed = true
            return true
        }
    }

    func deliver(_ result: Result<T, any Error>) {
        lock.withLock { self.result = result }
        ready.signal()
    }

    /// The answer if it comes within `patience`; nil once given up on.
    func wait(_ patience: Duration) -> Result<T, any Error>? {
        if ready.wait(timeout: .now() + .nanoseconds(patience.nanoseconds)) == .success {
            return lock.withLock { result }
        }
        let coming = lock.withLock { () -> Bool in
            if !claimed { abandoned = true }
            return claimed
        }
        guard coming else { return nil }
        // Claimed just as the wait ran out: it is being handed over now.
        ready.wait()
        return lock.withLock { result }
    }
}

extension Duration {
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
