/// What separates the fields of a CSV file. A spreadsheet saves commas in
/// English, semicolons in Finnish (where the comma is the decimal point), and
/// tabs when text is copied out of it: the file's first line tells which.
public enum CSVDelimiter: Equatable, Sendable, CaseIterable {
    case comma, semicolon, tab

    public var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: UInt8(ascii: "\t")
        }
    }

    /// As written between two fields in a message ("group;child").
    public var shown: String {
        switch self {
        case .comma: ","
        case .semicolon: ";"
        case .tab: "<Tab>"
        }
    }

    /// "semicolons", for "fields separated by semicolons".
    public var plural: String {
        switch self {
        case .comma: "commas"
        case .semicolon: "semicolons"
        case .tab: "tabs"
        }
    }

    /// The one found most often, outside quotes, on the first line that has
    /// any of them; commas where there is a tie or none at all.
    public static func detect(in bytes: [UInt8]) -> CSVDelimiter {
        var counts: [CSVDelimiter: Int] = [:]
        var quoted = false
        for byte in bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...] {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !counts.isEmpty { break }
                continue
            }
            if let delimiter = allCases.first(where: { $0.byte == byte }) { counts[delimiter, default: 0] += 1 }
        }
        var best = CSVDelimiter.comma
        for other in [CSVDelimiter.semicolon, .tab] where counts[other, default: 0] > counts[best, default: 0] { best = other }
        return best
    }
}
