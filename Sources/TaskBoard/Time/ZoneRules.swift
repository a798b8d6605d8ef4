import Foundation

/// A time zone's offsets from UTC, read from the system's time zone database
/// (`/usr/share/zoneinfo`, TZif files as RFC 8536 describes them). The day of
/// a moment needs only the offset, and `TimeZone(identifier:)` costs the
/// kiosk's start-up about a fifth of its time to the first frame (ICU's zone
/// tables; issue 13). `TimeZone` still names and shows the zone.
public struct ZoneRules: Sendable, Equatable {
    /// Moments (seconds since 1970) when the offset changes, in order.
    let changes: [Int]
    /// The offset from each change on, in seconds east of UTC.
    let offsets: [Int]
    /// The offset before the first change.
    let initialOffset: Int
    /// The rule after the last change (the file's footer), if any.
    let rule: PosixZoneRule?

    /// The rules of the zone `identifier` ("Europe/Helsinki") from the
    /// system's database, or nil when the system has none for it (no tzdata
    /// installed, an unknown or odd name): then ask `TimeZone`.
    /// Read once per process, as `TimeZone` reads its tables once.
    public static func system(_ identifier: String, folder: String = "/usr/share/zoneinfo") -> ZoneRules? {
        let path = folder + "/" + identifier
        return cache.withLock { known in
            if let rules = known[path] { return rules }
            let rules = isPlainName(identifier) ? FileManager.default.contents(atPath: path).flatMap { ZoneRules(tzif: [UInt8]($0)) } : nil
            known[path] = rules
            return rules
        }
    }

    private static let cache = Locked<[String: ZoneRules?]>([:])

    /// The system's own zone: /etc/localtime, the file `TimeZone.current`
    /// names too. Nil when `TZ` is set, which Foundation and the C library
    /// read differently ("EST" is New York's time to one, a fixed -5 to the
    /// other): then `TimeZone.current` decides the days as it shows the times.
    public static let local: ZoneRules? = local(tz: getenv("TZ").map { String(cString: $0) })

    static func local(tz: String?, localtime: String = "/etc/localtime") -> ZoneRules? {
        guard tz == nil else { return nil }
        return FileManager.default.contents(atPath: localtime).flatMap { ZoneRules(tzif: [UInt8]($0)) }
    }

    /// Letters, digits, "_", "-", "+" and single "/" between parts: no way out of the folder.
    static func isPlainName(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.first != "." && part.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x2D || byte == 0x2B
            }
        }
    }

    /// Decodes a TZif file of version 2 or later (64-bit times and a footer);
    /// nil for anything else, and for a file that counts leap seconds
    /// ("right/" zones), whose times are not UTC's.
    public init?(tzif bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        // Version 1's block uses 32-bit times; skip it for the second one,
        // whose counts must fit in what is left before anything is reserved.
        guard let first = reader.header(), first.version >= 2, reader.skip(first.blockLength(timeSize: 4)),
              let header = reader.header(), header.leaps == 0, header.blockLength(timeSize: 8) < reader.remaining else { return nil }
        var changes: [Int] = []
        changes.reserveCapacity(header.changes)
        for _ in 0..<header.changes {
            guard let moment = reader.int64() else { return nil }
            changes.append(moment)
        }
        var types: [Int] = []
        types.reserveCapacity(header.changes)
        for _ in 0..<header.changes {
            guard let type = reader.byte(), Int(type) < header.types else { return nil }
            types.append(Int(type))
        }
        var typeOffsets: [Int] = []
        for _ in 0..<header.types {
            guard let offset = reader.int32(), reader.skip(2) else { return nil }
            typeOffsets.append(offset)
        }
        guard header.types > 0, zip(changes, changes.dropFirst()).allSatisfy({ $0 < $1 }),
              reader.skip(header.characters + header.standardFlags + header.utFlags),
              reader.byte() == 0x0A, let footer = reader.line() else { return nil }
        self.changes = changes
        offsets = types.map { typeOffsets[$0] }
        initialOffset = typeOffsets[0]
        if footer.isEmpty {
            rule = nil
        } else {
            guard let rule = PosixZoneRule(footer) else { return nil }
            self.rule = rule
        }
    }

    /// The offset from UTC in force at `second` (since 1970), in seconds east of UTC.
    public func offset(at second: Int) -> Int {
        if let last = changes.last, second >= last, let rule {
            return rule.offset(at: second)
        }
        if changes.isEmpty { return rule?.offset(at: second) ?? initialOffset }
        // The last change at or before `second`.
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] <= second { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }
}

/// Big-endian fields of a TZif file, one after another.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var remaining: Int { bytes.count - position }

    struct Header {
        var version: Int
        var utFlags, standardFlags, leaps, changes, types, characters: Int

        func blockLength(timeSize: Int) -> Int {
            changes * timeSize + changes + types * 6 + characters + leaps * (timeSize + 4) + standardFlags + utFlags
        }
    }

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else { return nil }
        let version = bytes[position + 4] == 0 ? 1 : Int(bytes[position + 4]) - 0x30
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = int32(), count >= 0 else { return nil }
            counts.append(count)
        }
        return Header(version: version, utFlags: counts[0], standardFlags: counts[1], leaps: counts[2],
                      changes: counts[3], types: counts[4], characters: counts[5])
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int32() -> Int? { bigEndian(4).map { Int(Int32(truncatingIfNeeded: $0)) } }

    mutating func int64() -> Int? { bigEndian(8).map { Int(Int64(bitPattern: $0)) } }

    private mutating func bigEndian(_ count: Int) -> UInt64? {
        guard position + count <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<position + count] { value = value << 8 | UInt64(byte) }
        position += count
        return value
    }

    /// The text up to the next newline, which must come.
    mutating func line() -> String? {
        guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
        defer { position = end + 1 }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }
}
