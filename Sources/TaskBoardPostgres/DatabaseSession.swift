import Foundation
import Logging
import PostgresNIO
import TaskBoard

/// One connection to the database, used by one caller at a time, with a
/// deadline on every call. The store's callers are synchronous (the command
/// line; the kiosk's database worker thread), so each call runs its async
/// work on the driver and waits for it at most `deadline`: a query already
/// sent ignores task cancellation and the driver may wait long for a server
/// that is gone, so on the deadline the connection is closed, which fails the
/// query, and the next call connects again.
final class DatabaseSession: Sendable {
    let address: DatabaseAddress
    let deadline: Duration
    /// The driver logs nothing of ours: a kiosk's terminal belongs to ncurses.
    let logger = Logger(label: "taskboard.database") { _ in SwiftLogNoOpLogHandler() }
    /// Held by a caller for the whole of its call (a transaction of several
    /// calls, for all of them), so no other caller's query comes between.
    private let line: Locked<DatabaseLine>

    init(address: DatabaseAddress, password: String?, applicationName: String? = nil, deadline: Duration = .seconds(5)) throws {
        self.address = address
        self.deadline = deadline
        var configuration = try address.configuration(password: password, applicationName: applicationName)
        // The driver's own connect timeout no longer than the caller will wait.
        configuration.options.connectTimeout = .seconds(max(1, min(5, deadline.components.seconds)))
        line = Locked(DatabaseLine(address: address, deadline: deadline, configuration: configuration, logger: logger))
    }

    deinit { close() }

    /// Runs `work` on the connection (connecting first if needed), waiting at
    /// most the deadline. `what` names the work in a failure's message.
    @discardableResult
    func run<T: Sendable>(_ what: String, _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        try line.withLock { try $0.run(what, work) }
    }

    /// Runs `work` between BEGIN and COMMIT on one connection (ROLLBACK if it
    /// throws), for reads that must see one moment. Not the driver's
    /// `withTransaction`, which sends ROLLBACK on a connection the server
    /// closed and waits for an answer that never comes.
    @discardableResult
    func transaction<T: Sendable>(_ what: String, _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        try inTransaction(what, saving: false, work)
    }

    /// Every change goes through here: `work` in a transaction of its own,
    /// answered only once the server has committed it. A statement alone
    /// would not do: the driver answers it at its CommandComplete, and its
    /// implicit transaction commits after that, at the Sync (while waiting
    /// for NOTIFY's lock, say), so a session ended in between lost a change
    /// already reported saved. The answer to COMMIT comes after the commit.
    /// A failure says whether the change may have been saved
    /// (`DatabaseError.mayBeSaved`): only when the COMMIT went unanswered.
    @discardableResult
    func write<T: Sendable>(_ what: String, _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        try inTransaction(what, saving: true, work)
    }

    private func inTransaction<T: Sendable>(_ what: String, saving: Bool,
                                            _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        try line.withLock { line in
            let value = try line.begin(what, work)
            try line.commit(what, saving: saving)
            return value
        }
    }

    /// Runs several calls that must be on one connection with no other
    /// caller between them (a transaction made of several steps).
    func holdingConnection<T: Sendable>(_ body: (inout DatabaseLine) throws -> T) throws -> T {
        try line.withLock { try body(&$0) }
    }

    /// The connection, made now if there is none (for a listener on it).
    func currentConnection() throws -> PostgresConnection { try line.withLock { try $0.connected() } }

    func close() { line.withLock { $0.drop() } }
}

/// The session's connection and what it takes to make it again. Reachable
/// only through `DatabaseSession`, one caller at a time.
struct DatabaseLine: Sendable {
    let address: DatabaseAddress
    let deadline: Duration
    let configuration: PostgresConnection.Configuration
    let logger: Logger
    /// Where the async work runs while a caller's thread waits for it: not
    /// Swift's shared pool, whose few threads may be the very ones waiting
    /// (tests run there), which would stall until the deadline.
    private let executor = QueueExecutor(label: "taskboard.database")
    private var connection: PostgresConnection?
    /// Rung when `connection` closes.
    private var closed: CloseAlarm?
    private var nextConnectionID = 1

