import Foundation
import Logging
import PostgresNIO
import TaskBoardPostgres

/// A transaction another kiosk keeps open (holding the row locks its
/// statements took) until `release`: a kiosk's write of those rows waits
/// for it, while the server answers everything else.
public final class HeldTransaction: @unchecked Sendable {
    private let connection: PostgresConnection
    private var released = false
    private static let logger = Logger(label: "taskboard.test-held") { _ in SwiftLogNoOpLogHandler() }

    public init(at address: DatabaseAddress, password: String? = nil, _ statements: [String]) throws {
        let eventLoop = PostgresConnection.defaultEventLoopGroup.any()
        connection = try PostgresConnection.connect(on: eventLoop, configuration: try address.configuration(password: password),
                                                    id: 1, logger: Self.logger).wait()
        do {
            for sql in ["BEGIN"] + statements {
                _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).wait()
            }
        } catch {
            try? connection.close().wait()
            throw error
        }
    }

    /// Rolls back and closes (also when the test ends early); once.
    public func release() {
        guard !released else { return }
        released = true
        _ = try? connection.query("ROLLBACK", logger: Self.logger).wait()
        try? connection.close().wait()
    }

    deinit { release() }

    /// Ends the server's sessions that `condition` (on pg_stat_activity)
    /// picks, as an administrator or a network fault would; how many it ended.
    @discardableResult
    public static func terminateSessions(at address: DatabaseAddress, password: String? = nil, where condition: String) throws -> Int {
        try TestDatabase.run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND (\(condition))",
                             at: address, password: password).count
    }
}
