import Foundation
import PostgresNIO
import TaskBoard

/// A login of its own for each kiosk (issue 43): made and revoked by the
/// person who looks after the database, with the owner's login, so that
/// the owner's password stays off the kiosks and a lost kiosk is shut out
/// from one place, its sessions ended at once.
extension PostgresBoardStore {
    /// What `addKioskLogin` made: the password (for the kiosk's password
    /// file, shown nowhere) and the URL the kiosk starts with.
    public struct MadeKioskLogin: Sendable {
        public var login: KioskLogin
        public var password: String
        public var address: DatabaseAddress
        /// Whether the name had a login that was revoked, now taken again.
        public var renewed: Bool
    }

    /// Makes a database login for the kiosk `name`: a member of the kiosks'
    /// group role, which has only the rights a kiosk uses
    /// (`DatabaseSchema.kioskRights`), with a new random password sent to
    /// the server as its SCRAM verifier, and at most `connectionLimit`
    /// sessions (a kiosk holds two; a stolen login cannot fill the server).
    /// A name whose login was revoked gets it back with a new password; a
    /// name with a login in use is refused.
    public func addKioskLogin(named name: String, password: String = newKioskPassword()) throws -> MadeKioskLogin {
        try refuseIfReadOnly()
        let verifier = try ScramVerifier.make(password: password)
        let logger = self.logger, database = address.database, limit = Self.connectionLimit
        let (login, renewed) = try session.write("making the kiosk's login") { connection -> (KioskLogin, Bool) in
            var found: (login: String, revoked: Bool)?
            for try await row in try await connection.query("SELECT login, revoked_at IS NOT NULL FROM kiosk_logins WHERE name = \(name) FOR UPDATE",
                                                             logger: logger) {
                let (login, revoked) = try row.decode((String, Bool).self)
                found = (login, revoked)
            }
            if let found, !found.revoked {
                throw DatabaseError(.conflict, "the kiosk \(name) already has its login (\(found.login)); to give it a new password, "
                                    + "revoke it first (taskboard rooms revoke \(name))")
            }
            let group = DatabaseSchema.kioskGroup(of: database), mark = DatabaseSchema.kioskGroupComment(of: database)
            switch try await DatabaseSchema.kioskGroupComment(of: group, connection, logger: logger) {
            case nil:
                try await connection.perform(PostgresQuery(unsafeSQL: "CREATE ROLE \(DatabaseSchema.quoted(group)) NOLOGIN"), logger: logger)
                try await connection.perform(PostgresQuery(unsafeSQL: "COMMENT ON ROLE \(DatabaseSchema.quoted(group)) IS \(Self.literal(mark))"),
                                             logger: logger)
            case mark?: break
            case let other?:
                throw DatabaseError(.conflict, "the server's role \(group) is not this database's kiosks' (its comment: \"\(other)\"); "
                                    + "a database whose name folds alike has it: rename one of the databases")
            }
            // Where anyone may make objects in the tables' schema, a kiosk login could put its own functions in the owner's way.
            var open = false
            for try await found in try await connection.query("SELECT has_schema_privilege('public', current_schema(), 'CREATE')", logger: logger)
                .decode(Bool.self) { open = found }
            if open {
                throw DatabaseError(.conflict, "every login may make objects in the tables' schema (an older PostgreSQL's default), so a kiosk's "
                                    + "login could put its own functions in the owner's way: as postgres, run REVOKE CREATE ON SCHEMA public "
                                    + "FROM PUBLIC in the database first")
            }
            // Every time: a kiosk added after an update has the rights of the tables as they are now.
            for statement in DatabaseSchema.kioskGrants(to: group) {
                try await connection.perform(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            let role: String
            if let found {
                role = found.login
                try await connection.perform(PostgresQuery(unsafeSQL: """
                    ALTER ROLE \(DatabaseSchema.quoted(role)) LOGIN CONNECTION LIMIT \(limit) PASSWORD '\(verifier)'
                    """), logger: logger)
                try await connection.perform("UPDATE kiosk_logins SET revoked_at = NULL WHERE login = \(role)", logger: logger)
            } else {
                role = try await Self.freeRoleName(for: name, in: database, connection, logger: logger)
                try await connection.perform(PostgresQuery(unsafeSQL: """
                    CREATE ROLE \(DatabaseSchema.quoted(role)) LOGIN CONNECTION LIMIT \(limit) PASSWORD '\(verifier)'
                    """), logger: logger)
                try await connection.perform("INSERT INTO kiosk_logins (login, name) VALUES (\(role), \(name))", logger: logger)
                // Whoever made it may end its sessions (pg_terminate_backend asks for membership).
                try await connection.perform(PostgresQuery(unsafeSQL: "GRANT \(DatabaseSchema.quoted(role)) TO CURRENT_USER"), logger: logger)
            }
            try await connection.perform(PostgresQuery(unsafeSQL: "GRANT \(DatabaseSchema.quoted(group)) TO \(DatabaseSchema.quoted(role))"),
                                         logger: logger)
            var made = Date()
            for try await created in try await connection.query("SELECT created_at FROM kiosk_logins WHERE login = \(role)", logger: logger)
                .decode(Date.self) { made = created }
            return (KioskLogin(name: name, login: role, createdAt: made), found != nil)
        }
        var kioskAddress = address
        kioskAddress.user = login.login
        return MadeKioskLogin(login: login, password: password, address: kioskAddress, renewed: renewed)
    }

    /// At most this many sessions a kiosk login: a kiosk holds two, a
    /// command run on it one more, a restart overlaps for a moment.
    static let connectionLimit = 5

    /// What `revokeKioskLogin` did: the login, now revoked, and how its
    /// sessions ended: how many are left, or why they could not be ended.
    public struct RevokedKioskLogin: Sendable {
        public var login: KioskLogin
        public var sessionsLeft: Int
        public var sessionsNotEnded: String?
    }

    /// Ends the kiosk's login: it may no longer log in, and leaves the
    /// kiosks' group role (so it may read or change nothing); then its
    /// sessions are ended, waiting up to two seconds for them to go. The
    /// revocation stands even where the sessions cannot be ended (said in
    /// the answer, not thrown).
    public func revokeKioskLogin(named name: String) throws -> RevokedKioskLogin {
        try refuseIfReadOnly()
        let logger = self.logger, database = address.database
        let login = try session.write("revoking the kiosk's login") { connection -> KioskLogin in
            var found: KioskLogin?
            for try await row in try await connection.query("""
                UPDATE kiosk_logins SET revoked_at = coalesce(revoked_at, now()) WHERE name = \(name) RETURNING login, created_at, revoked_at
                """, logger: logger) {
                let (role, created, revoked) = try row.decode((String, Date, Date).self)
                found = KioskLogin(name: name, login: role, createdAt: created, revokedAt: revoked)
            }
            guard let found else {
                throw DatabaseError(.server(sqlState: "42704"), "no kiosk login is named \(name) (taskboard rooms lists them)")
            }
            let role = DatabaseSchema.quoted(found.login), group = DatabaseSchema.kioskGroup(of: database)
            try await connection.perform(PostgresQuery(unsafeSQL: "ALTER ROLE \(role) NOLOGIN"), logger: logger)
            if try await Self.roleExists(group, connection, logger: logger) {
                try await connection.perform(PostgresQuery(unsafeSQL: "REVOKE \(DatabaseSchema.quoted(group)) FROM \(role)"), logger: logger)
            }
            return found
        }
        // After the commit, so that a session ended here cannot log in again.
        do {
            let left = try endSessions(of: login.login)
            return RevokedKioskLogin(login: login, sessionsLeft: left)
        } catch {
            return RevokedKioskLogin(login: login, sessionsLeft: -1, sessionsNotEnded: DatabaseError.words(for: error))
        }
    }

    /// Asks the server to end every session of `role`, then looks every
    /// 50 ms, for up to two seconds, until none is left; returns how many are.
    private func endSessions(of role: String) throws -> Int {
        let logger = self.logger
        let count: @Sendable (PostgresConnection) async throws -> Int = { connection in
            var left = 0
            for try await found in try await connection.query("SELECT count(*)::int FROM pg_stat_activity WHERE usename = \(role)", logger: logger)
                .decode(Int.self) { left = found }
            return left
        }
        var left = try session.run("ending the kiosk's sessions") { connection -> Int in
            _ = try await connection.query("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = \(role) AND pid <> pg_backend_pid()
                """, logger: logger).collect()
            return try await count(connection)
        }
        let until = Date().addingTimeInterval(2)
        while left > 0, Date() < until {
            Thread.sleep(forTimeInterval: 0.05)
            left = try session.run("looking at the kiosk's sessions", count)
        }
        return left
    }

    /// The kiosk login this store is logged in as; nil on a login that is no
    /// kiosk's own (the owner's, shared by every kiosk).
    public func ownKioskLogin() throws -> KioskLogin? {
        let logger = self.logger
        return try session.run("reading this kiosk's login") { connection in
            var login: KioskLogin?
            for try await row in try await connection.query("""
                SELECT name, login, created_at, revoked_at FROM kiosk_logins WHERE login = session_user
                """, logger: logger) {
                let (name, role, created, revoked) = try row.decode((String, String, Date, Date?).self)
                login = KioskLogin(name: name, login: role, createdAt: created, revokedAt: revoked)
            }
            return login
        }
    }

    /// Text as an SQL string literal (COMMENT takes no parameter).
    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    static func roleExists(_ role: String, _ connection: PostgresConnection, logger: Logger) async throws -> Bool {
        var exists = false
        for try await found in try await connection.query("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = \(role))", logger: logger)
            .decode(Bool.self) { exists = found }
        return exists
    }

    static func kioskLogins(_ connection: PostgresConnection, logger: Logger) async throws -> [KioskLogin] {
        var logins: [KioskLogin] = []
        for try await row in try await connection.query("SELECT name, login, created_at, revoked_at FROM kiosk_logins ORDER BY name", logger: logger) {
            let (name, login, created, revoked) = try row.decode((String, String, Date, Date?).self)
            logins.append(KioskLogin(name: name, login: login, createdAt: created, revokedAt: revoked))
        }
        return logins
    }

    // MARK: Names and rights

    /// 32 letters and digits: about 190 bits, and nothing a shell or a URL would bend.
    public static func newKioskPassword() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// `<database>_kiosk_<name>` in lower-case letters, digits and
    /// underscores (roles are the server's, shared by its databases), with
    /// a number added where the server already has that role.
    static func freeRoleName(for name: String, in database: String, _ connection: PostgresConnection, logger: Logger) async throws -> String {
        let base = String("\(DatabaseSchema.roleWord(database))_kiosk_\(DatabaseSchema.roleWord(name))".prefix(59))
        for attempt in 1...100 {
            let candidate = attempt == 1 ? base : "\(base)_\(attempt)"
            if try await !roleExists(candidate, connection, logger: logger) { return candidate }
        }
        throw DatabaseError(.conflict, "the server has too many roles named \(base)…; revoke and drop old ones")
    }
}
