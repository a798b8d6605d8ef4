/// What a name of a group, child or task may be: trimmed, not empty, and at
/// most `maxWidth` terminal columns so it fits a list row. Any script is fine.
public enum NameRules {
    public static let maxWidth = 30

    /// The trimmed name, or the reason it is refused.
    public static func validate(_ raw: String, kind: NameKind) throws(TaskBoardError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { throw .emptyName(kind) }
        if hasControlCharacters(name) { throw .nameHasControlCharacters(kind) }
        if DisplayWidth.of(name) > maxWidth { throw .nameTooLong(kind, maxWidth: maxWidth) }
        return name
    }

    /// Whether the text holds a control character (ESC, a line break, DEL…),
    /// which a terminal would obey instead of showing, or a bidirectional
    /// control (U+202E…), which would reverse the rest of the line it is on.
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.utf8.contains(where: mayBeginRefused) && text.unicodeScalars.contains(where: isRefused)
    }

    /// Whether the text holds a C0 or C1 control character, which a terminal
    /// would obey: what a stored roster is refused for on load. Bidirectional
    /// controls, accepted by older versions, are refused on input and named
    /// by `check`, so a roster that holds one still opens.
    public static func hasTerminalControls(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } && text.unicodeScalars.contains(where: isControl)
    }

    /// A first pass over bytes, so that most names are never decoded: the
    /// UTF-8 of every refused character begins with one of these (0xC2:
    /// U+0080–U+00BF, 0xD8: U+061C, 0xE2: U+2000–U+2FFF).
    private static func mayBeginRefused(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, 0x7F, 0xC2, 0xD8, 0xE2: return true
        default: return false
        }
    }

    /// The one rule for a character a name may not hold and output writes
    /// out: a control character or a bidirectional control.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar)
    }

    /// Unicode's control characters (general category Cc) are exactly
    /// U+0000–U+001F and U+007F–U+009F; checked by value, as the loader
    /// does for every name at start-up, without Unicode's property tables.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Unicode's bidirectional controls (property Bidi_Control): the marks
    /// U+061C, U+200E and U+200F, the embeddings and overrides U+202A–U+202E
    /// and the isolates U+2066–U+2069. Invisible, yet they reorder what
    /// follows, so a name could show other than it reads; checked by value,
    /// like `isControl`. (Arabic and Hebrew names read right to left without them.)
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The text with each control character and bidirectional control
    /// written out (`\u{1B}`, `\u{202E}`), so that whatever reaches a
    /// terminal or a file is shown, never obeyed.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard hasControlCharacters(text) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isRefused(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Names compare without regard to case, so "aino" and "Aino" are the
    /// same child (and "Ä" and "ä"); Swift's own comparison also treats a
    /// composed "ä" and "a" with a combining mark alike. Every name check
    /// and look-up uses this one rule. Fast: an import compares each new
    /// name with every name in its group.
    public static func same(_ a: String, _ b: String) -> Bool {
        // Most pairs differ early in plain letters: compare those without
        // building lowercased copies. Different ASCII letters stay different
        // whatever follows them; a non-ASCII letter needs the full rule.
        var x = a.unicodeScalars.makeIterator(), y = b.unicodeScalars.makeIterator()
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil):
                return true
            case let (p?, q?) where p.isASCII && q.isASCII:
                if asciiLowercase(p) != asciiLowercase(q) { return false }
            case let (p?, nil) where p.isASCII, let (nil, p?) where p.isASCII:
                return false
            default:
                return key(a) == key(b)
            }
        }
    }

    /// Equal for names that are `same`: for grouping names in a dictionary.
    public static func key(_ name: String) -> String { name.lowercased() }

    private static func asciiLowercase(_ scalar: Unicode.Scalar) -> UInt32 {
        ("A"..."Z").contains(scalar) ? scalar.value + 32 : scalar.value
    }
}

public enum NameKind: String, Sendable, Equatable {
    case group, child, task

    /// "children", not "childs".
    public var plural: String { self == .child ? "children" : rawValue + "s" }
}
