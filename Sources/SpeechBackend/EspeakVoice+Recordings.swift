import Foundation
import TaskBoard
import TaskBoardUI
#if canImport(Glibc)
import Glibc
#endif

/// A sentence with a staff member's recording in it: espeak-ng writes each
/// run of words to a file, the recordings go in the names' places, and the
/// whole is played by one player as one sound, with the same short pause at
/// every join, so no join sounds like the sentence has stopped. A stop ends
/// whichever step is running and the steps after it.
extension EspeakVoice {
    /// The pause at each join: about a comma's.
    static let joinPause = 0.12

    /// Whether a sentence with a recording can be said with it here.
    var canPlayRecordings: Bool {
        if case .speaker = output { return player != nil }
        return true
    }

    /// Said once: the recordings are said by the synthetic voice.
    func noteNoPlayer() {
        guard logged.withLock({ $0.insert("player").inserted }) else { return }
        log("recordings are said by the synthetic voice: no player (\(SoundPlayer.known.map(\.program).joined(separator: ", "))) on the PATH")
    }

    func speakMixed(_ sentence: Sentence, finished: @escaping @Sendable () -> Void) {
        speaking.enter()
        // The stop count is read on the voice's queue, in order with the stops handed over before.
        queue.async { [self] in
            let (generation, number) = process.withLock { running -> (Int, Int) in
                running.started += 1
                return (running.stops, running.started)
            }
            DispatchQueue.global().async { [self] in
                say(sentence, generation: generation, number: number)
                finished()
                speaking.leave()
            }
        }
    }

    private func say(_ sentence: Sentence, generation: Int, number: Int) {
        guard let folder = try? StaffRecording.temporaryFolder() else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pieces: [WaveAudio] = []
        for (index, part) in sentence.parts.enumerated() {
            let piece: WaveAudio?
            switch part {
            case .words(let words):
                piece = synthesize(words, sentence.language, into: "\(folder)/\(index).wav", generation: generation)
            case .recording(let recording):
                piece = recorded(recording) ?? synthesize(recording.name, sentence.language, into: "\(folder)/\(index).wav", generation: generation)
            }
            guard isCurrent(generation) else { return }
            if let piece, !piece.samples.isEmpty { pieces.append(piece) }
        }
        guard !pieces.isEmpty else { return }
        let rate = pieces[0].rate
        var whole = WaveAudio(samples: [], rate: rate)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { whole.samples += WaveAudio.silence(Self.joinPause, rate: rate).samples }
            whole.samples += piece.resampled(to: rate).samples
        }
        // A little quiet after, as espeak-ng leaves, so the player's end is not clipped.
        whole.samples += WaveAudio.silence(Self.joinPause, rate: rate).samples
        switch output {
        case .speaker:
            let file = folder + "/sentence.wav"
            guard let player, (try? whole.wav.write(to: URL(fileURLWithPath: file))) != nil else { return }
            let status = run(player.path, player.playing(file), output: nil, generation: generation)
            // A player that is there but cannot play (no server running for it): the words are still said.
            guard let status, status != 0, let path else { return }
            if logged.withLock({ $0.insert("player failed").inserted }) {
                log("\(player.name) could not play a sentence with a recording (exit status \(status)); it is said by the synthetic voice")
            }
            _ = run(path, voiceArguments(sentence.language) + ["--", sentence.text], output: nil, generation: generation)
        case .wavFiles:
            try? whole.wav.write(to: URL(fileURLWithPath: output.file(number: number)))
        case .stream(let descriptor):
            let bytes = [UInt8](whole.wav)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// The words as espeak-ng says them, without the quiet it leaves at each end; nil when stopped or failed.
    private func synthesize(_ words: String, _ language: Language, into file: String, generation: Int) -> WaveAudio? {
        // A join's punctuation alone ("!", ", ") is a pause, not words.
        guard let path, words.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        guard run(path, voiceArguments(language) + ["-w", file, "--", words], output: nil, generation: generation) != nil,
              let data = try? Data(contentsOf: URL(fileURLWithPath: file)), let audio = try? WaveAudio(wav: data) else { return nil }
        return audio.trimmed(margin: 0.02)
    }

    /// The recording as kept; nil (said once in the log) when it cannot be read.
    private func recorded(_ recording: NameRecording) -> WaveAudio? {
        do {
            guard let handle = FileHandle(forReadingAtPath: recording.file) else { throw WaveAudio.Unreadable(description: "it cannot be opened") }
            defer { try? handle.close() }
            let data = try handle.read(upToCount: VoiceLimits.maxBytes + 1) ?? Data()
            guard data.count <= VoiceLimits.maxBytes else { throw WaveAudio.Unreadable(description: "it is larger than a recording can be") }
            let audio = try WaveAudio(wav: data).trimmed(margin: 0.02)
            guard !audio.samples.isEmpty else { throw WaveAudio.Unreadable(description: "it holds only silence") }
            return audio
        } catch {
            if logged.withLock({ $0.insert(recording.file).inserted }) {
                log("the recording of \"\(recording.name)\" (\(recording.file)) cannot be played: \(error); the synthetic voice says the name")
            }
            return nil
        }
    }

    /// Runs a step to its end: its exit status; nil when it was stopped (or
    /// stopped before it began) or could not start.
    private func run(_ program: String, _ arguments: [String], output: Int32?, generation: Int) -> Int32? {
        let pid = process.withLock { running -> pid_t? in
            guard running.stops == generation else { return nil }
            running.current = ChildProcess.spawn(program, arguments, output: output)
            return running.current
        }
        guard let pid else { return nil }
        ChildProcess.waitForEnd(pid)
        let status = process.withLock { running -> Int32 in
            if running.current == pid { running.current = nil }
            return ChildProcess.wait(pid)
        }
        return isCurrent(generation) ? status : nil
    }

    private func isCurrent(_ generation: Int) -> Bool { process.withLock { $0.stops == generation } }

}
