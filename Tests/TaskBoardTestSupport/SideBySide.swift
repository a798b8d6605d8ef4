import Foundation
import TaskBoard

/// Runs independent cases a few at a time, each lane on a thread of its own
/// with its own number (for its own folder, its own tmux session). Cases
/// that mostly wait (a process's start, an fdatasync, a screen to show)
/// then overlap their waits; a lane takes the next case as it finishes one.
/// The results come back in the cases' order; after an error no case is
/// started, and the first error is thrown once every lane has stopped.
/// (Threads, not `concurrentPerform`, which runs no more lanes than cores.)
public enum SideBySide {
    /// Lanes unless told: TASKBOARD_TEST_LANES, else 3.
    public static var lanes: Int {
        ProcessInfo.processInfo.environment["TASKBOARD_TEST_LANES"].flatMap { Int($0) }.map { max(1, $0) } ?? 3
    }

    public static func map<Case: Sendable, Result: Sendable>(_ cases: [Case], lanes: Int = SideBySide.lanes,
                                                              _ body: @escaping @Sendable (_ lane: Int, Case) throws -> Result) throws -> [Result] {
        let shared = Locked(Progress<Result>())
        let finished = DispatchSemaphore(value: 0)
        let count = min(lanes, cases.count)
        for lane in 0..<count {
            let thread = Thread {
                defer { finished.signal() }
                while let index = shared.withLock({ $0.take(below: cases.count) }) {
                    do {
                        let result = try body(lane, cases[index])
                        shared.withLock { $0.results[index] = result }
                    } catch {
                        shared.withLock { $0.fail(error) }
                    }
                }
            }
            thread.start()
        }
        for _ in 0..<count { finished.wait() }
        return try shared.withLock { progress in
            if let error = progress.error { throw error }
            return (0..<cases.count).compactMap { progress.results[$0] }
        }
    }

    private struct Progress<Result> {
        var next = 0
        var results: [Int: Result] = [:]
        var error: (any Error)?

        mutating func take(below count: Int) -> Int? {
            guard error == nil, next < count else { return nil }
            next += 1
            return next - 1
        }

        mutating func fail(_ failure: any Error) {
            if error == nil { error = failure }
        }
    }
}
