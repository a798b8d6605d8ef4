/// The program that plays a WAV file on this machine: PipeWire's, PulseAudio's
/// or ALSA's, whichever is on the PATH first in that order.
struct SoundPlayer: Equatable, Sendable {
    let path: String
    let arguments: [String]

    static let known: [(program: String, arguments: [String])] = [("pw-play", []), ("paplay", []), ("aplay", ["-q"])]

    static func find(onPath path: String?) -> SoundPlayer? {
        for (program, arguments) in known {
            if let found = EspeakVoice.find(program, onPath: path) { return SoundPlayer(path: found, arguments: arguments) }
        }
        return nil
    }

    /// The arguments that play `file`.
    func playing(_ file: String) -> [String] { arguments + ["--", file] }
}
