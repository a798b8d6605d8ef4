import Dispatch
import TaskBoard

/// The screen's own calls to the server (an admin's edit, an old day a
/// screen asks for), made on a thread of their own so that the screen waits
/// for an answer only `patience`, well inside the 50 ms a key may take to
/// show, whatever the server does. A call not answered by then goes on; its
/// answer goes to the `late` handler when it comes. One call at a time: while
/// one runs late, the next is refused at once (`busy`) rather than queued
/// behind a server that does not answer.
final class ScreenCalls: Sendable {
    private struct State {
        /// What the call under way is doing (nil: none).
        var underway: String?
        var patience: Duration
    }

    private let queue = DispatchQueue(label: "taskboard.screen-calls")
    private let state: Locked<State>

    init(patience: Duration) { state = Locked(State(patience: patience)) }

    /// How long the screen waits for an answer.
    var patience: Duration {
        get { state.withLock { $0.patience } }
        set { state.withLock { $0.patience = newValue } }
    }

    /// Whether a call left running late has not answered yet.
    var isBusy: Bool { state.withLock { $0.underway != nil } }

    /// Starts `call` on the calls' thread; the caller waits on what it returns.
    func start<T: Sendable>(_ what: String, _ call: @escaping @Sendable () throws -> T,
                            late: @escaping @Sendable (Result<T, any Error>) -> Void) throws -> ScreenCall<T> {
        try state.withLock { state in
            if let underway = state.underway {
                throw DatabaseError(.busy, "still waiting for the database (\(underway)); try again in a moment")
            }
            state.underway = what
        }
        let answer = OneShot<Result<T, any Error>>()
        queue.async {
            let result = Result { try call() }
            if !answer.deliver(result) {
                // The screen stopped waiting: the late answer is taken in before the next call may start.
                late(result)
                self.finished()
            }
        }
        return ScreenCall(answer: answer, calls: self)
    }

    /// Runs `call`: its answer if it comes within `patience`, else nil (and
    /// `late` gets it when it comes).
    func run<T: Sendable>(_ what: String, _ call: @escaping @Sendable () throws -> T,
                          late: @escaping @Sendable (Result<T, any Error>) -> Void) throws -> T? {
        try start(what, call, late: late).wait(patience)?.get()
    }

    /// Whoever got the answer (the screen, or the late handler) ends the call.
    fileprivate func finished() { state.withLock { $0.underway = nil } }
}

/// One call under way, for the screen to wait on.
struct ScreenCall<T: Sendable> {
    fileprivate let answer: OneShot<Result<T, any Error>>
    fileprivate let calls: ScreenCalls

    /// The answer if it comes within `patience`; nil once given up on (the
    /// late handler gets it then).
    func wait(_ patience: Duration) -> Result<T, any Error>? {
        guard let result = answer.wait(for: patience) else { return nil }
        calls.finished()
        return result
    }
}
