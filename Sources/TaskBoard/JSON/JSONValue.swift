import Foundation

/// A parsed JSON document (RFC 8259, strict, UTF-8 checked).
///
/// The data directory's files and the assets are read with this rather than
/// Foundation's JSONDecoder: Codable's generic machinery costs a fresh process
/// milliseconds of type-metadata and protocol-conformance lookups before the
/// first byte is decoded (measured: 7 of the kiosk's 16 ms from `main` to
/// its first frame went to decoding 70 KB), and a start-up pays all of it.
/// Writing still uses JSONEncoder. Types read themselves with
/// `init(json:)` (`JSONDecodable`), through `JSONObject`'s field readers,
/// which name the field that is wrong ("roster.children[2].name").
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in an Int.
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONMembers)

    /// Parses a whole document; anything but white space after it is an error.
    public static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(JSONError) -> JSONValue in try parser.document() }
        }
        return try result.get()
    }
}

/// A type that reads itself from a parsed JSON value.
public protocol JSONDecodable {
    init(json: JSONValue) throws
}

/// Why a JSON document could not be read, and where.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// The document stops where more JSON must follow.
        case endsEarly
        /// The byte at this offset cannot be there (or starts bad UTF-8).
        case unexpected(offset: Int)
        /// A required field is not there.
        case missing
        /// A required value is null.
        case null
        /// The value is of another kind ("text", "a number", "a list", "an object", "true or false").
        case wrongType(expected: String)
        /// The value is of the right kind but not allowed.
        case invalid(String)
    }

    public enum PathComponent: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    public var problem: Problem
    /// From the document's top down to the value at fault.
    public var path: [PathComponent]

    public init(_ problem: Problem, path: [PathComponent] = []) {
        self.problem = problem
        self.path = path
    }

    /// "roster.children[2].name"
    public var field: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// In words, for messages that have no file's lines to point into (the
    /// data files' messages are made by the storage, with line and column).
    public var description: String {
        let at = field.isEmpty ? "" : "\(field): "
        switch problem {
        case .endsEarly: return "the JSON stops before its end (cut short?)"
        case .unexpected(let offset): return "not valid JSON at byte \(offset + 1)"
        case .missing: return "\(field) is missing"
        case .null: return "\(field) is empty (null)"
        case .wrongType(let expected): return "\(at)expected \(expected)"
        case .invalid(let reason): return "\(at)\(reason)"
        }
    }

    /// Runs `body`, naming `component` in the path of a JSONError it throws.
    @usableFromInline
    static func within<T>(_ component: PathComponent, _ body: () throws -> T) rethrows -> T {
        do {
            return try body()
        } catch var error as JSONError {
            error.path.insert(component, at: 0)
            throw error
        }
    }
}

// MARK: - Reading values

extension JSONValue {
    public func object() throws -> JSONObject {
        guard case .object(let members) = self else { throw mismatch("an object") }
        return JSONObject(fields: members)
    }

