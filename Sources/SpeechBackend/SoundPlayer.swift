/// The program that plays a WAV file on this machine, by the sound route
/// found: with a sound server (PulseAudio, PipeWire) its players first,
/// else ALSA's aplay first, whichever of them is on the PATH.
struct SoundPlayer: Equatable, Sendable {
    let path: String
    let arguments: [String]

    static let known: [(program: String, arguments: [String])] = [("paplay", []), ("pw-play", []), ("aplay", ["-q"])]

    static func find(onPath path: String?, soundServer: Bool) -> SoundPlayer? {
        let order = soundServer ? known : known.suffix(1) + known.prefix(2)
        for (program, arguments) in order {
            if let found = EspeakVoice.find(program, onPath: path) { return SoundPlayer(path: found, arguments: arguments) }
        }
        return nil
    }

    /// The arguments that play `file`.
    func playing(_ file: String) -> [String] { arguments + ["--", file] }

    var name: String { String(path.split(separator: "/").last ?? "") }
}
