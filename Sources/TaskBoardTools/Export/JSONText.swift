import TaskBoard

/// JSON text written by hand: the export builds its rows directly, because
/// JSONEncoder on hundreds of thousands of small objects costs seconds and
/// cannot keep the keys in a fixed order.
enum JSONText {
    /// A JSON string literal (RFC 8259): quotes, backslashes and control
    /// characters escaped, everything else left as UTF-8.
    static func string(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return "\"" + value + "\""
        }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func day(_ day: Day?) -> String {
        day.map { "\"\($0)\"" } ?? "null"
    }
}