    /// Each element read by `read`; an error names the element's index.
    public func array<T>(_ read: (JSONValue) throws -> T) throws -> [T] {
        guard case .array(let elements) = self else { throw mismatch("a list") }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try JSONError.within(.index(index)) { try read(element) })
        }
        return result
    }

    public func string() throws -> String {
        guard case .string(let text) = self else { throw mismatch("text") }
        return text
    }

    public func int() throws -> Int {
        switch self {
        case .integer(let value): return value
        case .number(let value):
            // 5.0 or 1e2 is a whole number, as JSONDecoder took it.
            guard value.magnitude < 9_007_199_254_740_992, let whole = Int(exactly: value) else {
                throw JSONError(.invalid("the number \(value) is not a whole number that fits"))
            }
            return whole
        default: throw mismatch("a number")
        }
    }

    public func double() throws -> Double {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: throw mismatch("a number")
        }
    }

    public func bool() throws -> Bool {
        guard case .bool(let value) = self else { throw mismatch("true or false") }
        return value
    }

    /// Seconds since 1970, as JSONEncoder's `.secondsSince1970` writes a Date.
    public func date() throws -> Date {
        switch self {
        case .integer, .number: return Date(timeIntervalSince1970: try double())
        default: throw mismatch("a number of seconds")
        }
    }

    /// Base64 text, as JSONEncoder's `.base64` writes Data.
    public func base64() throws -> Data {
        guard case .string(let text) = self else { throw mismatch("base64 text") }
        guard let data = Data(base64Encoded: text) else { throw JSONError(.invalid("not base64 text")) }
        return data
    }

    /// An object whose keys are whole numbers (ids, made into `Key`s by `key`), each value read by `read`.
    public func intKeyed<Key: Hashable, T>(_ key: (Int) -> Key, _ read: (JSONValue) throws -> T) throws -> [Key: T] {
        let object = try object()
        var result: [Key: T] = [:]
        result.reserveCapacity(object.fields.pairs.count)
        for (name, value) in object.fields.pairs {
            guard let number = Int(name) else {
                throw JSONError(.invalid("\"\(name)\" is not a number"), path: [.key(name)])
            }
            guard result[key(number)] == nil else { continue }
            result[key(number)] = try JSONError.within(.key(name)) { try read(value) }
        }
        return result
    }

    private func mismatch(_ expected: String) -> JSONError {
        self == .null ? JSONError(.null) : JSONError(.wrongType(expected: expected))
    }
}

/// A JSON object's fields, read by name.
public struct JSONObject: Sendable {
    @usableFromInline let fields: JSONMembers

    /// Every field by name (the first of two same names).
    public var members: [String: JSONValue] { fields.dictionary }

    /// Every field read by `read`, by name; an error names the field.
    /// Inlinable so that a caller's `T` is specialized: generic, a table of
    /// 450 texts took the kiosk's start-up a fifth of a millisecond (issue 13).
    @inlinable
    public func mapValues<T>(_ read: (JSONValue) throws -> T) throws -> [String: T] {
        var result: [String: T] = [:]
        result.reserveCapacity(fields.pairs.count)
        for (key, value) in fields.pairs where result[key] == nil {
            result[key] = try JSONError.within(.key(key)) { try read(value) }
        }
        return result
    }

    /// The field read by `read`; missing or null is an error naming the field.
    public func required<T>(_ key: String, _ read: (JSONValue) throws -> T) throws -> T {
        guard let value = fields[key] else { throw JSONError(.missing, path: [.key(key)]) }
        return try JSONError.within(.key(key)) { try read(value) }
    }

    /// The field read by `read`, or nil when it is missing or null.
    public func optional<T>(_ key: String, _ read: (JSONValue) throws -> T) throws -> T? {
        guard let value = fields[key], value != .null else { return nil }
        return try JSONError.within(.key(key)) { try read(value) }
    }

    public func string(_ key: String) throws -> String { try required(key) { try $0.string() } }
    public func int(_ key: String) throws -> Int { try required(key) { try $0.int() } }
    public func decode<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try required(key) { try T(json: $0) }
    }
}

