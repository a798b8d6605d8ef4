import Foundation
import Logging
import PostgresNIO
import TaskBoardPostgres

/// A database of its own on the throwaway server that `.ci/with-postgres.sh`
/// starts, dropped when the test is done. Admin statements go through the
/// driver directly, blocking on its futures (which run on the driver's own
/// threads, so a test on Swift's shared pool cannot stall them).
public final class TestDatabase: @unchecked Sendable {
    public let address: DatabaseAddress
    public let password: String?
    private let server: DatabaseAddress

    /// The test server from the environment, or nil when there is none.
    public static var server: (url: String, password: String?)? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["TASKBOARD_TEST_DATABASE_URL"], !url.isEmpty else { return nil }
        let password = environment["TASKBOARD_TEST_DATABASE_PASSWORD_FILE"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        return (url, password?.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The password file for `--database-password-file`.
    public static var passwordFile: String? { ProcessInfo.processInfo.environment["TASKBOARD_TEST_DATABASE_PASSWORD_FILE"] }

    public struct NoServer: Error, CustomStringConvertible {
        public var description: String { "no PostgreSQL: run the tests through .ci/with-postgres.sh" }
    }

    public static func makeEmpty() throws -> TestDatabase {
        guard let server else { throw NoServer() }
        return try TestDatabase(url: server.url, password: server.password)
    }

    private init(url: String, password: String?) throws {
        server = try DatabaseAddress(url: url)
        self.password = password
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try Self.run("CREATE DATABASE \(name)", at: server, password: password)
        var address = server
        address.database = name
        self.address = address
    }

    /// The URL of this database, for a command's `--database`.
    public var url: String { address.description }

    public func openDatabase(kiosk: String = "test", readOnly: Bool = false, deadline: Duration = .seconds(10)) throws -> PostgresBoardStore {
        try PostgresBoardStore(address: address, password: password, kioskName: kiosk, readOnly: readOnly, deadline: deadline)
    }

    /// Runs SQL of the test's own on the database.
    public func execute(_ sql: String) throws {
        try Self.run(sql, at: address, password: password)
    }

    /// The first column of every row, as text.
    public func column(_ sql: String) throws -> [String?] {
        try Self.run(sql, at: address, password: password).map { try $0.decode(String?.self) }
    }

    /// Every row's cells as text (NULL: nil); the SQL casts what is not text.
    public static func texts(_ sql: String, at address: DatabaseAddress, password: String?) throws -> [[String?]] {
        try run(sql, at: address, password: password).map { row in try row.map { try $0.decode(String?.self) } }
    }

    /// Statements one after another on one connection (one session: a
    /// temporary table lives for the rest of them). The last one's rows, as text.
    public static func script(_ statements: [String], at address: DatabaseAddress, password: String?) throws -> [[String?]] {
        let eventLoop = PostgresConnection.defaultEventLoopGroup.any()
        let connection = try PostgresConnection.connect(on: eventLoop, configuration: try address.configuration(password: password),
                                                        id: 1, logger: logger).wait()
        defer { try? connection.close().wait() }
        var rows: [PostgresRow] = []
        for sql in statements { rows = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows }
        return try rows.map { row in try row.map { try $0.decode(String?.self) } }
    }

    deinit {
        _ = try? Self.run("DROP DATABASE IF EXISTS \(address.database) WITH (FORCE)", at: server, password: password)
    }

    private static let logger = Logger(label: "taskboard.test-database") { _ in SwiftLogNoOpLogHandler() }

    /// Runs one statement on a connection of its own, closed after it.
    @discardableResult
    public static func run(_ sql: String, at address: DatabaseAddress, password: String?) throws -> [PostgresRow] {
        let eventLoop = PostgresConnection.defaultEventLoopGroup.any()
        let connection = try PostgresConnection.connect(on: eventLoop, configuration: try address.configuration(password: password),
                                                        id: 1, logger: logger).wait()
        defer { try? connection.close().wait() }
        return try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows
    }
}
