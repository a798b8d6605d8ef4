import Foundation

/// One record of a CSV file and the physical line it starts on (1-based),
/// so that a message can point at the line a person sees in an editor.
public struct CSVRecord: Equatable, Sendable {
    public let line: Int
    public let fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }

    /// A line with nothing on it but commas and spaces.
    public var isBlank: Bool {
        fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}

/// Text that is not CSV, with the line where the trouble is.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// Reads RFC 4180 CSV (with commas, or another delimiter): quoted fields may hold commas, doubled quotes and
/// line breaks; records end in CRLF, LF or a lone CR; a UTF-8 byte order
/// mark at the start is skipped. Lenient where spreadsheets are (a quote
/// inside an unquoted field is kept as text), strict where guessing would
/// lose data (an unclosed quote, text after a closing quote, bytes that are
/// not UTF-8).
public enum CSVReader {
    public static func records(in text: String, delimiter: CSVDelimiter = .comma) throws(CSVError) -> [CSVRecord] {
        try records(in: Array(text.utf8), delimiter: delimiter)
    }

    public static func records(in data: Data, delimiter: CSVDelimiter = .comma) throws(CSVError) -> [CSVRecord] {
        try records(in: [UInt8](data), delimiter: delimiter)
    }

    public static func records(in bytes: [UInt8], delimiter: CSVDelimiter = .comma) throws(CSVError) -> [CSVRecord] {
        var scanner = Scanner(bytes: bytes, comma: delimiter.byte)
        var records: [CSVRecord] = []
        while !scanner.atEnd {
            records.append(try scanner.record())
        }
        return records
    }

    private static let quote = UInt8(ascii: "\"")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    private struct Scanner {
        let bytes: [UInt8]
        /// The delimiter: a comma, unless the file uses another.
        let comma: UInt8
        var index: Int
        /// The physical line `index` is on.
        var line = 1

        init(bytes: [UInt8], comma: UInt8) {
            self.bytes = bytes
            self.comma = comma
            index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        var atEnd: Bool { index >= bytes.count }

        private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        /// Reads fields up to and including the record's line end.
        mutating func record() throws(CSVError) -> CSVRecord {
            let start = line
            var fields: [String] = []
            while true {
                let raw: ArraySlice<UInt8>
                if byte(at: index) == quote { raw = ArraySlice(try quotedField()) } else { raw = unquotedField() }
                guard let field = String(validating: raw, as: UTF8.self) else {
                    throw CSVError(line: start, reason: "the text is not UTF-8 (save the file as \"CSV UTF-8\")")
                }
                fields.append(field)
                if byte(at: index) == comma {
                    index += 1
                    continue
                }
                skipLineEnd()
                return CSVRecord(line: start, fields: fields)
            }
        }

        private mutating func unquotedField() -> ArraySlice<UInt8> {
            let start = index
            while let next = byte(at: index), next != comma, next != cr, next != lf { index += 1 }
            return bytes[start..<index]
        }

        private mutating func quotedField() throws(CSVError) -> [UInt8] {
            let opened = line
            index += 1
            var field: [UInt8] = []
            while true {
                guard let next = byte(at: index) else {
                    throw CSVError(line: opened, reason: "a quoted field is not closed")
                }
                if next == quote {
                    if byte(at: index + 1) == quote {
                        field.append(quote)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                // CRLF counts once, at its LF.
                if next == lf || (next == cr && byte(at: index + 1) != lf) { line += 1 }
                field.append(next)
                index += 1
            }
            if let after = byte(at: index), after != comma, after != cr, after != lf {
                throw CSVError(line: line, reason: "text after the closing quote of a field (a quote inside a quoted field is written twice: \"\")")
            }
            return field
        }

        private mutating func skipLineEnd() {
            guard let next = byte(at: index) else { return }
            index += next == cr && byte(at: index + 1) == lf ? 2 : 1
            line += 1
        }
    }
}
