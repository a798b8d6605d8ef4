import Foundation
import TaskBoard
import TaskBoardUI
#if canImport(Glibc)
import Glibc
#endif

/// Says each sentence with the `espeak-ng` program found on the PATH, in a
/// process of its own (no library to build against; stopping a sentence is
/// ending its process). The kiosk's thread only hands the sentence over: the
/// process is started on a queue of the voice's own and waited for on
/// another thread, which collects it and says it has finished, so speech
/// never delays a key or a frame. Nothing it prints reaches the terminal
/// (its output goes to /dev/null, or to the chosen file).
public final class EspeakVoice: Voice {
    /// Where the speech goes.
    public enum Output: Sendable {
        /// The sound card, through espeak-ng's own playback (ALSA or PulseAudio).
        case speaker
        /// A numbered WAV file per sentence in this folder (`espeak-ng -w`): the tests listen this way.
        case wavFiles(directory: String)
        /// The audio written to this descriptor (`--stdout`): the benchmark's pipe.
        case stream(Int32)
    }

    public static let program = "espeak-ng"

    public let availability: VoiceAvailability
    let path: String?
    let output: Output
    /// Words a minute: a little slower than espeak-ng's 175, for children.
    let speed: Int
    let queue = DispatchQueue(label: "taskboard.voice")
    let process = Locked(SpeechProcess())
    /// Entered for each sentence handed over, left once its process is collected.
    let speaking = DispatchGroup()
    /// What plays a sentence with a recording in it (pw-play, paplay or aplay); nil without one.
    let player: SoundPlayer?
    /// Where a recording that cannot be played, or a missing player, is said (the kiosk's log).
    let log: @Sendable (String) -> Void
    /// Recordings already said to be damaged, and whether the missing player was said: each once.
    let logged = Locked(Set<String>())

    /// Finds the program (and, for the speaker, a sound device and a player) now: a few
    /// file lookups, so Settings can say at once why it cannot speak.
    public init(output: Output = .speaker, environment: [String: String] = ProcessInfo.processInfo.environment, speed: Int = 150,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.output = output
        self.speed = speed
        self.log = log
        player = SoundPlayer.find(onPath: environment["PATH"], soundServer: Self.hasSoundServer(environment))
        path = Self.find(Self.program, onPath: environment["PATH"])
        if path == nil {
            availability = .unavailable(.engineMissing(Self.program))
        } else if case .speaker = output, !Self.hasSoundDevice(environment) {
            availability = .unavailable(.noAudioDevice)
        } else {
            availability = .available
        }
    }

    public func speak(_ sentence: Sentence, finished: @escaping @Sendable () -> Void) {
        guard let path, !sentence.text.isEmpty else { return finished() }
        if sentence.parts.contains(where: { if case .recording = $0 { true } else { false } }) {
            if canPlayRecordings { return speakMixed(sentence, finished: finished) }
            noteNoPlayer()
        }
        // "--": a name that starts with a dash is said, not taken for an option.
        let words = voiceArguments(sentence.language)
        speaking.enter()
        queue.async { [process, output, speaking] in
            let pid = process.withLock { running -> pid_t? in
                running.started += 1
                let arguments = words + output.arguments(number: running.started) + ["--", sentence.text]
                running.current = ChildProcess.spawn(path, arguments, output: output.standardOutput)
                return running.current
            }
            // Said finished before the voice counts as quiet, so the next sentence may start first.
            guard let pid else {
                finished()
                return speaking.leave()
            }
            // Waited for on a thread of its own: the voice's queue stays free to stop it.
            DispatchQueue.global().async {
                ChildProcess.waitForEnd(pid)
                // Collected under the lock, after `current` is cleared, so a
                // stop never signals a process id the system has reused.
                process.withLock { running in
                    if running.current == pid { running.current = nil }
                    ChildProcess.wait(pid)
                }
                finished()
                speaking.leave()
            }
        }
    }

    public func stop() {
        queue.async { [process] in
            process.withLock { running in
                running.stops += 1
                if let pid = running.current { kill(pid, SIGKILL) }
            }
        }
    }

    /// espeak-ng's voice and speed for the language.
    func voiceArguments(_ language: Language) -> [String] {
        ["-v", language == .fi ? "fi" : "en", "-s", "\(speed)"]
    }

    public func waitUntilQuiet() {
        speaking.wait()
    }

    /// The process speaking now, once the sentences handed over so far have started (for tests).
    public func processesLeft() -> [pid_t] {
        queue.sync { [process] in process.withLock { running in running.current.map { [$0] } ?? [] } }
    }

    /// The program's absolute path on the PATH, if it is there and can run.
    static func find(_ program: String, onPath path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// A sound card to play on (ALSA's devices), or a sound server's socket
    /// (PulseAudio, PipeWire) in the session. Without one espeak-ng says
    /// nothing and only complains on its error output.
    static func hasSoundDevice(_ environment: [String: String]) -> Bool {
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
        if cards.contains(where: { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }) { return true }
        return hasSoundServer(environment)
    }

    /// A sound server's socket (PulseAudio, PipeWire) in the session.
    static func hasSoundServer(_ environment: [String: String]) -> Bool {
        if environment["PULSE_SERVER"] != nil { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        return ["pulse/native", "pipewire-0"].contains { FileManager.default.fileExists(atPath: "\(runtime)/\($0)") }
    }
}

extension EspeakVoice.Output {
    /// The sentence's numbered file, or the audio to standard output.
    fileprivate func arguments(number: Int) -> [String] {
        switch self {
        case .speaker: []
        case .wavFiles: ["-w", file(number: number)]
        case .stream: ["--stdout"]
        }
    }

    /// The numbered WAV file of a sentence (`wavFiles`).
    func file(number: Int) -> String {
        guard case .wavFiles(let directory) = self else { return "" }
        return directory + "/" + String(format: "%04d.wav", number)
    }

    /// Where the process's standard output goes: the audio, or nowhere.
    var standardOutput: Int32? {
        if case .stream(let descriptor) = self { return descriptor }
        return nil
    }
}

/// The voice's process: the one speaking, if any.
struct SpeechProcess: Sendable {
    var current: pid_t?
    /// Sentences started, to number the WAV files.
    var started = 0
    /// Stops asked for so far: a sentence said in several steps goes on only while this is what it was at its start.
    var stops = 0
}
