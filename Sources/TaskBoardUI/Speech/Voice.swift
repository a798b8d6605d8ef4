import TaskBoard

/// Something that says sentences aloud (espeak-ng in the kiosk, a recorder
/// in tests). Saying never waits for the speech: a new sentence stops the
/// one still speaking, so the newest key is the one heard.
public protocol Voice: AnyObject, Sendable {
    /// Whether it can speak on this machine, and if not why; found when it
    /// is made, so a frame never waits for it.
    var availability: VoiceAvailability { get }
    func say(_ sentence: Sentence)
    /// Stops what is being said, if anything.
    func stop()
    /// Collects what finished speaking since (called on the kiosk's timer), so no process is left behind.
    func tidy()
}

/// A sentence to say, in the language it is written in.
public struct Sentence: Equatable, Sendable {
    public let text: String
    public let language: Language

    public init(_ text: String, language: Language) {
        self.text = text
        self.language = language
    }
}

/// Whether a voice can speak here.
public enum VoiceAvailability: Equatable, Sendable {
    case available
    case unavailable(VoiceProblem)

    public var isAvailable: Bool { self == .available }
}

/// Why a voice cannot speak: said in Settings in the screen's language, and in the log.
public enum VoiceProblem: Equatable, Sendable, CustomStringConvertible {
    /// The speech program is not on the PATH (not installed).
    case engineMissing(String)
    /// No sound card, and no sound server to play through.
    case noAudioDevice

    public var description: String {
        switch self {
        case .engineMissing(let program): "\(program) is not installed (not found on the PATH)"
        case .noAudioDevice: "no sound device (no sound card in /dev/snd, no PulseAudio or PipeWire)"
        }
    }
}
