import Foundation

/// Asks `condition` again and again until it holds or `seconds` pass, as a
/// test waits for another thread, process or server: how long it took, or
/// nil if it never held.
@discardableResult
public func waitUntil(_ seconds: Double, every interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Double? {
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
        if try condition() { return Date().timeIntervalSince(start) }
        Thread.sleep(forTimeInterval: interval)
    }
    return nil
}
