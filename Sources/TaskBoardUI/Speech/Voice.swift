import TaskBoard

/// Something that says sentences aloud (espeak-ng in the kiosk, a recorder
/// in tests), one at a time: the `Speaker` hands over the next sentence only
/// once the last has finished, and decides what waits and what stops.
public protocol Voice: AnyObject, Sendable {
    /// Whether it can speak on this machine, and if not why; found when it
    /// is made, so a frame never waits for it.
    var availability: VoiceAvailability { get }
    /// Starts saying the sentence and returns at once; `finished` is called
    /// once (on any thread) when it has been said, was stopped, or could not start.
    func speak(_ sentence: Sentence, finished: @escaping @Sendable () -> Void)
    /// Stops the sentence being said, if any, and returns at once; its `finished` still comes.
    func stop()
    /// Waits until nothing is being said and nothing is left behind (the kiosk's end, tests).
    func waitUntilQuiet()
}

/// A sentence to say, in the language it is written in, with the staff's
/// recordings of the names in it (`RecordedNames`), played in their place.
public struct Sentence: Equatable, Sendable {
    public let text: String
    public let language: Language
    public internal(set) var recordings: [NameRecording] = []

    public init(_ text: String, language: Language) {
        self.text = text
        self.language = language
    }
}

/// A name said by a staff member's recording: the WAV file played where the
/// name stands in a sentence.
public struct NameRecording: Equatable, Sendable {
    /// As the voice would say it (`SpokenName`).
    public let name: String
    public let file: String

    public init(name: String, file: String) {
        self.name = name
        self.file = file
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
