import Foundation
import PostgresNIO
import Testing
@testable import TaskBoardPostgres

/// The driver's errors in words a person can act on: each names a cause,
/// and none is the driver's placeholder ("PSQLError – Generic description
/// to prevent accidental leakage of sensitive data…"). PSQLError itself only
/// the driver can make, so these go through its parts (code, what the server
/// said, the error underneath); ClosedConnectionTests and
/// PostgresStoreTests get real ones from a server.
@Suite struct DatabaseErrorWordsTests {
    let address = DatabaseAddress(place: .host("db.daycare.example", port: 5432), user: "taskboard", database: "taskboard", tls: .disable)

    private func words(_ code: PSQLError.Code, server: DatabaseError.ServerWords? = nil, underlying: (any Error)? = nil,
                       doing what: String = "saving a tick") -> DatabaseError {
        let error = DatabaseError.from(code: code, server: server, underlying: underlying, doing: what, at: address)
        #expect(!error.message.contains("Generic description") && !error.message.contains("PSQLError"), "\(error.message)")
        #expect(error.message.contains("db.daycare.example"), "says which server: \(error.message)")
        return error
    }

    @Test func theServerClosedTheConnection() {
        let error = words(.serverClosedConnection)
        #expect(error.message == "saving a tick at postgres://taskboard@db.daycare.example:5432/taskboard failed: the server closed the connection")
        #expect(error.isOutage)
        // Its socket said so.
        #expect(words(.serverClosedConnection, underlying: ChannelError.eof).message.hasSuffix("failed: the server closed the connection"))
        #expect(words(.serverClosedConnection, underlying: IOError(errnoCode: ECONNRESET, reason: "read")).message
            .hasSuffix("failed: the server closed the connection (connection reset)"))
    }

    /// A LISTEN lost with its connection (the server ended the session as it
    /// was sent) is said as that, never as the driver's "listenFailed".
    @Test func aListenLostWithItsConnection() {
        let lost = words(.listenFailed, doing: "listening for changes")
        #expect(lost.message.hasSuffix("listening for changes at postgres://taskboard@db.daycare.example:5432/taskboard failed: "
                                       + "the server closed the connection"), "\(lost.message)")
        #expect(lost.isOutage)
        #expect(words(.listenFailed, underlying: IOError(errnoCode: ECONNRESET, reason: "read")).message
            .hasSuffix("failed: the server closed the connection (connection reset)"))
    }

    /// Issue 29: the refusals a kiosk tells apart on its screen, from the server's SQL state.
    @Test func aRefusedConnectionCarriesWhy() {
        let full = words(.server, server: .init(sqlState: "53300", message: "sorry, too many clients already"), doing: "connecting")
        #expect(full.refusal == .serverFull && full.message.hasSuffix("the server has no room for another connection (sorry, too many clients already)"))
        #expect(words(.server, server: .init(sqlState: "28P01", message: "password authentication failed for user \"taskboard\""),
                      doing: "connecting").refusal == .loginRefused)
        #expect(words(.server, server: .init(sqlState: "28000", message: "no pg_hba.conf entry for host"), doing: "connecting").refusal == .loginRefused)
        // Issue 43: only a login not permitted at the session's start is a disabled login (a revoked kiosk's),
        // not a pg_hba.conf refusal of the same state, nor a wrong password; told by the routine, not the words.
        let disabled = words(.server, server: .init(sqlState: "28000", message: "rolle \"x\" darf sich nicht anmelden", routine: "InitializeSessionUserId"),
                             doing: "connecting")
        #expect(disabled.refusal == .loginRefused && disabled.loginDisabled)
        #expect(!words(.server, server: .init(sqlState: "28000", message: "no pg_hba.conf entry for host", routine: "ClientAuthentication"),
                       doing: "connecting").loginDisabled)
        #expect(!words(.server, server: .init(sqlState: "28P01", message: "password authentication failed", routine: "auth_failed"),
                       doing: "connecting").loginDisabled)
        #expect(words(.server, server: .init(sqlState: "3D000", message: "database \"nursery\" does not exist"), doing: "connecting").refusal == .noSuchDatabase)
        // A network fault, a session ended by an administrator: no refusal, the status line names no cause.
        #expect(words(.serverClosedConnection).refusal == nil)
        #expect(words(.server, server: .init(sqlState: "57P01", message: "terminating connection due to administrator command")).refusal == nil)
    }

    @Test func theServerEndedTheSession() {
        // pg_terminate_backend, or the server shutting down.
        let ended = words(.server, server: .init(sqlState: "57P01", message: "terminating connection due to administrator command"))
        #expect(ended.message.hasSuffix("failed: the server closed the connection (terminating connection due to administrator command)"))
        #expect(ended.isOutage, "not a refused statement: the kiosk goes offline and reconnects")
        let starting = words(.server, server: .init(sqlState: "57P03", message: "the database system is starting up"), doing: "connecting")
        #expect(starting.message == "cannot reach postgres://taskboard@db.daycare.example:5432/taskboard: "
            + "the server is not taking connections now (the database system is starting up)")
        #expect(words(.server, server: .init(sqlState: "53300", message: "sorry, too many clients already"), doing: "connecting").message
            .hasSuffix("the server has no room for another connection (sorry, too many clients already)"))
    }

    @Test func theConnectionFailedOnTheWay() {
        let reset = words(.connectionError, underlying: IOError(errnoCode: ECONNRESET, reason: "read(descriptor:pointer:size:)"))
        #expect(reset.message.hasSuffix("failed: the server closed the connection (connection reset)"))
        #expect(reset.isOutage)
        #expect(words(.connectionError, underlying: IOError(errnoCode: EPIPE, reason: "write")).message.hasSuffix("(broken pipe)"))
        let refused = words(.connectionError, underlying: IOError(errnoCode: ECONNREFUSED, reason: "connect"), doing: "connecting")
        #expect(refused.message == "cannot reach postgres://taskboard@db.daycare.example:5432/taskboard: "
            + "nothing answers there (connection refused): is the server running, and on that port?")
        #expect(words(.connectionError, underlying: IOError(errnoCode: EHOSTUNREACH, reason: "connect")).message
            .contains("the server is not answering (no route to it"))
        #expect(words(.connectionError, underlying: ChannelError.connectTimeout(.seconds(3)), doing: "connecting").message
            .hasSuffix(": the server is not answering (no answer within 3 s)"))
        #expect(words(.connectionError, underlying: ChannelError.ioOnClosedChannel).message.hasSuffix("failed: the server closed the connection"))
        #expect(words(.connectionError, underlying: IOError(errnoCode: EACCES, reason: "connect")).message
            .hasSuffix("failed: \(String(cString: strerror(EACCES))) (errno \(EACCES))"))
    }

    @Test func tlsEndedUnclean() {
        let error = words(.uncleanShutdown)
        #expect(error.message.hasSuffix("failed: the server closed the connection without ending TLS properly"))
        #expect(error.isOutage)
    }

    @Test func aConnectionClosedHere() {
        let error = words(.clientClosedConnection)
        #expect(error.message.hasSuffix("failed: the connection had been closed (after an earlier failure); the next try connects again"))
        #expect(error.isOutage)
        #expect(words(.clientClosedConnection, underlying: IOError(errnoCode: ECONNRESET, reason: "read")).message
            .hasSuffix("the server closed the connection (connection reset)"))
    }

    @Test func theLoginWasRefused() {
        let password = words(.server, server: .init(sqlState: "28P01", message: "password authentication failed for user \"taskboard\""),
                             doing: "connecting")
        #expect(password.message == "postgres://taskboard@db.daycare.example:5432/taskboard refused the connection: the password was refused "
            + "(password authentication failed for user \"taskboard\"); check --database-password-file or PGPASSWORD")
        #expect(password.problem == .unreachable)
        #expect(words(.server, server: .init(sqlState: "3D000", message: "database \"taskbord\" does not exist")).message
            .hasSuffix("refused the connection: database \"taskbord\" does not exist"))
        #expect(words(.authMechanismRequiresPassword).message.contains("asks for a password"))
        #expect(words(.sslUnsupported).message.contains("does not offer TLS"))
    }

    @Test func aRefusedStatementKeepsTheServersWords() {
        let error = words(.server, server: .init(sqlState: "23505", message: "duplicate key value violates unique constraint \"x\""))
        #expect(error.problem == .server(sqlState: "23505"))
        #expect(error.message.hasSuffix("saving a tick failed at postgres://taskboard@db.daycare.example:5432/taskboard: "
            + "duplicate key value violates unique constraint \"x\" (SQL state 23505)"))
    }

    @Test func nothingElseShowsThePlaceholder() {
        struct Wrapper: Error, CustomStringConvertible {
            var description: String { "PSQLError – Generic description to prevent accidental leakage of sensitive data." }
        }
        let error = DatabaseError.from(Wrapper(), doing: "saving a tick", at: address)
        #expect(!error.message.contains("Generic description"), "\(error.message)")
        #expect(error.message.contains("Wrapper"))
        for code in [PSQLError.Code.queryCancelled, .saslError, .unsupportedAuthMechanism, .messageDecodingFailure, .unexpectedBackendMessage,
                     .invalidCommandTag, .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest, .tooManyParameters, .poolClosed,
                     .listenFailed, .unlistenFailed] {
            _ = words(code, underlying: Wrapper())
        }
    }
}
