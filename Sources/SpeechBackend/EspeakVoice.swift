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
    private let path: String?
    private let output: Output
    /// Words a minute: a little slower than espeak-ng's 175, for children.
    private let speed: Int
    private let queue = DispatchQueue(label: "taskboard.voice")
    private let process = Locked(SpeechProcess())
    /// Entered for each sentence handed over, left once its process is collected.
    private let speaking = DispatchGroup()

    /// Finds the program (and, for the speaker, a sound device) now: a few
    /// file lookups, so Settings can say at once why it cannot speak.
    public init(output: Output = .speaker, environment: [String: String] = ProcessInfo.processInfo.environment, speed: Int = 150) {
        self.output = output
        self.speed = speed
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
        // "--": a name that starts with a dash is said, not taken for an option.
        let words = ["-v", sentence.language == .fi ? "fi" : "en", "-s", "\(speed)"]
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
                if let pid = running.current { kill(pid, SIGKILL) }
            }
        }
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
        case .wavFiles(let directory): ["-w", directory + "/" + String(format: "%04d.wav", number)]
        case .stream: ["--stdout"]
        }
    }

    /// Where the process's standard output goes: the audio, or nowhere.
    fileprivate var standardOutput: Int32? {
        if case .stream(let descriptor) = self { return descriptor }
        return nil
    }
}

/// The voice's process: the one speaking, if any.
struct SpeechProcess: Sendable {
    var current: pid_t?
    /// Sentences started, to number the WAV files.
    var started = 0
}
