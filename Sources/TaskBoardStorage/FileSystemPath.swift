import Foundation

extension URL {
    /// The file's path, as `path` gives it, decoded here rather than by
    /// Foundation: its decoding builds a `Set<UInt8>`, and the first one a
    /// process makes scans all 8,000 of the binary's protocol conformance
    /// records (is UInt8 Hashable?), a tenth of a millisecond of the
    /// kiosk's start (issue 13). For the URLs of files and folders only.
    public var fileSystemPath: String {
        let encoded = absoluteURL.path(percentEncoded: true)
        guard encoded.utf8.contains(UInt8(ascii: "%")) else { return Self.withoutTrailingSlash(encoded) }
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
        return Self.withoutTrailingSlash(String(decoding: bytes, as: UTF8.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `path` leaves a folder's trailing "/" off, but not the root's.
    private static func withoutTrailingSlash(_ path: String) -> String {
        path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") ? String(path.dropLast()) : path
    }
}
