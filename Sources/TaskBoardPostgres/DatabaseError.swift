import Foundation
import PostgresNIO

/// Why the database could not be used, in words for whoever looks after the
/// kiosks. Never holds a password: the driver's own errors are reduced to the
/// server's message and SQL state, or to what failed on the way.
public struct DatabaseError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        /// The URL or the TLS settings cannot be used.
        case badAddress
        /// The password file cannot be used.
        case badPasswordFile
        /// No connection: the server is down, unreachable, or refused us.
        case unreachable
        /// The server did not answer in time; what was sent may or may not
        /// have been committed (a resend with the same ids is harmless).
        case timedOut
        /// The server refused a statement.
        case server(sqlState: String)
        /// A store that only looks found no tables of this version to read.
        case notSetUp
        /// The database was set up by a newer taskboard.
        case newerSchema(found: Int, supported: Int)
        /// Someone changed the roster on another kiosk since it was read.
        case conflict
        /// A row holds what no taskboard writes.
        case damaged
        /// A write through a store opened only to look.
        case readOnly
        /// The screen's previous call still waits for the server's answer.
        case busy
    }

    public var problem: Problem
    /// One sentence: what failed and, where known, why.
    public var message: String

    public init(_ problem: Problem, _ message: String) {
        self.problem = problem
        self.message = message
    }

    public var description: String { "database: \(message)" }

    /// The server is gone or did not answer in time (what was sent may or may not have been committed).
    public var isOutage: Bool { problem == .unreachable || problem == .timedOut }

    static func badAddress(_ message: String) -> DatabaseError { DatabaseError(.badAddress, message) }

    /// The driver's error in words: the server's own message where it sent
    /// one, otherwise what went wrong on the connection.
    static func from(_ error: any Error, doing what: String, at address: DatabaseAddress) -> DatabaseError {
        if let known = error as? DatabaseError { return known }
        if let transaction = error as? PostgresTransactionError {
            let inner: (any Error)? = transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? transaction.rollbackError
            if let inner { return from(inner, doing: what, at: address) }
        }
        if let psql = error as? PSQLError {
            if let info = psql.serverInfo, let message = info[.message] {
                let state = info[.sqlState] ?? "?"
                // 28P01 wrong password, 28000 no such role or not allowed, 3D000 no such database.
                if state.hasPrefix("28") || state == "3D000" {
                    return DatabaseError(.unreachable, "\(address) refused the connection: \(message)")
                }
                return DatabaseError(.server(sqlState: state), "\(what) failed at \(address): \(message) (SQL state \(state))")
            }
            switch psql.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
                let cause = psql.underlying.map { " (\(Self.words(for: $0)))" } ?? ""
                return DatabaseError(.unreachable, "cannot reach \(address)\(cause)")
            case .sslUnsupported:
                return DatabaseError(.unreachable, "\(address) does not offer TLS, which sslmode asks for")
            case .authMechanismRequiresPassword:
                return DatabaseError(.unreachable, "\(address) asks for a password: give --database-password-file or PGPASSWORD")
            default:
                return DatabaseError(.unreachable, "\(what) failed at \(address): \(psql.code)")
            }
        }
        if error is PostgresDecodingError {
            return DatabaseError(.damaged, "\(what) at \(address): a row holds what taskboard does not write (\(error))")
        }
        return DatabaseError(.unreachable, "cannot reach \(address) (\(Self.words(for: error)))")
    }

    private static func words(for error: any Error) -> String {
        if let io = error as? IOError { return "\(io.description)" }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return "no answer in time"
            default: return "\(channel)"
            }
        }
        return "\(error)"
    }
}
