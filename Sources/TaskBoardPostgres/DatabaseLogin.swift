import Foundation
import TaskBoardStorage
#if canImport(Glibc)
import Glibc
#endif

/// Everything needed to open the daycare's database: where it is, the
/// password, and the name this kiosk signs its changes with. The URL comes
/// from `--database` or `$TASKBOARD_DATABASE_URL`; the password from
/// `--database-password-file` or `$TASKBOARD_DATABASE_PASSWORD_FILE` (a file
/// readable by its owner only, as ssh insists for keys) or `$PGPASSWORD`,
/// never from the command line.
public struct DatabaseLogin: Sendable {
    public var address: DatabaseAddress
    public var password: String?
    public var kioskName: String
    /// How a kiosk learns of the others' changes (and announces its own).
    public var changeFeed: ChangeFeed

    public init(address: DatabaseAddress, password: String?, kioskName: String, changeFeed: ChangeFeed = .notifications) {
        self.address = address
        self.password = password
        self.kioskName = kioskName
        self.changeFeed = changeFeed
    }

    /// Nil when neither the option nor the environment names a database
    /// (the data directory is used); throws when what is given cannot be used.
    public static func resolve(url: String?, passwordFile: String?, kioskName: String?,
                               environment: ProcessEnvironment = .current) throws -> DatabaseLogin? {
        guard let text = url ?? environment["TASKBOARD_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if passwordFile != nil {
                throw DatabaseError(.badPasswordFile, "--database-password-file is for a database: give --database URL too")
            }
            return nil
        }
        let address = try DatabaseAddress(url: text)
        // The kiosk's unit, which starts it without arguments, names the file in the environment.
        let file = passwordFile ?? environment["TASKBOARD_DATABASE_PASSWORD_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let password = try file.map(readPassword(from:)) ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        let name = kioskName ?? environment["TASKBOARD_KIOSK_NAME"] ?? hostName()
        try checkKioskName(name)
        return DatabaseLogin(address: address, password: password, kioskName: name)
    }

    /// A kiosk's name: 1 to 64 characters, none of them control characters.
    public static func checkKioskName(_ name: String) throws {
        guard !name.isEmpty, name.count <= 64, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DatabaseError(.badAddress, "the kiosk name \"\(name.prefix(64))\" must be 1 to 64 characters, none of them control characters")
        }
    }

    /// Opens the store: connects and sets up or checks the tables.
    /// `role` names the connection beside the kiosk's name in the server's
    /// `pg_stat_activity` ("taskboard Hall listening").
    public func open(readOnly: Bool = false, deadline: Duration = .seconds(5), role: String? = nil, setUp: Bool = true) throws -> PostgresBoardStore {
        try PostgresBoardStore(address: address, password: password, kioskName: kioskName, readOnly: readOnly, deadline: deadline,
                               connectionRole: role, changeFeed: changeFeed, setUp: setUp)
    }

    /// The first line of the file. The file must be the user's own and not
    /// readable by anyone else; its contents never appear in a message.
    static func readPassword(from path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw DatabaseError(.badPasswordFile, "the password file \(path) cannot be read (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw DatabaseError(.badPasswordFile, "the password file \(path) is not a file")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw DatabaseError(.badPasswordFile, "the password file \(path) can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); "
                                    + "make it the owner's only: chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DatabaseError(.badPasswordFile, "the password file \(path) cannot be read")
        }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else {
            throw DatabaseError(.badPasswordFile, "the password file \(path) is empty; its first line is the password")
        }
        return password
    }

    /// gethostname(2): Foundation's hostName may ask DNS, which a kiosk
    /// without a network would wait for.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "kiosk" : name
    }
}
