/// What a name of a group, child or task may be: trimmed, not empty, and at
/// most `maxWidth` terminal columns so it fits a list row. Any script is fine.
public enum NameRules {
    public static let maxWidth = 30

    /// The trimmed name, or the reason it is refused.
    public static func validate(_ raw: String, kind: NameKind) throws(TaskBoardError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { throw .emptyName(kind) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .nameHasControlCharacters(kind)
        }
        if DisplayWidth.of(name) > maxWidth { throw .nameTooLong(kind, maxWidth: maxWidth) }
        return name
    }

    /// Names compare without regard to case, so "aino" and "Aino" are the same child.
    static func same(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.caseInsensitive]) == .orderedSame
    }
}

public enum NameKind: String, Sendable, Equatable {
    case group, child, task

    /// "children", not "childs".
    public var plural: String { self == .child ? "children" : rawValue + "s" }
}
