import TaskBoard

/// A fast path for reading journal lines: Foundation's JSONDecoder reads
/// about 12 MB/s here, which made today's journal alone cost several
/// milliseconds at start-up. This accepts only the flat objects the store
/// itself writes (the six keys of `MarkEvent`, integer and boolean values, in
/// any order, with optional spaces); for anything else it returns nil and the
/// caller decodes with JSONDecoder, which then also reports what is wrong.
enum MarkLineParser {
    static func parse(_ body: ArraySlice<UInt8>) -> [MarkEvent]? {
        var events: [MarkEvent] = []
        events.reserveCapacity(body.count / 56)
        var cursor = Cursor(bytes: body)
        while !cursor.atEnd {
            guard let event = cursor.event(), cursor.take(UInt8(ascii: "\n")) else { return nil }
            events.append(event)
        }
        return events
    }

    private struct Cursor {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var atEnd: Bool { index >= bytes.endIndex }

        mutating func skipSpaces() {
            while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// One `{...}` holding each of the six keys exactly once.
        mutating func event() -> MarkEvent? {
            skipSpaces()
            guard take(UInt8(ascii: "{")) else { return nil }
            var child: Int?, task: Int?, points: Int?, at: Int?
            var done: Bool?, complete: Bool?
            var first = true
            while true {
                skipSpaces()
                if take(UInt8(ascii: "}")) { break }
                if !first {
                    guard take(UInt8(ascii: ",")) else { return nil }
                    skipSpaces()
                }
                first = false
                guard let key = key() else { return nil }
                skipSpaces()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpaces()
                switch key {
                case Key.c: guard child == nil, let v = integer() else { return nil }; child = v
                case Key.t: guard task == nil, let v = integer() else { return nil }; task = v
                case Key.p: guard points == nil, let v = integer() else { return nil }; points = v
                case Key.at: guard at == nil, let v = integer() else { return nil }; at = v
                case Key.on: guard done == nil, let v = boolean() else { return nil }; done = v
                case Key.all: guard complete == nil, let v = boolean() else { return nil }; complete = v
                default: return nil
                }
            }
            skipSpaces()
            guard let child, let task, let points, let at, let done, let complete else { return nil }
            return MarkEvent(child: ChildID(child), task: TaskID(task), done: done, points: points,
                             boardComplete: complete, at: Int64(at))
        }

        /// The keys, each as its (at most three) lowercase letters packed into a number.
        enum Key {
            static let c = code("c"), t = code("t"), p = code("p"), at = code("at"), on = code("on"), all = code("all")

            static func code(_ text: StaticString) -> UInt32 {
                UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).reduce(0) { $0 << 8 | UInt32($1) }
            }
        }

        /// A short plain ASCII key, without escapes, as `Key` packs it: a
        /// String per key was most of the time of reading a day's journal.
        mutating func key() -> UInt32? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            var code: UInt32 = 0
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] >= 0x61, bytes[index] <= 0x7A, index - start < 3 else { return nil }
                code = code << 8 | UInt32(bytes[index])
                index += 1
            }
            return take(UInt8(ascii: "\"")) ? code : nil
        }

        /// An integer of at most 18 digits (no fraction or exponent).
        mutating func integer() -> Int? {
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var value = 0
            while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                // More digits than an Int holds: leave it to the decoder.
                guard index - start < 18 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            let digits = index - start
            guard digits > 0 else { return nil }
            // JSON forbids leading zeros; leave such input to the decoder.
            if digits > 1, bytes[start] == 0x30 { return nil }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                return nil
            }
            return negative ? -value : value
        }

        mutating func boolean() -> Bool? {
            if matches("true") { return true }
            if matches("false") { return false }
            return nil
        }

        mutating func matches(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.endIndex - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }
    }
}
