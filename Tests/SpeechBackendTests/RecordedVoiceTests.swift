import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI
@testable import SpeechBackend
#if canImport(Glibc)
import Glibc
#endif

/// Issue 40: a sentence with a staff recording in it is one sound: espeak-ng
/// says the words, the recording stands in the name's place, and one player
/// plays the whole, with the same short pause at every join.
@Suite struct RecordedVoiceTests {
    /// espeak-ng's stand-in: for `-w FILE` it copies `words.wav` (a steady
    /// tone at 1000, `wordsSeconds` long) there; it logs "said: WORDS". Paced,
    /// it takes as long as the words would when it speaks itself, and logs
    /// "end: WORDS" after each.
    static func espeakStandIn(_ folder: ScratchFolder, wordsSeconds: Double = 0.1, pacedPerCharacter: Double? = nil) throws {
        let pace = pacedPerCharacter.map { """
            [ -z "$out" ] && sleep $(awk -v n="${#last}" 'BEGIN { printf "%.2f", n * \($0) }')
            printf 'end: %s\\n' "$last" >> '\(folder.path)/said.txt'
            """ } ?? ""
        try folder.program("""
            #!/bin/sh
            out=""; previous=""
            for argument; do [ "$previous" = "-w" ] && out="$argument"; previous="$argument"; done
            for last; do :; done
            printf 'said: %s\\n' "$last" >> '\(folder.path)/said.txt'
            [ -n "$out" ] && cp '\(folder.path)/words.wav' "$out"
            \(pace)
            exit 0

            """)
        try WaveAudio(samples: [Int16](repeating: 1000, count: Int(wordsSeconds * Double(WaveAudio.speechRate))), rate: WaveAudio.speechRate).wav
            .write(to: URL(fileURLWithPath: folder.path + "/words.wav"))
    }

    /// A player's stand-in (`pw-play`): keeps what it was asked to play as
    /// `played-N.wav`, logs "played", and takes as long as the sound would.
    static func playerStandIn(_ folder: ScratchFolder) throws {
        try folder.program("""
            #!/bin/sh
            for last; do :; done
            n=$(ls '\(folder.path)' | grep -c '^played-')
            cp "$last" '\(folder.path)'/played-$n.wav
            printf 'played: %s\\n' "$n" >> '\(folder.path)/said.txt'
            sleep $(awk -v bytes=$(wc -c < "$last") 'BEGIN { printf "%.2f", (bytes - 44) / 44100 }')
            printf 'end: played %s\\n' "$n" >> '\(folder.path)/said.txt'

            """, named: "pw-play")
    }

    /// A recording of the name: a steady tone at 5000, half a second.
    static func recording(in folder: ScratchFolder) throws -> NameRecording {
        let file = folder.path + "/child-1.wav"
        try WaveAudio(samples: [Int16](repeating: 5000, count: 11025), rate: WaveAudio.speechRate).wav.write(to: URL(fileURLWithPath: file))
        return NameRecording(name: "Aino", file: file)
    }

    static func sentence(_ text: String, _ recordings: [NameRecording]) -> Sentence {
        var sentence = Sentence(text, language: .fi)
        sentence.recordings = recordings
        return sentence
    }

    /// The runs of equal samples in a sound: (value, how many).
    static func runs(_ audio: WaveAudio) -> [(Int16, Int)] {
        var runs: [(Int16, Int)] = []
        for sample in audio.samples {
            if let last = runs.last, last.0 == sample { runs[runs.count - 1].1 += 1 } else { runs.append((sample, 1)) }
        }
        return runs
    }

