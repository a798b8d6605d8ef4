import Foundation

/// Where "now" comes from. The kiosk uses the system clock; tests set any
/// moment they like. Nothing in the domain reads the time any other way.
public protocol WallClock: Sendable {
    func now() -> Date
    /// Seconds on a clock that only moves forward (not the wall clock, which
    /// jumps when it is set or synced): for how long things take, like the
    /// idle logout. Its zero means nothing.
    func uptime() -> TimeInterval
}

public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
    /// CLOCK_MONOTONIC on Linux.
    public func uptime() -> TimeInterval { ProcessInfo.processInfo.systemUptime }
}

/// A clock that stays where a test puts it.
public final class FixedClock: WallClock, Sendable {
    private let time: Locked<(current: Date, elapsed: TimeInterval)>

    public init(_ date: Date) { time = Locked((date, 0)) }

    public func now() -> Date { time.withLock { $0.current } }
    public func uptime() -> TimeInterval { time.withLock { $0.elapsed } }
    /// The wall clock set to another moment: time has not passed.
    public func set(_ date: Date) { time.withLock { $0.current = date } }
    /// Time passes: both clocks move.
    public func advance(by seconds: TimeInterval) {
        time.withLock {
            $0.current += seconds
            $0.elapsed += max(0, seconds)
        }
    }
}
