import Foundation
import Testing
import TaskBoard
import TaskBoardUI
@testable import SpeechBackend
import TaskBoardTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A folder of the test's own, removed afterwards.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-speech-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A stand-in `espeak-ng` in this folder: it writes its arguments to `said.txt` and then takes `seconds` to "speak".
    func standIn(seconds: Double = 5) throws -> String {
        try program("#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(path)/said.txt'\nexec sleep \(seconds)\n")
    }

    /// A stand-in `espeak-ng` that takes as long as the sentence would
    /// (`perCharacter` seconds a character of its last argument, about
    /// espeak-ng's pace at 150 words a minute), writing "said: …" when it
    /// starts and "end: …" when it has said it all; a stopped one writes no end.
    func pacedStandIn(perCharacter: Double = 0.07) throws -> String {
        try program("""
            #!/bin/sh
            for last; do :; done
            printf 'said: %s\\n' "$last" >> '\(path)/said.txt'
            sleep $(awk -v n="${#last}" 'BEGIN { printf "%.2f", n * \(perCharacter) }')
            printf 'end: %s\\n' "$last" >> '\(path)/said.txt'

            """)
    }

    /// A program in this folder called `espeak-ng`. Written with O_CLOEXEC: the
    /// other tests start processes meanwhile, and one that kept the file open
    /// for writing would make starting it fail ("Text file busy").
    @discardableResult
    func program(_ script: String, named name: String = "espeak-ng") throws -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array(script.utf8)
        let written = write(descriptor, bytes, bytes.count)
        close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return file
    }

    var said: [String] {
        ((try? String(contentsOfFile: path + "/said.txt", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

/// Whether a process of this id still exists (collected processes do not).
func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

/// The real espeak-ng is installed by .ci/run; on a machine without it the tests that need it say so and pass, except in CI.
let espeakNG = EspeakVoice.find("espeak-ng", onPath: ProcessInfo.processInfo.environment["PATH"])
let sox = EspeakVoice.find("sox", onPath: ProcessInfo.processInfo.environment["PATH"])

/// Waits up to ten seconds for `condition`.
/// Whether `condition` holds within 30 seconds: long enough for a loaded
/// machine (the fault-injection suites run beside these), and a wait that
/// ends as soon as it holds.
func eventually(_ condition: () -> Bool) -> Bool {
    waitUntil(30, condition) != nil
}

@Suite struct EspeakVoiceTests {
    @Test func withoutTheProgramItIsNotAvailableAndSaysNothing() throws {
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": "/nonexistent"])
        #expect(voice.availability == .unavailable(.engineMissing("espeak-ng")))
        let ended = Locked(false)
        voice.speak(Sentence("Aino.", language: .en)) { ended.withLock { $0 = true } }
        #expect(ended.withLock { $0 }, "a sentence that cannot be said has ended at once")
        #expect(voice.processesLeft() == [])
    }

    @Test func theSpeakerNeedsASoundCardOrASoundServer() throws {
        let folder = try ScratchFolder()
        _ = try folder.standIn()
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
        let hasCard = cards.contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
        let bare = EspeakVoice(output: .speaker, environment: ["PATH": folder.path])
        #expect(bare.availability == (hasCard ? .available : .unavailable(.noAudioDevice)))
        // A PipeWire or PulseAudio socket in the session will do.
        try FileManager.default.createDirectory(atPath: folder.path + "/run/pulse", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.path + "/run/pulse/native", contents: nil)
        #expect(EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "XDG_RUNTIME_DIR": folder.path + "/run"]).availability == .available)
        #expect(EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"]).availability == .available)
        // Files need no sound card.
        #expect(EspeakVoice(output: .wavFiles(directory: folder.path), environment: ["PATH": folder.path]).availability == .available)
    }

    @Test func aStoppedSentenceEndsItsProcessAndSaysSo() throws {
        let folder = try ScratchFolder()
        _ = try folder.standIn(seconds: 30)
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let ended = Locked(0)
        voice.speak(Sentence("-Aino. Two to go.", language: .en)) { ended.withLock { $0 += 1 } }
        let pids = voice.processesLeft()
        #expect(pids.count == 1)
        #expect(eventually { !folder.said.isEmpty })
        #expect(ended.withLock { $0 } == 0, "still speaking")
        voice.stop()
        voice.waitUntilQuiet()
        #expect(ended.withLock { $0 } == 1)
        #expect(voice.processesLeft() == [])
        for pid in pids { #expect(!exists(pid)) }
        // "--": a name that starts with a dash is said, not taken for an option.
        #expect(folder.said == ["-v en -s 150 -- -Aino. Two to go."])
    }

    @Test func sentencesHandedToTheSpeakerAreEachSaidToTheirEndInTurn() throws {
        let folder = try ScratchFolder()
        _ = try folder.pacedStandIn(perCharacter: 0.01)
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let speaker = Speaker(voice: voice)
        let strings = try Strings(data: Data(contentsOf: KioskSpeechTests.repository.appendingPathComponent("assets/strings/en.json")))
        let narrator = Narrator(strings: strings)
        speaker.say(.asked(Sentence("Aino, two to go: Wash hands, Eat lunch.", language: .en)))
        speaker.say(.praise(try #require(narrator.praise(for: .marked(KioskSpeechTests.change("Eero", "Get dressed"))))))
        speaker.say(.praise(try #require(narrator.praise(for: .marked(KioskSpeechTests.change("Leo", "Get dressed"))))))
        speaker.waitUntilQuiet()
        #expect(folder.said == ["said: Aino, two to go: Wash hands, Eat lunch.", "end: Aino, two to go: Wash hands, Eat lunch.",
                                "said: Done: Get dressed. Well done, Eero and Leo!", "end: Done: Get dressed. Well done, Eero and Leo!"])
        #expect(voice.processesLeft() == [])
    }

    @Test func aThousandSentencesAskedForLeaveNoProcessBehind() throws {
        let folder = try ScratchFolder()
        _ = try folder.standIn(seconds: 30)
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let speaker = Speaker(voice: voice)
        var seen = Set<pid_t>()
        for index in 0..<1_000 {
            // Each asked for now: it stops the one being said.
            speaker.say(.asked(Sentence("Aino \(index).", language: .en)))
            if index % 100 == 0 {
                let left = voice.processesLeft()
                seen.formUnion(left)
                #expect(left.count <= 1, "one sentence at a time")
            }
        }
        seen.formUnion(voice.processesLeft())
        // The last asked for is said; the kiosk's end stops it and leaves nothing.
        #expect(eventually { folder.said.last == "-v en -s 150 -- Aino 999." })
        speaker.close()
        #expect(voice.processesLeft() == [])
        #expect(seen.allSatisfy { !exists($0) })
    }

    @Test func nothingItPrintsReachesOurOutput() throws {
        let folder = try ScratchFolder()
        try folder.program("#!/bin/sh\necho spoken; echo problem >&2; read line; echo \"read: $line\" > '\(folder.path)/stdin.txt'\n")
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        voice.speak(Sentence("Aino.", language: .en)) {}
        voice.waitUntilQuiet()
        // Its input was /dev/null (no line), and its output and errors went there too (the test's own output would show them).
        #expect((try? String(contentsOfFile: folder.path + "/stdin.txt", encoding: .utf8)) == "read: \n")
    }
}

/// The real espeak-ng writing each sentence to a WAV file, measured with sox.
@Suite struct EspeakRecordingTests {
    /// Length in seconds and RMS amplitude, as sox's `stat` gives them.
    static func measure(_ wav: String) throws -> (seconds: Double, rms: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(sox))
        process.arguments = [wav, "-n", "stat"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func value(_ label: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap { Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        }
        return (try #require(value("Length (seconds)")), try #require(value("RMS     amplitude")))
    }

    static var canListen: Bool {
        if espeakNG != nil && sox != nil { return true }
        // CI installs both: there, their absence is a failure, not a skip.
        #expect(ProcessInfo.processInfo.environment["CI"] == nil, "espeak-ng and sox must be installed in CI (.ci/run)")
        return false
    }

    @Test(arguments: [(Language.fi, "Aino. Vielä kaksi: pese kädet, syö lounas."), (Language.en, "Aino. Two to go: wash hands, eat lunch.")])
    func aSentenceIsHeardAndAsLongAsItsWords(language: Language, text: String) throws {
        guard Self.canListen else { return }
        let folder = try ScratchFolder()
        let voice = EspeakVoice(output: .wavFiles(directory: folder.path))
        #expect(voice.availability == .available)
        voice.speak(Sentence(text, language: language)) {}
        voice.waitUntilQuiet()
        voice.speak(Sentence("Hienoa!", language: language)) {}
        voice.waitUntilQuiet()
        let long = try Self.measure(folder.path + "/0001.wav")
        let short = try Self.measure(folder.path + "/0002.wav")
        // Speech, not silence (a blank text gives an RMS of 0; these about 0.08).
        #expect(long.rms > 0.02)
        #expect(short.rms > 0.02)
        // 40-odd characters at 150 words a minute: about three seconds; a word under one.
        let perCharacter = long.seconds / Double(text.count)
        #expect(perCharacter > 0.03 && perCharacter < 0.15, "\(long.seconds) s for \(text.count) characters")
        #expect(short.seconds < long.seconds / 2)
    }
}
