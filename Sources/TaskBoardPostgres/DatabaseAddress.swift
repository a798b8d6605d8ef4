import Foundation
import PostgresNIO
import TaskBoardStorage

/// Where the daycare's database is and how to reach it, from a URL in the
/// form libpq and psql take (`postgres://taskboard@school-server/taskboard`,
/// `?sslmode=verify-full`), with the password kept out of it: a URL is seen in
/// the process list and in shell history, so a password comes from a file or
/// from PGPASSWORD, never from the URL.
public struct DatabaseAddress: Equatable, Sendable, CustomStringConvertible {
    public enum Place: Equatable, Sendable {
        case host(String, port: Int)
        /// The server's socket directory on this machine (`/run/postgresql`).
        case socketDirectory(String, port: Int)
    }

    /// libpq's modes: `prefer` (the default) tries TLS and falls back,
    /// `require` insists on it, the `verify-` modes also check the server's
    /// certificate against the system's roots or `sslrootcert`.
    public enum TLSMode: String, Equatable, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var place: Place
    public var user: String
    public var database: String
    public var tls: TLSMode
    /// A CA certificate file (PEM) to trust instead of the system's roots.
    public var rootCertificate: String?

    /// The URL as it can be shown and logged: it never holds a password.
    public var description: String {
        switch place {
        case .host(let host, let port):
            let shown = host.contains(":") ? "[\(host)]" : host
            return "postgres://\(user)@\(shown):\(port)/\(database)"
        case .socketDirectory(let directory, let port):
            return "postgres://\(user)@/\(database)?host=\(directory)&port=\(port)"
        }
    }

    /// The URL another machine starts with: `description` with the TLS
    /// settings that differ from the default (still no password).
    public var url: String {
        var settings: [String] = []
        if tls != .prefer { settings.append("sslmode=\(tls.rawValue)") }
        if let rootCertificate { settings.append("sslrootcert=\(rootCertificate)") }
        guard !settings.isEmpty else { return description }
        let text = description
        return text + (text.contains("?") ? "&" : "?") + settings.joined(separator: "&")
    }

    public init(place: Place, user: String, database: String, tls: TLSMode = .prefer, rootCertificate: String? = nil) {
        self.place = place
        self.user = user
        self.database = database
        self.tls = tls
        self.rootCertificate = rootCertificate
    }

    /// Reads a `postgres://` or `postgresql://` URL. Without a host, the
    /// server's socket on this machine; without a user, the login name;
    /// without a database, the user's name (as psql does).
    public init(url text: String, defaultUser: String = DatabaseAddress.loginName) throws {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw DatabaseError.badAddress("\"\(Self.withoutPassword(text))\" is not a database URL; it looks like postgres://USER@HOST/DATABASE")
        }
        if components.password != nil || components.queryItems?.contains(where: { $0.name.lowercased() == "password" }) == true {
            throw DatabaseError.badAddress(
                "the database URL holds a password, which anyone on this machine could read in the process list; "
                    + "remove it from the URL and put it in a file for --database-password-file (mode 0600) or in PGPASSWORD")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            let name = item.name.lowercased()
            guard ["sslmode", "sslrootcert", "host", "port", "user", "dbname"].contains(name) else {
                throw DatabaseError.badAddress("the database URL's \"\(item.name)\" is not known here (known: sslmode, sslrootcert, host, port, user, dbname)")
            }
            query[name] = item.value ?? ""
        }
        let portText = query["port"] ?? components.port.map(String.init) ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw DatabaseError.badAddress("the database URL's port \"\(portText)\" is not a port number")
        }
        let host = query["host"] ?? components.percentEncodedHost.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
        if let host, host.hasPrefix("/") {
            place = .socketDirectory(host, port: port)
        } else if let host {
            place = .host(host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host, port: port)
        } else {
            place = .socketDirectory("/run/postgresql", port: port)
        }
        user = query["user"] ?? components.user.flatMap { $0.isEmpty ? nil : $0 } ?? defaultUser
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = query["dbname"] ?? (path.isEmpty ? user : path)
        let mode = query["sslmode"] ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else {
            throw DatabaseError.badAddress("the database URL's sslmode \"\(mode)\" is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.tls = tls
        rootCertificate = query["sslrootcert"]
    }

    /// The user this program runs as, the default database user (as psql's).
    public static var loginName: String {
        if let name = ProcessEnvironment.current["USER"], !name.isEmpty { return name }
        return NSUserName()
    }

    /// The text with any `user:password@` reduced to `user@`, for messages.
    public static func withoutPassword(_ text: String) -> String {
        // The query may hold password=…: it is never shown.
        let noQuery = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        guard let scheme = noQuery.range(of: "://") else { return noQuery }
        let rest = noQuery[scheme.upperBound...]
        let authority = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? rest
        // A password may hold '@': the host follows the last one.
        guard let at = authority.lastIndex(of: "@") else { return noQuery }
        let credentials = noQuery[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return noQuery }
        return String(noQuery[..<colon]) + String(noQuery[at...])
    }

    /// The driver's configuration, with the password given separately.
    /// `applicationName` is what the server's `pg_stat_activity` shows for
    /// the connection ("taskboard Hall"), so that the IT person can tell whose it is.
    public func configuration(password: String?, applicationName: String? = nil) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch place {
        case .socketDirectory(let directory, let port):
            configuration = .init(unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        case .host(let host, let port):
            configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password,
                                                             database: database, tls: try tlsSetting())
            configuration.options.connectTimeout = .seconds(5)
        }
        if let applicationName { configuration.options.additionalStartupParameters = [("application_name", applicationName)] }
        return configuration
    }

    private func tlsSetting() throws -> PostgresConnection.Configuration.TLS {
        guard tls != .disable else { return .disable }
        var settings = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable: break
        case .prefer, .require: settings.certificateVerification = .none
        case .verifyCA: settings.certificateVerification = .noHostnameVerification
        case .verifyFull: settings.certificateVerification = .fullVerification
        }
        if let rootCertificate { settings.trustRoots = .file(rootCertificate) }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: settings)
        } catch {
            throw DatabaseError.badAddress("the TLS settings could not be used (\(error)); check sslrootcert")
        }
        return tls == .prefer ? .prefer(context) : .require(context)
    }
}
