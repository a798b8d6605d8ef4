import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#endif

/// A staff member's recording of a name, made ready to keep: read from a WAV
/// file (or, with sox on the PATH, from anything sox reads), mixed down to
/// mono at espeak-ng's rate, the quiet at its ends cut, and no longer than a
/// name needs. Also records one with arecord and plays one back.
public enum StaffRecording {
    /// The longest a recording may be, once its quiet ends are cut.
    public static let maxSeconds = 10.0
    /// The shortest: the shortest name said takes longer (a click or a cut
    /// file would leave read aloud silent where the name belongs).
    public static let minSeconds = 0.2

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The recording in the form kept (`WaveAudio.speechRate`, 16-bit mono WAV).
    public static func prepare(file: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WaveAudio {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        guard size <= 64 * 1024 * 1024 else { throw Problem(description: "\(file) is far larger than a name's recording (\(size / 1024 / 1024) MB)") }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Problem(description: "\(file) cannot be read (no such file, or no permission)")
        }
        let audio: WaveAudio
        do {
            audio = try WaveAudio(wav: data)
        } catch let unreadable as WaveAudio.Unreadable {
            audio = try converted(file, because: unreadable, environment: environment)
        }
        let kept = audio.resampled(to: WaveAudio.speechRate).trimmed(margin: 0.05)
        guard !kept.samples.isEmpty else { throw Problem(description: "\(file) holds only silence (nothing louder than a whisper)") }
        guard kept.seconds >= minSeconds else {
            throw Problem(description: "\(file) is \(String(format: "%.2f", kept.seconds)) seconds long once its quiet ends are cut; "
                + "a name takes at least \(String(format: "%.1f", minSeconds)) seconds to say")
        }
        guard kept.seconds <= maxSeconds else {
            throw Problem(description: "\(file) is \(String(format: "%.1f", kept.seconds)) seconds long; a name's recording is at most \(Int(maxSeconds)) seconds")
        }
        return kept
    }

    /// A file sox reads, as a WAV; else why it cannot be read.
    private static func converted(_ file: String, because unreadable: WaveAudio.Unreadable, environment: [String: String]) throws -> WaveAudio {
        guard let sox = EspeakVoice.find("sox", onPath: environment["PATH"]) else {
            throw Problem(description: "\(file) cannot be read: \(unreadable) (give a WAV file, or install sox, which reads other kinds)")
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/converted.wav"
        // A name that starts with a dash is a file, not an option.
        guard run(sox, [file.hasPrefix("-") ? "./" + file : file, "-t", "wav", "-b", "16", "-c", "1", "-r", "\(WaveAudio.speechRate)", out]) == 0,
              let data = FileManager.default.contents(atPath: out), let audio = try? WaveAudio(wav: data) else {
            throw Problem(description: "\(file) cannot be read: \(unreadable), and sox could not read it either")
        }
        return audio
    }

    /// Records `seconds` from the default microphone with arecord into a WAV
    /// file; `starting` is called once arecord is found, just before it starts.
    public static func record(seconds: Int, into file: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                              starting: () -> Void = {}) throws {
        guard let arecord = EspeakVoice.find("arecord", onPath: environment["PATH"]) else {
            throw Problem(description: "arecord is not installed (it is in the alsa-utils package); or record the name elsewhere and use voice add")
        }
        starting()
        let status = run(arecord, ["-q", "-d", "\(seconds)", "-f", "S16_LE", "-r", "\(WaveAudio.speechRate)", "-c", "1", file])
        guard status == 0, FileManager.default.fileExists(atPath: file) else {
            throw Problem(description: "arecord could not record (exit status \(status)); is there a microphone?")
        }
    }

    /// Plays a WAV file with the machine's player and waits for its end; false without a player.
    @discardableResult
    public static func play(_ file: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let player = SoundPlayer.find(onPath: environment["PATH"], soundServer: EspeakVoice.hasSoundServer(environment)) else { return false }
        return run(player.path, player.playing(file)) == 0
    }

    /// Runs a program to its end in the command's own process group (a
    /// Ctrl-C stops it with the command): its exit status, or -1 when it could not start.
    private static func run(_ path: String, _ arguments: [String]) -> Int32 {
        guard let pid = ChildProcess.spawn(path, arguments, output: nil, ownGroup: false) else { return -1 }
        return ChildProcess.wait(pid)
    }

    public static func temporaryFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("taskboard-voice-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Problem(description: "no temporary folder could be made") }
        return String(cString: made)
    }
}
