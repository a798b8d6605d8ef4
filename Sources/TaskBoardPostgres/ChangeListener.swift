import Foundation
import Logging
import PostgresNIO

/// LISTEN on a connection of its own (the driver keeps notifications on one
/// connection, not on a pool): every change another kiosk commits arrives as
/// its payload ("marks 2026-11-24", "roster", ...). Notifications sent while
/// the connection is down are lost, so `lost` is called when it drops: the
/// owner re-reads what it shows and starts a new listener.
final class ChangeListener: Sendable {
    private let task: Task<Void, Never>
    /// The listening connection, handed over when made and closed once, by
    /// whichever side ends first: `stop` gives it up (a connection made after
    /// that is closed at once), the task closes it when listening ends.
    private let connection = OneShot<PostgresConnection>()

    /// Connects and starts listening; returns once LISTEN is in place, or
    /// throws. `heard` and `lost` are called on the driver's threads.
    init(address: DatabaseAddress, password: String?, deadline: Duration,
         heard: @escaping @Sendable (String) -> Void, lost: @escaping @Sendable (any Error) -> Void) throws {
        let configuration = try address.configuration(password: password)
        let logger = Logger(label: "taskboard.listen") { _ in SwiftLogNoOpLogHandler() }
        // Nil once LISTEN is in place, else why it failed.
        let started = OneShot<(any Error)?>()
        let connection = self.connection
        // Not on Swift's shared pool: the caller may be one of its threads, waiting below.
        task = Task(executorPreference: QueueExecutor(label: "taskboard.listen")) {
            do {
                let made = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                if !connection.deliver(made) { made.closeSoon() }
                try await made.listen(on: changeChannel) { notifications in
                    started.deliver(nil)
                    for try await notification in notifications { heard(notification.payload) }
                }
                throw DatabaseError(.unreachable, "the server ended the notifications")
            } catch {
                // Once started (or given up on), a failure is news only if nobody stopped it.
                if !started.deliver(error), !connection.isOver { lost(error) }
            }
            connection.giveUp()?.closeSoon()
        }
        guard let failure = started.wait(for: deadline) else {
            stop()
            throw DatabaseError(.unreachable, "cannot reach \(address) to listen for changes: no answer within \(deadline.wholeSeconds) s")
        }
        if let failure {
            throw DatabaseError.from(failure, doing: "listening for changes", at: address)
        }
    }

    /// Stops listening and closes the connection.
    func stop() {
        connection.giveUp()?.closeSoon()
        task.cancel()
    }

    deinit { stop() }
}
