import Foundation

/// Mono 16-bit sound read from a WAV file (PCM of 8 to 32 bits, or 32-bit
/// float, any rate, any number of channels, mixed down), and written back as
/// one. Enough to keep a staff member's recording in the form espeak-ng
/// speaks (22050 Hz, mono, 16-bit) and to join it with espeak-ng's words.
public struct WaveAudio: Equatable, Sendable {
    public var samples: [Int16]
    public var rate: Int

    /// espeak-ng's own form, which recordings are kept in.
    public static let speechRate = 22050

    public init(samples: [Int16], rate: Int) {
        self.samples = samples
        self.rate = rate
    }

    public var seconds: Double { Double(samples.count) / Double(max(rate, 1)) }

    /// Why bytes are not a sound this can read.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a WAV file's bytes. A data chunk whose length was never filled
    /// in (a stream's, espeak-ng's `--stdout`) runs to the end of the bytes.
    public init(wav data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw Unreadable(description: "it is not a WAV file")
        }
        var format: (kind: Int, channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = bytes[offset..<offset + 4]
            let size = Int(Self.uint32(bytes, offset + 4))
            let body = offset + 8
            if id == [0x66, 0x6D, 0x74, 0x20] { // "fmt "
                guard size >= 16, body + 16 <= bytes.count else { throw Unreadable(description: "its format is cut short") }
                var kind = Int(Self.uint16(bytes, body))
                if kind == 0xFFFE, size >= 26, body + 26 <= bytes.count { kind = Int(Self.uint16(bytes, body + 24)) } // WAVE_FORMAT_EXTENSIBLE
                format = (kind, Int(Self.uint16(bytes, body + 2)), Int(Self.uint32(bytes, body + 4)), Int(Self.uint16(bytes, body + 14)))
            } else if id == [0x64, 0x61, 0x74, 0x61] { // "data"
                guard let format else { throw Unreadable(description: "its sound comes before its format") }
                let end = size == 0 || size == 0xFFFF_FFFF || body + size > bytes.count ? bytes.count : body + size
                self = try Self.decode(bytes[body..<end], format: format)
                return
            }
            offset = body + size + (size & 1)
        }
        throw Unreadable(description: "it holds no sound")
    }

    private static func decode(_ body: ArraySlice<UInt8>, format: (kind: Int, channels: Int, rate: Int, bits: Int)) throws -> WaveAudio {
        let (kind, channels, rate, bits) = format
        guard (kind == 1 && [8, 16, 24, 32].contains(bits)) || (kind == 3 && bits == 32) else {
            throw Unreadable(description: "its sound is compressed or of an unknown kind (format \(kind), \(bits) bits)")
        }
        guard (1...8).contains(channels), (4000...192_000).contains(rate) else {
            throw Unreadable(description: "it has \(channels) channels at \(rate) Hz")
        }
        let width = bits / 8, frame = width * channels
        let start = body.startIndex
        let frames = body.count / frame
        var samples = [Int16](repeating: 0, count: frames)
        for index in 0..<frames {
            var sum = 0.0
            for channel in 0..<channels {
                let at = start + index * frame + channel * width
                sum += sample(body, at, width: width, float: kind == 3)
            }
            samples[index] = Int16(max(-32768, min(32767, (sum / Double(channels) * 32768).rounded())))
        }
        return WaveAudio(samples: samples, rate: rate)
    }

    /// One sample from -1 to 1.
    private static func sample(_ bytes: ArraySlice<UInt8>, _ at: Int, width: Int, float: Bool) -> Double {
        switch width {
        case 1: return (Double(bytes[at]) - 128) / 128
        case 2: return Double(Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)) / 32768
        case 3:
            let value = Int32(bitPattern: UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 24)
            return Double(value) / 2_147_483_648
        default:
            let raw = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            if float { return Double(Float(bitPattern: raw)) }
            return Double(Int32(bitPattern: raw)) / 2_147_483_648
        }
    }

    /// The same sound at another rate (linear interpolation: for speech, enough).
    public func resampled(to target: Int) -> WaveAudio {
        guard target != rate, !samples.isEmpty else { return WaveAudio(samples: samples, rate: target) }
        let count = Int((Double(samples.count) * Double(target) / Double(rate)).rounded())
        let step = Double(rate) / Double(target)
        var out = [Int16](repeating: 0, count: count)
        for index in 0..<count {
            let position = Double(index) * step
            let lower = min(Int(position), samples.count - 1), upper = min(lower + 1, samples.count - 1)
            let fraction = position - Double(lower)
            out[index] = Int16((Double(samples[lower]) * (1 - fraction) + Double(samples[upper]) * fraction).rounded())
        }
        return WaveAudio(samples: out, rate: target)
    }

    /// Without the quiet at its start and end (below about -40 dBFS),
    /// keeping `margin` seconds of it on each side.
    public func trimmed(margin: Double = 0.03, threshold: Int16 = 330) -> WaveAudio {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > Int(threshold) }),
              let last = samples.lastIndex(where: { abs(Int($0)) > Int(threshold) }) else {
            return WaveAudio(samples: [], rate: rate)
        }
        let keep = Int(margin * Double(rate))
        return WaveAudio(samples: Array(samples[max(0, first - keep)...min(samples.count - 1, last + keep)]), rate: rate)
    }

    /// Silence of this length.
    public static func silence(_ seconds: Double, rate: Int) -> WaveAudio {
        WaveAudio(samples: [Int16](repeating: 0, count: Int(seconds * Double(rate))), rate: rate)
    }

    /// A 16-bit mono WAV file's bytes.
    public var wav: Data {
        var data = Data()
        func add32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func add16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        let size = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8)); add32(36 + size); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); add32(16); add16(1); add16(1); add32(rate); add32(rate * 2); add16(2); add16(16)
        data.append(contentsOf: Array("data".utf8)); add32(size)
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        }
        return data
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
