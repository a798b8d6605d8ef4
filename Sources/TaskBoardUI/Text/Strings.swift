import Foundation
import TaskBoard

/// The kiosk's texts in one language: a table of dotted keys
/// (`"status.markDone"`) to texts with `{name}` placeholders, decoded from
/// `assets/strings/<language>.json`. The caller reads the file; this type
/// never touches the file system.
///
///     strings["tab.child.tasks"]                                   // "Tasks"
///     strings["status.markDone", arguments: ["child": "Aino", "task": "Get dressed", "points": "1"]]
///     strings.plural("count.children", count: 14)                  // "14 children"
///
/// A key that is not in the table shows as the key itself, so a missing text
/// is visible on screen and in a snapshot, never a crash.
public struct Strings: Sendable, Equatable {
    /// The file format this version reads.
    public static let schema = 1

    public let language: Language
    /// Key to text, placeholders not filled in.
    public let table: [String: String]

    public init(language: Language, table: [String: String]) {
        self.language = language
        self.table = table
    }

    /// Decodes `{"schema": 1, "language": "en", "strings": {"key": "text", ...}}`.
    public init(data: Data) throws(StringsError) {
        let file: StringsFile
        do {
            file = try StringsFile(json: JSONValue.parse(data))
        } catch {
            throw .notAStringsFile(String(describing: error))
        }
        guard file.schema == Self.schema else { throw .unsupportedSchema(file.schema) }
        guard let language = Language(rawValue: file.language) else { throw .unknownLanguage(file.language) }
        self.init(language: language, table: file.strings)
    }

    /// The text for the key with the placeholders filled in from `arguments`;
    /// the key itself when the table has no such key. A placeholder without
    /// an argument stays as it is (`{name}`), and a value is inserted as it
    /// is: a child called "{task}" is not expanded again.
    public subscript(_ key: String, arguments arguments: [String: String] = [:]) -> String {
        guard let template = table[key] else { return key }
        return Self.format(template, arguments)
    }

    /// The raw text, or nil when the table has no such key.
    public func text(for key: String) -> String? { table[key] }

    /// A count with its noun: `key.one` for 1, `key.other` for any other
    /// number, with `{count}` and the other arguments filled in. When
    /// `key.one` is missing `key.other` is used; when both are, the key.
    public func plural(_ key: String, count: Int, arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = String(count)
        let form = count == 1 && table[key + ".one"] != nil ? "one" : "other"
        return self[key + "." + form, arguments: arguments]
    }

    /// These texts, with the other table's texts for the keys these lack
    /// (e.g. Finnish falling back to English rather than to bare keys).
    public func fallingBack(to other: Strings) -> Strings {
        Strings(language: language, table: table.merging(other.table) { mine, _ in mine })
    }

    /// Fills `{name}` placeholders from `arguments`. A name is ASCII letters,
    /// digits and `_`; a brace that does not start one is kept as text.
    public static func format(_ template: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        let scalars = template.unicodeScalars
        var result = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if let (name, end) = placeholder(in: scalars, at: index), let value = arguments[name] {
                result.append(contentsOf: value.unicodeScalars)
                index = end
            } else {
                result.append(scalars[index])
                index = scalars.index(after: index)
            }
        }
        return String(result)
    }

    /// The placeholder names in a text, each once.
    public static func placeholders(in template: String) -> Set<String> {
        let scalars = template.unicodeScalars
        var names: Set<String> = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if let (name, end) = placeholder(in: scalars, at: index) {
                names.insert(name)
                index = end
            } else {
                index = scalars.index(after: index)
            }
        }
        return names
    }

    /// The placeholder that starts at `start`, and the index after its `}`.
    private static func placeholder(
        in scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index
    ) -> (name: String, end: String.UnicodeScalarView.Index)? {
        guard scalars[start] == "{" else { return nil }
        var name = String.UnicodeScalarView()
        var index = scalars.index(after: start)
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "}" {
                return name.isEmpty ? nil : (String(name), scalars.index(after: index))
            }
            guard isNameScalar(scalar) else { return nil }
            name.append(scalar)
            index = scalars.index(after: index)
        }
        return nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}

/// Why a strings file could not be read. For the log, not for the screen.
public enum StringsError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAStringsFile(String)
    case unsupportedSchema(Int)
    case unknownLanguage(String)

    public var description: String {
        switch self {
        case .notAStringsFile(let detail): "Not a strings file: \(detail)"
        case .unsupportedSchema(let schema): "Strings file schema \(schema) is not supported (expected \(Strings.schema))."
        case .unknownLanguage(let code): "Strings file for an unknown language: \(code)."
        }
    }
}

private struct StringsFile: JSONDecodable {
    let schema: Int
    let language: String
    let strings: [String: String]

    init(json: JSONValue) throws {
        let object = try json.object()
        schema = try object.int("schema")
        language = try object.string("language")
        strings = try object.required("strings") { try $0.object().mapValues { try $0.string() } }
    }
}