// MARK: - Parsing

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() throws(JSONError) -> JSONValue {
        // A byte order mark, as some editors save UTF-8, is passed over (offsets still count it).
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        let value = try self.value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw JSONError(.unexpected(offset: i)) }
        return value
    }

    /// Deeper than any file of ours; deeper is damage (and would exhaust the stack).
    private static let maxDepth = 64

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw JSONError(.endsEarly) }
        guard depth < Self.maxDepth else { throw JSONError(.unexpected(offset: i)) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw JSONError(.unexpected(offset: i))
        }
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        i += 1
        // Fields in order, not hashed: most objects have a handful, read once each.
        var members: [(key: String, value: JSONValue)] = []
        // One allocation for the usual handful of fields, not one per doubling.
        members.reserveCapacity(8)
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(JSONMembers(members))
        }
        while true {
            skipSpace()
            guard i < bytes.count else { throw JSONError(.endsEarly) }
            guard bytes[i] == UInt8(ascii: "\"") else { throw JSONError(.unexpected(offset: i)) }
            let key = try string()
            skipSpace()
            guard i < bytes.count else { throw JSONError(.endsEarly) }
            guard bytes[i] == UInt8(ascii: ":") else { throw JSONError(.unexpected(offset: i)) }
            i += 1
            let member = try value(depth: depth + 1)
            members.append((key, member))
            skipSpace()
            guard i < bytes.count else { throw JSONError(.endsEarly) }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return .object(JSONMembers(members))
            default: throw JSONError(.unexpected(offset: i))
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        i += 1
        var elements: [JSONValue] = []
        elements.reserveCapacity(8)
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw JSONError(.endsEarly) }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return .array(elements)
            default: throw JSONError(.unexpected(offset: i))
            }
        }
    }

    private mutating func word(_ text: StaticString) throws(JSONError) {
        let start = i
        for expected in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            guard i < bytes.count else { throw JSONError(.endsEarly) }
            guard bytes[i] == expected else { throw JSONError(.unexpected(offset: start)) }
            i += 1
        }
    }

    /// A string from its opening quote; plain runs are copied whole.
    private mutating func string() throws(JSONError) -> String {
        i += 1
        var start = i
        var pieces: [UInt8] = []
        var escaped = false
        var ascii = true
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[start..<i])
                let text: String?
                if escaped {
                    pieces.append(contentsOf: run)
                    text = String(validating: pieces, as: UTF8.self)
                } else if ascii {
                    // ASCII is valid UTF-8 as it is; String(validating:) costs a
                    // generic metadata lookup per call, and most strings are ASCII.
                    text = String(decoding: run, as: UTF8.self)
                } else {
                    text = String(validating: run, as: UTF8.self)
                }
                guard let text else { throw JSONError(.unexpected(offset: start)) }
                i += 1
                return text
            }
            if byte < 0x20 { throw JSONError(.unexpected(offset: i)) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                pieces.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                i += 1
                guard i < bytes.count else { throw JSONError(.endsEarly) }
                switch bytes[i] {
                case UInt8(ascii: "\""): pieces.append(0x22)
                case UInt8(ascii: "\\"): pieces.append(0x5C)
                case UInt8(ascii: "/"): pieces.append(0x2F)
                case UInt8(ascii: "b"): pieces.append(0x08)
                case UInt8(ascii: "f"): pieces.append(0x0C)
                case UInt8(ascii: "n"): pieces.append(0x0A)
                case UInt8(ascii: "r"): pieces.append(0x0D)
                case UInt8(ascii: "t"): pieces.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard i + 2 < bytes.count else { throw JSONError(.endsEarly) }
                        guard bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") else {
                            throw JSONError(.unexpected(offset: i + 1))
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw JSONError(.unexpected(offset: i - 3)) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw JSONError(.unexpected(offset: i - 3)) }
                    pieces.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw JSONError(.unexpected(offset: i))
                }
                i += 1
                start = i
                continue
            }
            i += 1
        }
        throw JSONError(.endsEarly)
    }

    /// The four hex digits after `\u`; leaves `i` on the last of them.
    private mutating func hex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            i += 1
            guard i < bytes.count else { throw JSONError(.endsEarly) }
            let byte = bytes[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError(.unexpected(offset: i))
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func isDigit(_ index: Int) -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }

    private mutating func digits() throws(JSONError) {
        guard i < bytes.count else { throw JSONError(.endsEarly) }
        guard isDigit(i) else { throw JSONError(.unexpected(offset: i)) }
        while isDigit(i) { i += 1 }
    }

    private mutating func number() throws(JSONError) -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw JSONError(.endsEarly) }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            try digits()
        }
        var whole = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            whole = false
            i += 1
            try digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            whole = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            try digits()
        }
        // Ids and counts (most numbers in our files) are read off the bytes;
        // 18 digits cannot overflow an Int.
        if whole, i - start <= 18 {
            var value = 0
            let negative = bytes[start] == UInt8(ascii: "-")
            for index in (negative ? start + 1 : start)..<i { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if whole, let value = Int(text) { return .integer(value) }
        guard let value = Double(text), value.isFinite else { throw JSONError(.invalid("the number \(text) is too large")) }
        return .number(value)
    }
}
