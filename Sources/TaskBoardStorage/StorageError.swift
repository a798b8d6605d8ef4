import TaskBoard

/// Why the data directory could not be read or written. `description` is one
/// line that names the file (and the line, for a journal) and says what is
/// wrong in plain words, so it can be shown to whoever looks after the kiosk.
public struct StorageError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        /// The JSON stops before it is complete (a cut-off or empty file).
        case truncated
        /// Not JSON; the position of the first unexpected byte when known
        /// (line and column in the file, or column in a journal line).
        case notJSON(line: Int?, column: Int?)
        /// A field the data needs is absent ("roster.children[2].name").
        case missingField(String)
        /// A field is null where a value is needed.
        case missingValue(field: String)
        /// A field holds the wrong kind of value ("a number", "text", ...).
        case wrongType(field: String, expected: String)
        /// A field has the right type but a value that is not allowed.
        case invalidValue(field: String, reason: String)
        /// Written by a newer taskboard; this one refuses to read or replace it.
        case newerSchema(found: Int, supported: Int)
        /// A schema number that no taskboard ever wrote.
        case unknownSchema(Int)
        /// A journal whose header names another day than its file name.
        case wrongDay(header: String, expected: String)
        case permissionDenied(operation: String)
        case diskFull
        /// The filesystem is mounted read-only (EROFS).
        case readOnlyDisk
        /// Far larger than any real daycare's file: refused unread.
        case tooLarge(bytes: Int, limit: Int)
        /// Another process holds the data directory's lock: a kiosk, or a
        /// command that did not finish while this one waited.
        case locked(pid: Int32?, byKiosk: Bool = false)
        /// The store was opened read-only.
        case readOnly
        /// A value could not be turned into JSON.
        case cannotEncode(String)
        /// The file is gone while what depends on it is still here ("the
        /// ticks of 16 days"): read as new, the data would start empty over it.
        case missingBeside(String)
        /// pin.json gone while ticks or absences remain ("the ticks of 16
        /// days are"): the kiosk would ask whoever stands at it for a new PIN.
        case pinMissingBeside(String)
        /// Any other failed system call.
        case system(operation: String, code: Int32)
        /// A failure reported by Foundation, in its own words.
        case failed(operation: String, reason: String)
    }

    /// The file (or, for a held lock, the directory) concerned.
    public var path: String
    /// The 1-based line of a journal, when the problem is in one line.
    public var line: Int?
    public var problem: Problem
    /// The change was written and could not be taken back after a later
    /// step failed: it may be on disk (the words must not say "not saved").
    public var mayBeWritten = false

    public init(path: String, line: Int? = nil, problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// What to do about a change that may or may not be on disk.
    public static let mayBeWrittenAdvice = "It may or may not have been saved: run taskboard check, and look at the board, before trying again."

    /// Another taskboard holds the data directory.
    public var isLock: Bool {
        if case .locked = problem { return true }
        return false
    }

    /// A running kiosk holds the data directory (and serves `taskboard mark`).
    public var isKioskLock: Bool {
        if case .locked(_, let byKiosk) = problem { return byKiosk }
        return false
    }

    /// Written by a newer taskboard (an older program installed over newer data).
    public var isNewerSchema: Bool {
        if case .newerSchema = problem { return true }
        return false
    }

    /// A file whose content this program cannot read: cut off, not JSON, a
    /// field missing or wrong, another day's header, far too large.
    public var isDamaged: Bool {
        switch problem {
        case .truncated, .notJSON, .missingField, .missingValue, .wrongType, .invalidValue, .unknownSchema, .wrongDay, .tooLarge,
             .missingBeside, .pinMissingBeside: true
        default: false
        }
    }

    /// Nothing can be written there at all: a read-only disk, or files this
    /// user may not change. Whoever only reads (a backup) can go on.
    public var isUnwritable: Bool {
        switch problem {
        case .readOnlyDisk, .permissionDenied: true
        default: false
        }
    }

    public var description: String {
        let place = line.map { "\(path), line \($0)" } ?? path
        let text: String
        switch problem {
        case .truncated:
            text = line == nil ? "ends too early — the file is truncated." : "ends too early — the line is truncated."
        case .notJSON(let atLine, let column):
            switch (atLine, column) {
            case let (l?, c?): text = "is not valid JSON (unexpected character at line \(l), column \(c))."
            case let (nil, c?): text = "is not valid JSON (unexpected character at column \(c))."
            default: text = "is not valid JSON."
            }
        case .missingField(let field):
            text = "the field \"\(field)\" is missing."
        case .missingValue(let field):
            text = "the field \"\(field)\" is null but must have a value."
        case .wrongType(let field, let expected):
            text = field.isEmpty
                ? "has the wrong shape (expected \(expected))."
                : "the field \"\(field)\" has the wrong type (expected \(expected))."
        case .invalidValue(let field, let reason):
            text = field.isEmpty ? "invalid content: \(reason)." : "the field \"\(field)\" is invalid: \(reason)."
        case .newerSchema(let found, let supported):
            text = "written by a newer taskboard (schema \(found)); this version reads schema \(supported)."
        case .unknownSchema(let found):
            text = "unknown schema \(found); this version reads schema \(StorageSchema.current)."
        case .wrongDay(let header, let expected):
            text = "the header is for day \(header), but the file is for \(expected)."
        case .permissionDenied(let operation):
            text = "permission denied (\(operation))."
        case .diskFull:
            text = "the disk is full."
        case .readOnlyDisk:
            text = "the disk is read-only."
        case .tooLarge(let bytes, let limit):
            text = "\(bytes / 1_048_576) MB, larger than any taskboard file can be (at most \(limit / 1_048_576) MB); it was not read."
        case .locked(let pid, _):
            return "Another taskboard is already using \(path)" + (pid.map { " (pid \($0))." } ?? ".")
        case .readOnly:
            text = "the data directory is open read-only; nothing can be saved."
        case .cannotEncode(let reason):
            text = "could not be written as JSON: \(reason)."
        case .system(let operation, let code):
            text = "\(operation) failed: \(Posix.message(code)) (errno \(code))."
        case .failed(let operation, let reason):
            text = "\(operation) failed: \(reason)" + (reason.hasSuffix(".") ? "" : ".")
        case .missingBeside(let what):
            text = "it is missing, but \(what) still here; read as a new daycare, they would belong to nobody, or to "
                + "children added next. Put the file back, or restore a backup (taskboard restore)."
        case .pinMissingBeside(let what):
            text = "it is missing, but \(what) still here; the kiosk would ask whoever stands at it to choose the admin PIN. "
                + "Put the file back, or set a new PIN with taskboard reset-pin."
        }
        return Self.oneLine("\(place): \(text)")
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

/// The schema every file of this version is written with.
enum StorageSchema {
    static let current = 1
}

extension StorageError: UncertainSave {
    public var mayBeSaved: Bool { mayBeWritten }
}
