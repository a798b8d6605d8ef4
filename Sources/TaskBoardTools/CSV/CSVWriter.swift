import Foundation
import TaskBoard

/// Writes CSV as RFC 4180 has it: fields separated by commas, records ended
/// by CRLF, and a field quoted (its quotes doubled) only when it holds a
/// comma, a quote, CR or LF. Text stays UTF-8, so ä, ö, å and emoji survive.
public enum CSVWriter {
    public static let lineEnd = "\r\n"
    /// A UTF-8 byte order mark: without it Excel reads a CSV file in the
    /// system's legacy code page and garbles ä, ö and å.
    public static let byteOrderMark = "\u{FEFF}"

    /// One field, quoted if it needs to be. Control characters are written
    /// out (`\u{1B}`): a spreadsheet or a terminal showing the file must never
    /// obey one. (A field can still hold CR or LF, quoted.)
    public static func field(_ raw: String) -> String {
        let value = raw.unicodeScalars.contains { $0 != "\r" && $0 != "\n" && $0.properties.generalCategory == .control }
            ? NameRules.escapingControlCharacters(raw) : raw
        let needsQuotes = value.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One record with its line end.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + lineEnd
    }
}
