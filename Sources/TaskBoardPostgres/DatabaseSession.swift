import Foundation
import Logging
import PostgresNIO

/// One connection to the database, used by one caller at a time, with a
/// deadline on every call. The store's callers are synchronous (the command
/// line; the kiosk's database worker thread), so each call runs its async
/// work on the driver and waits for it at most `deadline`: a query already
/// sent ignores task cancellation and the driver may wait long for a server
/// that is gone, so on the deadline the connection is closed, which fails the
/// query, and the next call connects again.
final class DatabaseSession: @unchecked Sendable {
    let address: DatabaseAddress
    let deadline: Duration
    private let configuration: PostgresConnection.Configuration
    /// The driver logs nothing of ours: a kiosk's terminal belongs to ncurses.
    let logger = Logger(label: "taskboard.database") { _ in SwiftLogNoOpLogHandler() }
    /// Recursive: a transaction of several calls holds it throughout.
    private let lock = NSRecursiveLock()
    /// Where the async work runs while a caller's thread waits for it: not
    /// Swift's shared pool, whose few threads may be the very ones waiting
    /// (tests run there), which would stall until the deadline.
    private let executor = QueueExecutor(label: "taskboard.database")
    private var connection: PostgresConnection?
    private var nextConnectionID = 1

    init(address: DatabaseAddress, password: String?, deadline: Duration = .seconds(5)) throws {
        self.address = address
        self.deadline = deadline
        var configuration = try address.configuration(password: password)
        // The driver's own connect timeout no longer than the caller will wait.
        configuration.options.connectTimeout = .seconds(max(1, min(5, deadline.components.seconds)))
        self.configuration = configuration
    }

    deinit { drop() }

    /// Runs `work` on the connection (connecting first if needed), waiting at
    /// most the deadline. `what` names the work in a failure's message.
    @discardableResult
    func run<T: Sendable>(_ what: String, reconnecting: Bool = true,
                          _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        // Inside a transaction a new connection would run the rest outside it.
        if !reconnecting, self.connection?.isClosed ?? true {
            throw DatabaseError(.unreachable, "\(what) at \(address): the connection was lost in the middle; nothing was saved")
        }
        let connection = try connected()
        do {
            return try wait(for: what) { try await work(connection) }
        } catch let error as DatabaseError {
            if error.problem == .timedOut || error.problem == .unreachable || connection.isClosed { drop() }
            throw error
        } catch {
            if connection.isClosed { drop() }
            throw DatabaseError.from(error, doing: what, at: address)
        }
    }

    /// Runs `work` between BEGIN and COMMIT on one connection (ROLLBACK if it throws).
    @discardableResult
    func transaction<T: Sendable>(_ what: String, _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        let logger = self.logger
        return try run(what) { connection in
            try await connection.withTransaction(logger: logger) { try await work($0) }
        }
    }

    /// Runs several calls that must be on one connection with no other
    /// caller between them (a transaction made of several steps).
    func holdingConnection<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        drop()
    }

    private func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        let configuration = self.configuration
        let logger = self.logger
        let id = nextConnectionID
        nextConnectionID += 1
        let abandoned = Abandoned()
        do {
            let made = try wait(for: "connecting") {
                let made = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
                // Connected after the caller stopped waiting: nobody will use or close it.
                if abandoned.isSet {
                    try? await made.close()
                    throw CancellationError()
                }
                return made
            }
            connection = made
            return made
        } catch let error as DatabaseError where error.problem == .timedOut {
            abandoned.set()
            throw DatabaseError(.unreachable, "cannot reach \(address): no answer within \(deadline.wholeSeconds) s")
        } catch {
            throw DatabaseError.from(error, doing: "connecting", at: address)
        }
    }

    /// Closes the connection without waiting; it is kept until it is closed
    /// (the driver insists on that).
    private func drop() {
        guard let closing = connection else { return }
        connection = nil
        closing.close().whenComplete { _ in withExtendedLifetime(closing) {} }
    }

    /// Waits for async work from synchronous code, at most the deadline.
    private func wait<T: Sendable>(for what: String, _ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let task = Task(executorPreference: executor) { await outcome.settle { try await work() } }
        guard outcome.wait(timeout: deadline) else {
            task.cancel()
            drop()
            throw DatabaseError(.timedOut, "\(what) at \(address) got no answer within \(deadline.wholeSeconds) s")
        }
        return try outcome.result()
    }
}

/// Set when a wait was given up, for work that may still finish later.
private final class Abandoned: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var isSet: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}

/// Runs jobs on a serial dispatch queue of its own.
final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The result of async work, handed to a waiting thread.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var value: Result<T, any Error>?

    func settle(_ work: () async throws -> T) async {
        let result: Result<T, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        lock.withLock { value = result }
        done.signal()
    }

    func wait(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        return done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    func result() throws -> T {
        // Only read after `wait` said it was settled; an answer missing is still an error, never a crash.
        guard let value = lock.withLock({ value }) else {
            throw DatabaseError(.timedOut, "the database's answer went missing; it may or may not have been saved")
        }
        return try value.get()
    }
}

extension Duration {
    var wholeSeconds: Int64 { max(1, components.seconds) }
}
