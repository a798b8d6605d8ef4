import Foundation
import Testing
@testable import SpeechBackend

/// Issue 40: recordings are read from the WAV files people have (any PCM,
/// float, stereo, any rate) into espeak-ng's form, and nothing else is taken for sound.
@Suite struct WaveAudioTests {
    /// A WAV file's bytes with the given format and raw sample bytes.
    static func wav(format: Int, channels: Int, rate: Int, bits: Int, body: [UInt8], extraChunk: Bool = false) -> Data {
        var data = Data()
        func add32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func add16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); add32(0); data.append(contentsOf: Array("WAVE".utf8))
        if extraChunk { data.append(contentsOf: Array("LIST".utf8)); add32(3); data.append(contentsOf: [1, 2, 3, 0]) }
        data.append(contentsOf: Array("fmt ".utf8)); add32(16); add16(format); add16(channels); add32(rate)
        add32(rate * channels * bits / 8); add16(channels * bits / 8); add16(bits)
        data.append(contentsOf: Array("data".utf8)); add32(body.count); data.append(contentsOf: body)
        return data
    }

    @Test func itsOwnFilesReadBackTheSame() throws {
        let audio = WaveAudio(samples: [0, 1000, -1000, 32767, -32768], rate: 22050)
        #expect(try WaveAudio(wav: audio.wav) == audio)
    }

    @Test func stereoFloatAt48kHzIsMixedDownAndResampled() throws {
        // One second of two channels, left 0.5 and right 0.25: mono 0.375.
        var body: [UInt8] = []
        for _ in 0..<48000 {
            for value: Float in [0.5, 0.25] { withUnsafeBytes(of: value.bitPattern.littleEndian) { body.append(contentsOf: $0) } }
        }
        let read = try WaveAudio(wav: Self.wav(format: 3, channels: 2, rate: 48000, bits: 32, body: body, extraChunk: true))
        #expect(read.rate == 48000 && read.samples.count == 48000)
        #expect(read.samples.allSatisfy { $0 == 12288 })
        let kept = read.resampled(to: WaveAudio.speechRate)
        #expect(kept.samples.count == 22050)
        #expect(abs(kept.seconds - 1) < 0.001)
    }

    @Test func eightAndTwentyFourBitSamplesAreRead() throws {
        let eight = try WaveAudio(wav: Self.wav(format: 1, channels: 1, rate: 8000, bits: 8, body: [128, 255, 0]))
        #expect(eight.samples == [0, 32512, -32768])
        // 24 bits, little-endian: 0x400000 is half of full scale.
        let twentyFour = try WaveAudio(wav: Self.wav(format: 1, channels: 1, rate: 16000, bits: 24, body: [0, 0, 0x40, 0, 0, 0xC0]))
        #expect(twentyFour.samples == [16384, -16384])
    }

    @Test func whatIsNotPlainSoundIsRefusedInWords() {
        #expect(throws: WaveAudio.Unreadable(description: "it is not a WAV file")) { try WaveAudio(wav: Data("hello".utf8)) }
        // ADPCM (format 2): compressed.
        #expect(throws: WaveAudio.Unreadable.self) { try WaveAudio(wav: Self.wav(format: 2, channels: 1, rate: 8000, bits: 4, body: [1, 2])) }
        // A header with no sound after it.
        let cut = Self.wav(format: 1, channels: 1, rate: 8000, bits: 16, body: []).prefix(30)
        #expect(throws: WaveAudio.Unreadable.self) { try WaveAudio(wav: cut) }
    }

    @Test func trimmingKeepsTheSoundAndAMarginOfItsQuiet() {
        let rate = 1000
        let audio = WaveAudio(samples: [Int16](repeating: 0, count: 500) + [Int16](repeating: 2000, count: 100) + [Int16](repeating: 10, count: 400), rate: rate)
        let trimmed = audio.trimmed(margin: 0.03)
        #expect(trimmed.samples.count == 30 + 100 + 30)
        #expect(WaveAudio(samples: [Int16](repeating: 100, count: 50), rate: rate).trimmed().samples.isEmpty)
    }
}
