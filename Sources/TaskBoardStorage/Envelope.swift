import Foundation
import TaskBoard

/// One kind of whole-file document in the data directory.
protocol StoredDocument {
    associatedtype Payload: Encodable & JSONDecodable
    /// The file's name in the data directory.
    static var fileName: String { get }
    /// The envelope key that holds the payload.
    static var key: String { get }
    /// Permissions, applied with fchmod on every write whatever the umask.
    static var mode: mode_t { get }
    /// Larger than this file ever is for any real daycare: a bigger one is
    /// refused before it is read into memory.
    static var maxBytes: Int { get }
}

enum RosterDocument: StoredDocument {
    typealias Payload = Roster
    static let fileName = "roster.json"
    /// A 2,000-child roster is about 300 KB.
    static let maxBytes = 8 << 20
    static let key = "roster"
    static let mode: mode_t = 0o644
}

enum SettingsDocument: StoredDocument {
    typealias Payload = Settings
    static let fileName = "settings.json"
    static let maxBytes = 1 << 20
    static let key = "settings"
    static let mode: mode_t = 0o644
}

enum AttendanceDocument: StoredDocument {
    typealias Payload = Attendance
    static let fileName = "attendance.json"
    /// Ten children away every day of a year is about 40 KB.
    static let maxBytes = 16 << 20
    static let key = "attendance"
    static let mode: mode_t = 0o644
}

enum PinDocument: StoredDocument {
    typealias Payload = PinRecord
    static let fileName = "pin.json"
    static let maxBytes = 64 << 10
    static let key = "pin"
    /// Only the kiosk's user may read even the hash of the PIN.
    static let mode: mode_t = 0o600
}

enum SummaryDocument: StoredDocument {
    typealias Payload = StoredSummary
    static let fileName = "summary.json"
    /// About 230 bytes a child: 2,000 children are under 0.5 MB.
    static let maxBytes = 32 << 20
    static let key = "summary"
    static let mode: mode_t = 0o644
}

/// The children forgotten (ids only): kept across restores, never in a
/// daily backup's place of the data it cleans.
enum ForgottenDocument: StoredDocument {
    typealias Payload = ForgottenChildren
    static let fileName = "forgotten.json"
    static let maxBytes = 4 << 20
    static let key = "forgotten"
    static let mode: mode_t = 0o644
}

/// The top-level object of every JSON file: the schema number, then the
/// payload under a key naming it, for example
///
///     {"schema":1,"roster":{"groups":[...],"children":[...],"tasks":[...],"nextID":7}}
///     {"schema":1,"settings":{"idleLogoutMinutes":2,"language":"fi"}}
///     {"schema":1,"pin":{"failedAttempts":0,"lockouts":0,"hash":{...}}}
///     {"schema":1,"summary":{"firstDay":"2026-10-12","journalLengths":[...],"children":[...]}}
///
/// The schema is read first: a file with a higher schema is refused before
/// its payload is looked at. Schema 1 is the first; when a schema 2 exists,
/// older payloads are converted here after decoding.
struct Envelope<Document: StoredDocument> {
    var schema: Int
    var payload: Document.Payload

    init(json: JSONValue) throws {
        let object = try json.object()
        schema = try object.int("schema")
        try SchemaError.check(schema)
        payload = try object.decode(Document.key)
    }

    /// The file's bytes with "schema" first, so a person (or `head -c 20`)
    /// sees the version at once: JSONEncoder does not keep key order.
    static func encoded(_ payload: Document.Payload, with encoder: JSONEncoder) throws -> Data {
        var data = Data("{\"schema\":\(StorageSchema.current),\"\(Document.key)\":".utf8)
        data.append(try encoder.encode(payload))
        data.append(UInt8(ascii: "}"))
        return data
    }
}

/// The first line of a day's mark journal: `{"schema":1,"day":"2026-11-22"}`.
struct JournalHeader: JSONDecodable {
    var schema: Int
    var day: String

    static func line(for day: Day) -> String {
        "{\"schema\":\(StorageSchema.current),\"day\":\"\(day)\"}\n"
    }

    init(json: JSONValue) throws {
        let object = try json.object()
        schema = try object.int("schema")
        try SchemaError.check(schema)
        day = try object.string("day")
    }
}