    init(address: DatabaseAddress, deadline: Duration, configuration: PostgresConnection.Configuration, logger: Logger) {
        self.address = address
        self.deadline = deadline
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs `work` on the connection, connecting first unless `reconnecting`
    /// is off (inside a transaction a new connection would run the rest outside it).
    @discardableResult
    mutating func run<T: Sendable>(_ what: String, reconnecting: Bool = true,
                                   _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        if !reconnecting, connection?.isClosed ?? true {
            throw DatabaseError(.unreachable, "\(what) at \(address): the connection was lost in the middle; nothing was saved")
        }
        let connection = try connected()
        let address = address
        do {
            // A connection the server closed fails the call at once, not at the deadline.
            let closedWords = DatabaseError(.unreachable, "\(what) at \(address) failed: the server closed the connection")
            return try wait(for: what, failing: closed.map { ($0, closedWords) }) { try await work(connection) }
        } catch {
            let error = DatabaseError.from(error, doing: what, at: address)
            if error.isOutage || connection.isClosed { drop() }
            throw error
        }
    }

    /// BEGIN and `work` on the connection (connecting first if needed);
    /// ROLLBACK if `work` throws. Nothing of it is committed: a failure here
    /// (a timeout too: the connection is then closed with the transaction
    /// open) leaves the database as it was.
    mutating func begin<T: Sendable>(_ what: String, _ work: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        let logger = self.logger
        do {
            return try run(what) { connection in
                try await connection.perform("BEGIN", logger: logger)
                do {
                    return try await work(connection)
                } catch {
                    // Not on a connection that closed: the driver would never
                    // answer (the server rolls back a transaction it lost anyway).
                    if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: logger) }
                    throw error
                }
            }
        } catch var error as DatabaseError {
            error.mayBeSaved = false
            throw error
        }
    }

    /// COMMIT, on the connection the transaction runs on. Answered, the
    /// change is saved; refused by the server (its words), it is not; with
    /// no answer (the connection lost, the deadline passed) it may or may
    /// not be. A COMMIT the server turned into ROLLBACK (the transaction
    /// had failed) is a failure, never a save. `saving`: a change's COMMIT,
    /// whose failure without an answer may have saved it (a read's may not).
    mutating func commit(_ what: String, saving: Bool) throws {
        let logger = self.logger
        let address = self.address
        if connection?.isClosed ?? true {
            throw DatabaseError(.unreachable, "\(what) at \(address): the connection broke before the commit; nothing was saved")
        }
        do {
            let tag = try run(what, reconnecting: false) { connection in
                try await connection.query("COMMIT", logger: logger).get().metadata.command
            }
            guard tag == "COMMIT" else {
                throw DatabaseError(.server(sqlState: "25P02"), "\(what) failed at \(address): the server rolled the change back instead of committing it")
            }
        } catch var error as DatabaseError {
            if case .server = error.problem {} else { error.mayBeSaved = saving }
            throw error
        }
    }

    /// The connection, made now if there is none or it closed.
    mutating func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        let configuration = self.configuration
        let logger = self.logger
        let id = nextConnectionID
        nextConnectionID += 1
        do {
            // Connected after the caller stopped waiting: nobody will use it, so it is closed.
            let made = try wait(for: "connecting", unclaimed: { $0.closeSoon() }) {
                try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
            }
            connection = made
            closed = CloseAlarm(watching: made)
            return made
        } catch let error as DatabaseError where error.problem == .timedOut {
            throw DatabaseError(.unreachable, "cannot reach \(address): no answer within \(deadline.wholeSeconds) s")
        } catch {
            throw DatabaseError.from(error, doing: "connecting", at: address)
        }
    }

    /// Closes the connection without waiting.
    mutating func drop() {
        connection?.closeSoon()
        connection = nil
        closed = nil
    }

    /// Waits for async work from synchronous code, at most the deadline, or
    /// until the alarm in `failing` rings (then with its error). What the
    /// work makes after the wait was given up goes to `unclaimed`.
    private mutating func wait<T: Sendable>(for what: String, unclaimed: (@Sendable (T) -> Void)? = nil,
                                            failing closing: (alarm: CloseAlarm, error: DatabaseError)? = nil,
                                            _ work: @escaping @Sendable () async throws -> T) throws -> T {
        let answer = OneShot<Result<T, any Error>>()
        if let closing { closing.alarm.arm { answer.deliver(.failure(closing.error)) } }
        defer { closing?.alarm.disarm() }
        let task = Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            if !answer.deliver(result), case .success(let value) = result { unclaimed?(value) }
        }
        guard let result = answer.wait(for: deadline) else {
            task.cancel()
            drop()
            throw DatabaseError(.timedOut, "\(what) at \(address) got no answer within \(deadline.wholeSeconds) s")
        }
        return try result.get()
    }
}

/// Rings when a connection has closed, for the call waiting on it then: the
/// driver never answers a query it is given after the close (the write goes
/// nowhere), nor a ROLLBACK after the server ended the session, so without
/// it such a call would wait for the deadline. It rings a moment after the
/// close, so that the call's own error, which says more (the server's
/// "terminating connection due to administrator command"), comes first.
final class CloseAlarm: Sendable {
    static let grace = TimeAmount.milliseconds(100)

    private struct State {
        var rung = false
        var waiting: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    init(watching connection: PostgresConnection) {
        let eventLoop = connection.eventLoop
        connection.closeFuture.whenComplete { [weak self] _ in
            eventLoop.scheduleTask(in: Self.grace) { [weak self] in self?.ring() }
        }
    }

    /// `alarm` is called if the connection has closed, or when it does
    /// (until `disarm`).
    func arm(_ alarm: @escaping @Sendable () -> Void) {
        let rung = state.withLock { state in
            state.waiting = state.rung ? nil : alarm
            return state.rung
        }
        if rung { alarm() }
    }

    func disarm() { state.withLock { $0.waiting = nil } }

    private func ring() {
        let waiting = state.withLock { state in
            state.rung = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?()
    }
}

extension PostgresConnection {
    /// Closes without waiting; the connection is kept until it is closed
    /// (the driver insists on that).
    func closeSoon() {
        close().whenComplete { _ in withExtendedLifetime(self) {} }
    }
}

/// Runs jobs on a serial dispatch queue of its own.
final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension PostgresConnection {
    /// Runs a statement whose rows, if any, are not wanted, to its end. Not
    /// `query` alone: for a statement that returns rows (a `SELECT
    /// pg_notify(…)` after an insert), the driver answers as soon as the
    /// rows are described, and an error the server meets while running it
    /// (a trigger's, a full disk, a cancelled statement) comes with the rows:
    /// left unread, it is lost, and the change is taken for saved.
    func perform(_ statement: PostgresQuery, logger: Logger) async throws {
        _ = try await query(statement, logger: logger).collect()
    }
}
