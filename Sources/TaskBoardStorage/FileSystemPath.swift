import Foundation

extension URL {
    /// The path of a URL made with `URL(fileURLWithPath:)`, as `path` gives
    /// it, decoded here rather than by Foundation: its decoding (and
    /// `appendingPathComponent`) builds a `Set<UInt8>`, and the first one a
    /// process makes scans all 8,000 of the binary's protocol conformance
    /// records, a tenth of a millisecond of the kiosk's start (issue 13).
    public var fileSystemPath: String {
        let encoded = absoluteURL.path(percentEncoded: true)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            // Foundation writes every escape as % and two hex digits.
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else {
                return path
            }
            bytes.append(high << 4 | low)
        }
        // `path` leaves a folder's trailing slashes off, all of them, but not the root's.
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path of `name` in this folder, joined as text (see `fileSystemPath`).
    public func fileSystemPath(of name: String) -> String {
        let folder = fileSystemPath
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
