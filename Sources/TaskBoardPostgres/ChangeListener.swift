import Foundation
import PostgresNIO

/// LISTEN on the worker's connection (the driver keeps notifications on one
/// connection): every change another kiosk commits arrives as its payload
/// ("marks 2026-11-24", "roster", ...), between the worker's own calls on
/// it. Notifications sent while the connection is down are lost, so `lost`
/// is called when it drops: the owner re-reads what it shows and listens again.
final class ChangeListener: Sendable {
    private let task: Task<Void, Never>
    /// Raised by `stop`: listening that ends after it is no news.
    private let stopped = OneShot<Void>()

    /// Starts listening on `connection`; returns once LISTEN is in place, or
    /// throws. `heard` and `lost` are called on the driver's threads.
    init(on connection: PostgresConnection, address: DatabaseAddress, deadline: Duration,
         heard: @escaping @Sendable (String) -> Void, lost: @escaping @Sendable (any Error) -> Void) throws {
        // Nil once LISTEN is in place, else why it failed.
        let started = OneShot<(any Error)?>()
        let stopped = self.stopped
        // Not on Swift's shared pool: the caller may be one of its threads, waiting below.
        task = Task(executorPreference: QueueExecutor(label: "taskboard.listen")) {
            do {
                try await connection.listen(on: changeChannel) { notifications in
                    started.deliver(nil)
                    for try await notification in notifications { heard(notification.payload) }
                }
                throw DatabaseError(.unreachable, "the server ended the notifications")
            } catch {
                // Once started (or given up on), a failure is news only if nobody stopped it.
                if !started.deliver(error), !stopped.isOver { lost(error) }
            }
        }
        guard let failure = started.wait(for: deadline) else {
            stop()
            throw DatabaseError(.unreachable, "cannot listen for changes at \(address): no answer within \(deadline.wholeSeconds) s")
        }
        if let failure {
            throw DatabaseError.from(failure, doing: "listening for changes", at: address)
        }
    }

    /// Stops listening (UNLISTEN when the driver's last listener goes); the
    /// connection stays its owner's.
    func stop() {
        stopped.giveUp()
        task.cancel()
    }

    deinit { stop() }
}
