/// How the bytes of a CSV file became text. A spreadsheet saves its "CSV
/// UTF-8" as UTF-8 with a byte order mark, its plain "CSV" in the system's
/// code page (Windows-1252 for Finnish and English: ä is the one byte 0xE4),
/// and its "Unicode text" as UTF-16 with a byte order mark.
public enum CSVEncoding: Equatable, Sendable {
    case utf8, utf16, windows1252

    /// The text as UTF-8 bytes, and what it was read as: UTF-16 where it
    /// starts with UTF-16's byte order mark; UTF-8 where it is valid UTF-8
    /// (returned as it is, a byte order mark and all); else Windows-1252,
    /// unless it has a byte that Windows-1252 leaves undefined. A file that
    /// starts with UTF-8's byte order mark is held to it.
    public static func decode(_ bytes: [UInt8]) throws(CSVError) -> (text: [UInt8], encoding: CSVEncoding) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return (try utf16(bytes.dropFirst(2), bigEndian: bytes[0] == 0xFE), .utf16)
        }
        if String(validating: bytes, as: UTF8.self) != nil { return (bytes, .utf8) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw CSVError(line: firstInvalidUTF8Line(bytes), reason: "the text is not UTF-8, though the file starts as UTF-8 does (save the file as \"CSV UTF-8\")")
        }
        return (try windows1252(bytes), .windows1252)
    }

    // MARK: Windows-1252

    /// 0x80–0x9F in Windows-1252; nil where it defines nothing. The other
    /// bytes are the Unicode code points of the same number (Latin-1).
    private static let windows1252High: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    private static func windows1252(_ bytes: [UInt8]) throws(CSVError) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + bytes.count / 8)
        var lines = LineCounter()
        for byte in bytes {
            lines.count(UInt32(byte))
            guard byte >= 0x80 else {
                text.append(byte)
                continue
            }
            let scalar = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte - 0x80)] : Unicode.Scalar(byte)
            guard let scalar else {
                let hex = String(byte, radix: 16, uppercase: true)
                throw CSVError(line: lines.line, reason: "the text is neither UTF-8 nor Windows-1252: the byte 0x\(hex) means nothing in "
                    + "Windows-1252 (save the file as \"CSV UTF-8\")")
            }
            UTF8.encode(scalar) { text.append($0) }
        }
        return text
    }

    // MARK: UTF-16 and UTF-8

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(CSVError) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var text: [UInt8] = []
        text.reserveCapacity(units.count)
        var lines = LineCounter()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                lines.count(scalar.value)
                UTF8.encode(scalar) { text.append($0) }
            case .emptyInput:
                guard index == bytes.endIndex else {
                    throw CSVError(line: lines.line, reason: "the file ends in half a UTF-16 character")
                }
                return text
            case .error:
                throw CSVError(line: lines.line, reason: "the text is not valid UTF-16 (save the file as \"CSV UTF-8\")")
            }
        }
    }

    /// The line of the first byte that is not UTF-8.
    private static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var lines = LineCounter()
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { lines.count(scalar.value) }
        return lines.line
    }

    /// The physical line a reader is on, as CSVReader counts them: LF,
    /// CRLF or a lone CR each end one.
    private struct LineCounter {
        private(set) var line = 1
        private var afterCR = false

        mutating func count(_ value: UInt32) {
            if value == 0x0A {
                if !afterCR { line += 1 }
            } else if value == 0x0D {
                line += 1
            }
            afterCR = value == 0x0D
        }
    }
}
