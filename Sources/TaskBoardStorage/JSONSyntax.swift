import Foundation

/// A strict JSON syntax check (RFC 8259, without UTF-8 validation), used only
/// to explain a failed decode.
enum JSONSyntax {
    enum Result: Equatable {
        case valid
        /// The input stops where more JSON must follow.
        case endsEarly
        /// The byte at this offset cannot appear there.
        case unexpected(offset: Int)
    }

    private enum State { case value(firstInArray: Bool), key(first: Bool), colon, after }
    private enum Container { case object, array }

    static func check(_ data: Data) -> Result {
        let bytes = [UInt8](data)
        var i = 0
        var stack: [Container] = []
        var state = State.value(firstInArray: false)

        func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        while true {
            skipSpace()
            switch state {
            case .value(let firstInArray):
                guard i < bytes.count else { return .endsEarly }
                switch bytes[i] {
                case UInt8(ascii: "{"):
                    stack.append(.object); i += 1; state = .key(first: true)
                case UInt8(ascii: "["):
                    stack.append(.array); i += 1; state = .value(firstInArray: true)
                case UInt8(ascii: "]") where firstInArray:
                    stack.removeLast(); i += 1; state = .after
                case UInt8(ascii: "\""):
                    if let failure = scanString(bytes, &i) { return failure }
                    state = .after
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let word: [UInt8] = bytes[i] == UInt8(ascii: "t") ? Array("true".utf8)
                        : bytes[i] == UInt8(ascii: "f") ? Array("false".utf8) : Array("null".utf8)
                    let start = i
                    for expected in word {
                        guard i < bytes.count else { return .endsEarly }
                        guard bytes[i] == expected else { return .unexpected(offset: start) }
                        i += 1
                    }
                    state = .after
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let failure = scanNumber(bytes, &i) { return failure }
                    state = .after
                default:
                    return .unexpected(offset: i)
                }
            case .key(let first):
                guard i < bytes.count else { return .endsEarly }
                if first, bytes[i] == UInt8(ascii: "}") {
                    stack.removeLast(); i += 1; state = .after
                } else if bytes[i] == UInt8(ascii: "\"") {
                    if let failure = scanString(bytes, &i) { return failure }
                    state = .colon
                } else {
                    return .unexpected(offset: i)
                }
            case .colon:
                guard i < bytes.count else { return .endsEarly }
                guard bytes[i] == UInt8(ascii: ":") else { return .unexpected(offset: i) }
                i += 1; state = .value(firstInArray: false)
            case .after:
                guard let top = stack.last else {
                    return i == bytes.count ? .valid : .unexpected(offset: i)
                }
                guard i < bytes.count else { return .endsEarly }
                switch (top, bytes[i]) {
                case (.object, UInt8(ascii: ",")): i += 1; state = .key(first: false)
                case (.object, UInt8(ascii: "}")): stack.removeLast(); i += 1; state = .after
                case (.array, UInt8(ascii: ",")): i += 1; state = .value(firstInArray: false)
                case (.array, UInt8(ascii: "]")): stack.removeLast(); i += 1; state = .after
                default: return .unexpected(offset: i)
                }
            }
        }
    }

    /// Scans a string starting at its opening quote.
    private static func scanString(_ bytes: [UInt8], _ i: inout Int) -> Result? {
        i += 1
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return nil
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { return .endsEarly }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 1
                case UInt8(ascii: "u"):
                    i += 1
                    for _ in 0..<4 {
                        guard i < bytes.count else { return .endsEarly }
                        guard isHex(bytes[i]) else { return .unexpected(offset: i) }
                        i += 1
                    }
                default:
                    return .unexpected(offset: i)
                }
            case 0..<0x20:
                return .unexpected(offset: i)
            default:
                i += 1
            }
        }
        return .endsEarly
    }

    private static func scanNumber(_ bytes: [UInt8], _ i: inout Int) -> Result? {
        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        func digits() -> Result? {
            guard i < bytes.count else { return .endsEarly }
            guard isDigit(i) else { return .unexpected(offset: i) }
            while isDigit(i) { i += 1 }
            return nil
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return .endsEarly }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if let failure = digits() {
            return failure
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if let failure = digits() { return failure }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if let failure = digits() { return failure }
        }
        return nil
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
