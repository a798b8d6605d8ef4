import Dispatch
import TaskBoard

/// A value handed from one thread to another once, waited for with a
/// deadline. Exactly one side ends up with it: the waiter, if it came in
/// time, or else the deliverer, whose `deliver` then returns false (so it
/// can pass the value on elsewhere, or close what the waiter will not use).
/// One waiter; a wait, or `giveUp`, takes the value.
final class OneShot<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case delivered(Value)
        /// The value was taken, or the waiter gave up before it came.
        case over
    }

    private let state = Locked(State.waiting)
    private let arrived = DispatchSemaphore(value: 0)

    init() {}

    /// Hands `value` over; false when the waiter has given up (or a value
    /// was already handed over), and the value stays the caller's.
    @discardableResult
    func deliver(_ value: Value) -> Bool {
        let taken = state.withLock { state in
            guard case .waiting = state else { return false }
            state = .delivered(value)
            return true
        }
        if taken { arrived.signal() }
        return taken
    }

    /// The value, if it comes within `timeout`; nil once given up on (a
    /// delivery after that fails).
    func wait(for timeout: Duration) -> Value? {
        _ = arrived.wait(timeout: .now() + .nanoseconds(timeout.nanoseconds))
        return giveUp()
    }

    /// Stops waiting now: the value if it came and nobody took it yet.
    @discardableResult
    func giveUp() -> Value? {
        state.withLock { state in
            defer { state = .over }
            if case .delivered(let value) = state { return value }
            return nil
        }
    }

    /// Whether the value was taken, or given up on before it came.
    var isOver: Bool {
        state.withLock { if case .over = $0 { true } else { false } }
    }
}
