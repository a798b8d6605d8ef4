import Foundation
import Logging
import PostgresNIO

/// LISTEN on a connection of its own (the driver keeps notifications on one
/// connection, not on a pool): every change another kiosk commits arrives as
/// its payload ("marks 2026-11-24", "roster", ...). Notifications sent while
/// the connection is down are lost, so `lost` is called when it drops: the
/// owner re-reads what it shows and starts a new listener.
final class ChangeListener: @unchecked Sendable {
    private let task: Task<Void, Never>
    private let closer = Closer()

    /// Connects and starts listening; returns once LISTEN is in place, or
    /// throws. `heard` and `lost` are called on the driver's threads.
    init(address: DatabaseAddress, password: String?, deadline: Duration,
         heard: @escaping @Sendable (String) -> Void, lost: @escaping @Sendable (any Error) -> Void) throws {
        let configuration = try address.configuration(password: password)
        let logger = Logger(label: "taskboard.listen") { _ in SwiftLogNoOpLogHandler() }
        let ready = DispatchSemaphore(value: 0)
        let started = Started()
        let closer = self.closer
        // Not on Swift's shared pool: the caller may be one of its threads, waiting below.
        task = Task(executorPreference: QueueExecutor(label: "taskboard.listen")) {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                closer.hold(connection)
                try await connection.listen(on: changeChannel) { notifications in
                    started.succeed()
                    ready.signal()
                    for try await notification in notifications { heard(notification.payload) }
                }
                throw DatabaseError(.unreachable, "the server ended the notifications")
            } catch {
                if started.fail(error) { ready.signal() } else if !closer.isClosing { lost(error) }
            }
            closer.close()
        }
        let (seconds, attoseconds) = deadline.components
        guard ready.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .success else {
            stop()
            throw DatabaseError(.unreachable, "cannot reach \(address) to listen for changes: no answer within \(deadline.wholeSeconds) s")
        }
        if let error = started.error {
            throw DatabaseError.from(error, doing: "listening for changes", at: address)
        }
    }

    /// Stops listening and closes the connection.
    func stop() {
        closer.close()
        task.cancel()
    }

    deinit { stop() }
}

/// Whether LISTEN got going, and if not, why.
private final class Started: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private(set) var error: (any Error)?

    func succeed() { lock.withLock { done = true } }

    /// Records a failure before the start; false when it had started.
    func fail(_ failure: any Error) -> Bool {
        lock.withLock {
            guard !done else { return false }
            done = true
            error = failure
            return true
        }
    }
}

/// The listening connection, closed once from whichever side ends first.
private final class Closer: @unchecked Sendable {
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var closing = false

    var isClosing: Bool { lock.withLock { closing } }

    func hold(_ connection: PostgresConnection) {
        let closeNow = lock.withLock { () -> Bool in
            self.connection = connection
            return closing
        }
        if closeNow { close() }
    }

    func close() {
        let held = lock.withLock { () -> PostgresConnection? in
            closing = true
            defer { connection = nil }
            return connection
        }
        held?.close().whenComplete { _ in withExtendedLifetime(held) {} }
    }
}
