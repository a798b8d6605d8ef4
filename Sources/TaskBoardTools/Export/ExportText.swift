/// An export's text, built as UTF-8 bytes: a year of marks is half a
/// million rows, and appending bytes and digits is several times faster
/// than appending interpolated Strings.
public struct ExportText: Sendable {
    public private(set) var bytes: [UInt8] = []

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ text: [UInt8]) { bytes.append(contentsOf: text) }

    /// A whole number in decimal, without going through a String.
    mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var value = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}

/// Text made once per child, task or day and reused on every row.
struct TextCache<Key: Hashable> {
    private var texts: [Key: [UInt8]] = [:]
    private let make: (Key) -> String

    init(_ make: @escaping (Key) -> String) { self.make = make }

    mutating func text(_ key: Key) -> [UInt8] {
        if let text = texts[key] { return text }
        let text = Array(make(key).utf8)
        texts[key] = text
        return text
    }
}
