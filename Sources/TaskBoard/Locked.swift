import Foundation

/// A value that threads share, reachable only inside `withLock`, under its
/// lock; what goes in is handed over (`sending`), and what comes out must be
/// safe to hand over too, so no part of the value leaves the lock.
/// The standard library's `Mutex` does the same, but ThreadSanitizer cannot
/// see its contended path on Linux (a futex inside the uninstrumented
/// runtime), and reported every contended hand-over as a race; NSLock is a
/// pthread mutex, which it sees.
// @unchecked: the compiler cannot see that `value` is only touched with `lock` held; the code below is all there is to check.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) { self.value = value }

    public func withLock<Result>(_ body: (inout Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
