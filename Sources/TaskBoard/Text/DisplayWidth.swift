/// Terminal column width of text, measured per grapheme cluster, without the
/// C library's `wcwidth` (which depends on the process locale and so differs
/// between tests and the kiosk). Emoji and East Asian wide characters take two
/// columns; combining marks and zero-width characters take none.
public enum DisplayWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        if let narrow = narrowLatinWidth(text) { return narrow }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Text of printable Latin letters only (ASCII, Latin-1, Latin
    /// Extended, IPA: most names, "Äijälä" among them) is one column per
    /// code point, each its own grapheme cluster: counted without breaking
    /// the text into clusters, which a leaderboard does for every name on
    /// every key. Nil for anything else (a combining mark starts at U+0300).
    public static func narrowLatinWidth(_ text: some StringProtocol) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isNarrowLatin(scalar) else { return nil }
            count += 1
        }
        return count
    }

    /// A printable Latin code point: one column, and a grapheme cluster of
    /// its own when only such code points surround it.
    private static func isNarrowLatin(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // U+00AD, the soft hyphen, is a format character: no column.
        return (0x20..<0x7F).contains(value) || ((0xA0..<0x300).contains(value) && value != 0xAD)
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII {
            return first.value < 0x20 || first.value == 0x7F ? 0 : 1
        }
        // An emoji presentation selector or a ZWJ sequence makes the whole
        // cluster one wide emoji.
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) && scalars.contains(where: { $0.properties.isEmoji }) {
            return 2
        }
        if first.properties.isEmojiPresentation || isRegionalIndicator(first) { return 2 }
        if isEastAsianWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .format:
            return 0
        default:
            return 1
        }
    }

    /// Cuts `text` to at most `width` columns, ending with "…" when something
    /// was cut, and never splits a grapheme cluster.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }
}