    @Test func theRecordingIsPlayedInTheNamesPlaceAndEspeakSaysTheRest() throws {
        let folder = try ScratchFolder()
        try Self.espeakStandIn(folder)
        try Self.playerStandIn(folder)
        let aino = try Self.recording(in: folder)
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        voice.speak(Self.sentence("Hienoa, Aino ja Eero!", [aino])) {}
        voice.waitUntilQuiet()
        // espeak-ng said the words on either side, never the name; "!" alone is no words.
        #expect(folder.said == ["said: Hienoa, ", "said:  ja Eero!", "played: 0", "end: played 0"], "\(folder.said)")
        let played = try WaveAudio(wav: Data(contentsOf: URL(fileURLWithPath: folder.path + "/played-0.wav")))
        let pause = Int(EspeakVoice.joinPause * Double(WaveAudio.speechRate))
        // Words, a pause, the recording whole, the same pause, words, the quiet after.
        let runs = Self.runs(played)
        #expect(runs.map(\.0) == [1000, 0, 5000, 0, 1000, 0], "\(runs)")
        #expect(runs.map(\.1) == [2205, pause, 11025, pause, 2205, pause], "\(runs)")
    }

    @Test func aDamagedRecordingIsSaidByTheSyntheticVoiceAndLoggedOnce() throws {
        let folder = try ScratchFolder()
        try Self.espeakStandIn(folder)
        try Self.playerStandIn(folder)
        let damaged = folder.path + "/child-1.wav"
        try Data("RIFF\0\0\0\0WAVEjunk".utf8).write(to: URL(fileURLWithPath: damaged))
        let logged = LogLines()
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"], log: logged.add)
        for _ in 0..<2 {
            voice.speak(Self.sentence("Aino. Vielä kaksi.", [NameRecording(name: "Aino", file: damaged)])) {}
            voice.waitUntilQuiet()
        }
        #expect(folder.said.filter { $0.hasPrefix("said: ") } == ["said: Aino", "said: . Vielä kaksi.", "said: Aino", "said: . Vielä kaksi."], "\(folder.said)")
        #expect(logged.lines.count == 1)
        #expect(logged.lines.first?.contains("the recording of \"Aino\"") == true && logged.lines.first?.contains("synthetic voice") == true, "\(logged.lines)")
    }

    @Test func withoutAPlayerTheWholeSentenceIsSynthesizedAndThatIsLoggedOnce() throws {
        let folder = try ScratchFolder()
        _ = try folder.standIn(seconds: 0)
        let aino = try Self.recording(in: folder)
        let logged = LogLines()
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"], log: logged.add)
        voice.speak(Self.sentence("Hienoa, Aino!", [aino])) {}
        voice.waitUntilQuiet()
        voice.speak(Self.sentence("Hienoa, Aino!", [aino])) {}
        voice.waitUntilQuiet()
        #expect(folder.said.count == 2 && folder.said.allSatisfy { $0.hasSuffix("-- Hienoa, Aino!") }, "\(folder.said)")
        #expect(logged.lines.count == 1 && logged.lines[0].contains("no player"), "\(logged.lines)")
    }

    @Test func aPlayerThatFailsLeavesTheWholeSentenceToEspeakAndIsLoggedOnce() throws {
        let folder = try ScratchFolder()
        try Self.espeakStandIn(folder)
        try folder.program("#!/bin/sh\nprintf 'played: failed\\n' >> '\(folder.path)/said.txt'\nexit 1\n", named: "pw-play")
        let aino = try Self.recording(in: folder)
        let logged = LogLines()
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"], log: logged.add)
        for _ in 0..<2 {
            voice.speak(Self.sentence("Hienoa, Aino!", [aino])) {}
            voice.waitUntilQuiet()
        }
        // The words before the name, the player's try, then the whole sentence by the synthetic voice.
        #expect(folder.said == ["said: Hienoa, ", "played: failed", "said: Hienoa, Aino!", "said: Hienoa, ", "played: failed", "said: Hienoa, Aino!"], "\(folder.said)")
        #expect(logged.lines.count == 1 && logged.lines[0].hasPrefix("pw-play could not play"), "\(logged.lines)")
    }

