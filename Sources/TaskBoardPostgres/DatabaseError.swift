import Foundation
import PostgresNIO

/// Why the database could not be used, in words for whoever looks after the
/// kiosks. Never holds a password: the driver's own errors are reduced to the
/// server's message and SQL state, or to what failed on the way. Never the
/// driver's description of its errors either, which is a placeholder
/// ("Generic description to prevent accidental leakage…"), not a cause.
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

    /// Why the server would not have this connection, where it said so:
    /// the kiosk tells these apart on its screen (a network fault it does not).
    public enum Refusal: Equatable, Sendable {
        /// Every connection the server allows is in use (max_connections).
        case serverFull
        /// The password or the user was refused.
        case loginRefused
        /// The database named in the URL does not exist.
        case noSuchDatabase
        /// A kiosk's own login (`taskboard rooms add`) that the server no
        /// longer takes: it was revoked (`taskboard rooms revoke`). Said by
        /// the kiosk, which knows it had such a login; the server says only
        /// that the login was refused.
        case removed
    }

    public var problem: Problem
    /// One sentence: what failed and, where known, why.
    public var message: String
    public var refusal: Refusal?
    /// The server took the password but not the login (SQL state 28000
    /// from the session's start: "not permitted to log in", as for a
    /// revoked kiosk login; not a pg_hba.conf refusal).
    public var loginDisabled = false
    /// For a failed change: whether it may have been saved all the same.
    /// Only a COMMIT left unanswered (no answer, or none by the deadline)
    /// leaves that open (`DatabaseLine.commit` says so); a change that
    /// failed before its COMMIT was never saved (the server rolls back what
    /// it was not told to commit).
    public var mayBeSaved = false

    public init(_ problem: Problem, _ message: String) {
        self.problem = problem
        self.message = message
    }

    public var description: String { "database: \(message)" }

    /// The server is gone or did not answer in time (what was sent may or may not have been committed).
    public var isOutage: Bool { problem == .unreachable || problem == .timedOut }
    /// The database was set up by a newer taskboard than this one.
    public var isNewerSchema: Bool {
        if case .newerSchema = problem { return true }
        return false
    }

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
            let server = psql.serverInfo.map { ServerWords(sqlState: $0[.sqlState], message: $0[.message], routine: $0[.routine]) }
            return from(code: psql.code, server: server, underlying: psql.underlying, doing: what, at: address)
        }
        if error is PostgresDecodingError {
            // Its description names the column and the types, never the value.
            return DatabaseError(.damaged, "\(what) at \(address): a row holds what taskboard does not write (\(error))")
        }
        if error is CancellationError {
            return DatabaseError(.unreachable, "\(what) at \(address) was given up before the server answered")
        }
        return DatabaseError(.unreachable, "cannot reach \(address): \(words(for: error))")
    }

    /// What the server said in an error it sent (PSQLError's `serverInfo`).
    struct ServerWords: Equatable {
        var sqlState: String?
        var message: String?
        /// The server's routine that said it (the same in every language).
        var routine: String?
    }

    /// 28000 from the session's start, after the password was taken: the
    /// role may not log in (NOLOGIN, as a revoked kiosk login is). The same
    /// state from the authentication (pg_hba.conf: no line, reject, a
    /// certificate) is another refusal.
    static func isLoginDisabled(sqlState: String?, routine: String?) -> Bool {
        sqlState == "28000" && routine == "InitializeSessionUserId"
    }

    /// `from` for the parts of a PSQLError (which only the driver can make):
    /// its code, what the server said if it said anything, and the error
    /// underneath (the socket's, or the server's that ended the connection).
    static func from(code: PSQLError.Code, server: ServerWords?, underlying: (any Error)?,
                     doing what: String, at address: DatabaseAddress) -> DatabaseError {
        if let server, let message = server.message {
            let state = server.sqlState ?? "?"
            if let cause = connectionEnded(sqlState: state, message: message) {
                var error = lost(cause, doing: what, at: address)
                error.refusal = refusal(forSQLState: state)
                return error
            }
            if state == "28P01" {
                var error = DatabaseError(.unreachable, "\(address) refused the connection: the password was refused (\(message)); "
                                          + "check --database-password-file or PGPASSWORD")
                error.refusal = refusal(forSQLState: state)
                return error
            }
            // 28000 no such role or not allowed, 3D000 no such database.
            if state.hasPrefix("28") || state == "3D000" {
                var error = DatabaseError(.unreachable, "\(address) refused the connection: \(message)")
                error.refusal = refusal(forSQLState: state)
                error.loginDisabled = isLoginDisabled(sqlState: state, routine: server.routine)
                return error
            }
            return DatabaseError(.server(sqlState: state), "\(what) failed at \(address): \(message) (SQL state \(state))")
        }
        switch code {
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError:
            var error = lost(connectionWords(code: code, underlying: underlying), doing: what, at: address)
            // The server said why before it closed (no room, the login, no such database).
            if let inner = underlying as? PSQLError, let state = inner.serverInfo?[.sqlState] {
                error.refusal = refusal(forSQLState: state)
                error.loginDisabled = isLoginDisabled(sqlState: state, routine: inner.serverInfo?[.routine])
            }
            return error
        case .listenFailed, .unlistenFailed:
            // Without the server's words, the LISTEN was lost with its connection
            // (written to a channel that had closed): the socket's words, if any.
            return lost(connectionWords(code: .serverClosedConnection, underlying: underlying), doing: what, at: address)
        case .sslUnsupported:
            return DatabaseError(.unreachable, "\(address) does not offer TLS, which sslmode asks for")
        case .failedToAddSSLHandler:
            return DatabaseError(.unreachable, "TLS to \(address) could not be set up\(underlying.map { " (\(words(for: $0)))" } ?? "")")
        case .receivedUnencryptedDataAfterSSLRequest:
            return DatabaseError(.unreachable, "\(address) answered the TLS request without TLS; is it a PostgreSQL server?")
        case .authMechanismRequiresPassword:
            return DatabaseError(.unreachable, "\(address) asks for a password: give --database-password-file or PGPASSWORD")
        case .unsupportedAuthMechanism:
            return DatabaseError(.unreachable, "\(address) asks for a way of logging in that taskboard does not know (see pg_hba.conf)")
        case .saslError:
            return DatabaseError(.unreachable, "\(address): the password exchange failed\(underlying.map { " (\(words(for: $0)))" } ?? "")")
        case .messageDecodingFailure, .unexpectedBackendMessage, .invalidCommandTag:
            return DatabaseError(.unreachable, "\(what) at \(address) failed: the server sent what taskboard does not understand; is it a PostgreSQL server?")
        case .queryCancelled:
            return DatabaseError(.unreachable, "\(what) at \(address) was cancelled before the server answered")
        case .tooManyParameters:
            return DatabaseError(.server(sqlState: "54000"), "\(what) at \(address): too much at once for one statement")
        default:
            return DatabaseError(.unreachable, "\(what) at \(address) failed (the driver says \(code))")
        }
    }

    /// The refusals a kiosk tells apart, by the server's SQL state.
    static func refusal(forSQLState state: String) -> Refusal? {
        switch state {
        case "53300": .serverFull
        case "3D000": .noSuchDatabase
        case _ where state.hasPrefix("28"): .loginRefused
        default: nil
        }
    }

    /// A connection that could not be made, or was lost on the way.
    private static func lost(_ cause: String, doing what: String, at address: DatabaseAddress) -> DatabaseError {
        DatabaseError(.unreachable, what == "connecting" ? "cannot reach \(address): \(cause)" : "\(what) at \(address) failed: \(cause)")
    }

    /// The SQL states with which the server ends a session or refuses a new
    /// one (class 57 and 08, and 53300), in words; nil for the others.
    private static func connectionEnded(sqlState state: String, message: String) -> String? {
        switch state {
        case "57P01", "57P02", "57P05": "the server closed the connection (\(message))"
        case "57P03": "the server is not taking connections now (\(message))"
        case "53300": "the server has no room for another connection (\(message))"
        case _ where state.hasPrefix("08"): "the connection broke (\(message))"
        default: nil
        }
    }

    /// Why a connection ended, from the driver's code and what lies under it.
    private static func connectionWords(code: PSQLError.Code, underlying: (any Error)?) -> String {
        // The driver closes the connection itself after the server's error (a
        // session ended by an administrator, say): that error says why.
        if let inner = underlying as? PSQLError {
            if let info = inner.serverInfo, let message = info[.message] {
                return connectionEnded(sqlState: info[.sqlState] ?? "?", message: message)
                    ?? "the connection was closed after the server said: \(message) (SQL state \(info[.sqlState] ?? "?"))"
            }
            return connectionWords(code: inner.code, underlying: inner.underlying)
        }
        if let underlying, let said = socketWords(for: underlying) { return said }
        switch code {
        case .serverClosedConnection: return "the server closed the connection"
        case .uncleanShutdown: return "the server closed the connection without ending TLS properly"
        case .clientClosedConnection: return "the connection had been closed (after an earlier failure); the next try connects again"
        // The driver's connection error with nothing underneath: it broke on the way (a session the server ended, mid-write).
        default: return underlying.map { "the connection broke (\(words(for: $0)))" } ?? "the connection broke"
        }
    }

    /// The socket's errors in words; nil for an error that is not the socket's.
    private static func socketWords(for error: any Error) -> String? {
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return "nothing answers there (connection refused): is the server running, and on that port?"
            case ECONNRESET: return "the server closed the connection (connection reset)"
            case EPIPE: return "the server closed the connection (broken pipe)"
            case ETIMEDOUT: return "the server is not answering (timed out)"
            case EHOSTUNREACH, ENETUNREACH, EHOSTDOWN: return "the server is not answering (no route to it: \(String(cString: strerror(io.errnoCode))))"
            default: return "\(String(cString: strerror(io.errnoCode))) (errno \(io.errnoCode))"
            }
        }
        if let connect = error as? NIOConnectionError {
            // Each address of the name tried in turn; the first one's failure says enough.
            if let first = connect.connectionErrors.first { return socketWords(for: first.error) ?? words(for: first.error) }
            if connect.dnsAError != nil || connect.dnsAAAAError != nil { return "the name \(connect.host) cannot be found" }
            return "the name \(connect.host) has no address"
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout(let time): return "the server is not answering (no answer within \(max(1, time.nanoseconds / 1_000_000_000)) s)"
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed: return "the server closed the connection"
            case .writeHostUnreachable: return "the server is not answering (no route to it)"
            default: return "the connection failed (\(channel))"
            }
        }
        return nil
    }

    /// Any error in words a person can act on; never the driver's
    /// placeholder description.
    static func words(for error: any Error) -> String {
        if let known = error as? DatabaseError { return known.message }
        if let psql = error as? PSQLError {
            if let message = psql.serverInfo?[.message] { return message }
            return connectionWords(code: psql.code, underlying: psql.underlying)
        }
        if let said = socketWords(for: error) { return said }
        let text = "\(error)"
        // Some other error that wraps one of the driver's: its type is all that can be said.
        return text.contains("Generic description") ? "\(type(of: error))" : text
    }
}
