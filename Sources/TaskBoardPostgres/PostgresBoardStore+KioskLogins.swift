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

    /// Makes a database login for the kiosk `name`, with only the rights a
    /// kiosk uses (`DatabaseSchema.kioskTables`), and a new random password,
    /// sent to the server as its SCRAM verifier. A name whose login was
    /// revoked gets it back with a new password; a name with a login in
    /// use is refused.
    public func addKioskLogin(named name: String) throws -> MadeKioskLogin {
        try refuseIfReadOnly()
        let password = Self.newPassword()
        let verifier = try ScramVerifier.make(password: password)
        let logger = self.logger, database = address.database
        let (login, renewed) = try session.write("making the kiosk's login") { connection -> (KioskLogin, Bool) in
            var found: (login: String, revoked: Bool)?
            for try await row in try await connection.query("SELECT login, revoked_at IS NOT NULL FROM kiosk_logins WHERE name = \(name) FOR UPDATE",
                                                             logger: logger) {
                let (login, revoked) = try row.decode((String, Bool).self)
                found = (login, revoked)
            }
            let role: String
            if let found {
                guard found.revoked else {
                    throw DatabaseError(.conflict, "the kiosk \(name) already has its login (\(found.login)); to give it a new password, "
                                        + "revoke it first (taskboard rooms revoke \(name))")
                }
                role = found.login
                try await connection.perform(PostgresQuery(unsafeSQL: "ALTER ROLE \(Self.quoted(role)) LOGIN PASSWORD '\(verifier)'"), logger: logger)
                try await connection.perform("UPDATE kiosk_logins SET revoked_at = NULL WHERE login = \(role)", logger: logger)
            } else {
                role = try await Self.freeRoleName(for: name, in: database, connection, logger: logger)
                try await connection.perform(PostgresQuery(unsafeSQL: "CREATE ROLE \(Self.quoted(role)) LOGIN PASSWORD '\(verifier)'"), logger: logger)
                try await connection.perform("INSERT INTO kiosk_logins (login, name) VALUES (\(role), \(name))", logger: logger)
                // Whoever made it may end its sessions (pg_terminate_backend asks for membership).
                try await connection.perform(PostgresQuery(unsafeSQL: "GRANT \(Self.quoted(role)) TO CURRENT_USER"), logger: logger)
            }
            for statement in Self.grants(to: role) {
                try await connection.perform(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            var made: Date = Date()
            for try await created in try await connection.query("SELECT created_at FROM kiosk_logins WHERE login = \(role)", logger: logger)
                .decode(Date.self) { made = created }
            return (KioskLogin(name: name, login: role, createdAt: made), found != nil)
        }
        var kioskAddress = address
        kioskAddress.user = login.login
        return MadeKioskLogin(login: login, password: password, address: kioskAddress, renewed: renewed)
    }

    /// Ends the kiosk's login: it may no longer log in or read or change
    /// anything, and its sessions are ended (waiting up to two seconds for
    /// each to go). Returns the login and how many of its sessions are
    /// still there afterwards (none, unless the server would not end them).
    public func revokeKioskLogin(named name: String) throws -> (login: KioskLogin, sessionsLeft: Int) {
        try refuseIfReadOnly()
        let logger = self.logger
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
            try await connection.perform(PostgresQuery(unsafeSQL: "ALTER ROLE \(Self.quoted(found.login)) NOLOGIN"), logger: logger)
            for statement in Self.revocations(from: found.login) {
                try await connection.perform(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            return found
        }
        // After the commit, so that a session ended here cannot log in again.
        let left = try session.run("ending the kiosk's sessions") { connection -> Int in
            _ = try await connection.query("""
                SELECT pg_terminate_backend(pid, 2000) FROM pg_stat_activity WHERE usename = \(login.login) AND pid <> pg_backend_pid()
                """, logger: logger).collect()
            var left = 0
            for try await count in try await connection.query("SELECT count(*)::int FROM pg_stat_activity WHERE usename = \(login.login)",
                                                              logger: logger).decode(Int.self) { left = count }
            return left
        }
        return (login, left)
    }

    /// The name of the kiosk this store's login belongs to; nil on a login
    /// that is no kiosk's own (the owner's, shared by every kiosk).
    public func ownKioskName() throws -> String? {
        let logger = self.logger
        return try session.run("reading this kiosk's login") { connection in
            var name: String?
            for try await found in try await connection.query("SELECT name FROM kiosk_logins WHERE login = session_user", logger: logger)
                .decode(String.self) { name = found }
            return name
        }
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
    static func newPassword() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// `<database>_kiosk_<name>` in lower-case letters, digits and
    /// underscores (roles are the server's, shared by its databases), with
    /// a number added where the server already has that role.
    static func freeRoleName(for name: String, in database: String, _ connection: PostgresConnection, logger: Logger) async throws -> String {
        let base = String("\(slug(database))_kiosk_\(slug(name))".prefix(59))
        for attempt in 1...100 {
            let candidate = attempt == 1 ? base : "\(base)_\(attempt)"
            var taken = true
            for try await found in try await connection.query("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = \(candidate))", logger: logger)
                .decode(Bool.self) { taken = found }
            if !taken { return candidate }
        }
        throw DatabaseError(.conflict, "the server has too many roles named \(base)…; revoke and drop old ones")
    }

    static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("_") {
                out += "_"
            }
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        return trimmed.isEmpty ? "kiosk" : trimmed
    }

    /// A role name as an SQL identifier (ours hold only [a-z0-9_], but a
    /// name found in the table is quoted all the same).
    static func quoted(_ identifier: String) -> String { "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func grants(to role: String) -> [String] {
        let who = quoted(role)
        return ["GRANT SELECT, INSERT, UPDATE, DELETE ON \(DatabaseSchema.kioskTables.joined(separator: ", ")) TO \(who)",
                "GRANT SELECT ON \(DatabaseSchema.kioskReadOnlyTables.joined(separator: ", ")) TO \(who)",
                "GRANT USAGE ON SEQUENCE \(DatabaseSchema.kioskSequences.joined(separator: ", ")) TO \(who)"]
    }

    static func revocations(from role: String) -> [String] {
        let who = quoted(role)
        return ["REVOKE ALL ON \((DatabaseSchema.kioskTables + DatabaseSchema.kioskReadOnlyTables).joined(separator: ", ")) FROM \(who)",
                "REVOKE ALL ON SEQUENCE \(DatabaseSchema.kioskSequences.joined(separator: ", ")) FROM \(who)"]
    }
}
