import Foundation

/// Where "now" comes from. The kiosk uses the system clock; tests set any
/// moment they like. Nothing in the domain reads the time any other way.
public protocol WallClock: Sendable {
    func now() -> Date
}

public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that stays where a test puts it.
public final class FixedClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ date: Date) { current = date }

    public func now() -> Date { lock.withLock { current } }
    public func set(_ date: Date) { lock.withLock { current = date } }
    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