    @Test func aStopEndsThePlayerAndTheStepsAfterIt() throws {
        let folder = try ScratchFolder()
        try Self.espeakStandIn(folder)
        try Self.playerStandIn(folder)
        // Nine seconds of the name: a stop must not wait for it.
        let file = folder.path + "/child-1.wav"
        try WaveAudio(samples: [Int16](repeating: 5000, count: 22050 * 9), rate: WaveAudio.speechRate).wav.write(to: URL(fileURLWithPath: file))
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let started = Date()
        voice.speak(Self.sentence("Aino.", [NameRecording(name: "Aino", file: file)])) {}
        #expect(eventually { folder.said.contains("played: 0") })
        voice.stop()
        voice.waitUntilQuiet()
        #expect(Date().timeIntervalSince(started) < 8, "the player was stopped, not waited for")
        #expect(!folder.said.contains("end: played 0"))
        #expect(voice.processesLeft() == [])
    }

    /// The real espeak-ng with a recording in a sentence, written as one WAV
    /// and measured: as long as its parts, and no quiet at a join longer than
    /// a comma's pause, which a child would hear as the sentence stopping.
    @Test(arguments: [(Language.fi, "Hienoa, Aino!"), (Language.en, "Well done, Aino!")])
    func aSentenceWithARecordingIsHeardWithoutAStop(language: Language, text: String) throws {
        guard EspeakRecordingTests.canListen else { return }
        let folder = try ScratchFolder()
        // The "recording": espeak-ng's English voice saying the name, a different voice from the sentence's.
        let recorded = folder.path + "/aino.wav"
        let made = Process()
        made.executableURL = URL(fileURLWithPath: try #require(espeakNG))
        made.arguments = ["-v", "en+f3", "-w", recorded, "Aino"]
        try made.run()
        made.waitUntilExit()
        let kept = try StaffRecording.prepare(file: recorded)
        let file = folder.path + "/child-1.wav"
        try kept.wav.write(to: URL(fileURLWithPath: file))
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let voice = EspeakVoice(output: .wavFiles(directory: out))
        var sentence = Sentence(text, language: language)
        sentence.recordings = [NameRecording(name: "Aino", file: file)]
        voice.speak(sentence) {}
        voice.waitUntilQuiet()
        let heard = try EspeakRecordingTests.measure(out + "/0001.wav")
        #expect(heard.rms > 0.02)
        let audio = try WaveAudio(wav: Data(contentsOf: URL(fileURLWithPath: out + "/0001.wav")))
        // Longer than the recording alone, and the recording's samples are in it whole.
        #expect(audio.seconds > kept.seconds + 0.3, "\(audio.seconds) s")
        // (Played as kept, its quiet ends cut to the join's margin.)
        let whole = Self.contains(audio.samples, kept.trimmed(margin: 0.02).samples)
        #expect(whole, "the recording is in the sentence, sample for sample")
        // The longest quiet inside (from the first sound to the last) is at most a comma's pause and a little.
        let quiet = Self.longestQuiet(audio.trimmed(margin: 0))
        #expect(quiet < 0.3, "\(quiet) s of quiet at a join")
        print("listened: \(text) with a recording: \(String(format: "%.2f", audio.seconds)) s (recording \(String(format: "%.2f", kept.seconds)) s), rms \(heard.rms), longest quiet inside \(String(format: "%.3f", quiet)) s")
    }

    static func contains(_ whole: [Int16], _ part: [Int16]) -> Bool {
        guard let first = part.first, part.count <= whole.count else { return false }
        for start in 0...(whole.count - part.count) where whole[start] == first {
            if Array(whole[start..<start + part.count]) == part { return true }
        }
        return false
    }

    static func longestQuiet(_ audio: WaveAudio) -> Double {
        var longest = 0, run = 0
        for sample in audio.samples {
            run = abs(Int(sample)) <= 330 ? run + 1 : 0
            longest = max(longest, run)
        }
        return Double(longest) / Double(audio.rate)
    }
}

/// Lines a voice logged, from any thread.
final class LogLines: Sendable {
    private let stored = Locked<[String]>([])
    var lines: [String] { stored.withLock { $0 } }
    var add: @Sendable (String) -> Void { { [stored] line in stored.withLock { $0.append(line) } } }
}
