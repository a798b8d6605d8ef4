import TaskBoard

/// The names the staff have recorded, as the voice says them, each with its
/// file: a sentence that holds one plays the recording in its place. Made
/// from the roster as it is now, so a renamed task keeps its voice and a
/// deleted child's recording is never played.
public struct RecordedNames: Equatable, Sendable {
    public let recordings: [NameRecording]

    public static let none = RecordedNames(recordings: [])

    init(recordings: [NameRecording]) { self.recordings = recordings }

    /// `files`: where each kept recording is. Two children of one name (in
    /// two groups) share the first one's recording: a sentence cannot tell them apart.
    public init(roster: Roster, files: [VoiceKey: String]) {
        var seen = Set<String>()
        recordings = files.keys.sorted().compactMap { key in
            guard let name = Self.said(key, roster), !name.isEmpty,
                  seen.insert(name.lowercased()).inserted, let file = files[key] else { return nil }
            return NameRecording(name: name, file: file)
        }
    }

    /// The name as the narrator puts it into a sentence: a child's as the
    /// voice can say it (`SpokenName`), a task's as the library writes it.
    private static func said(_ key: VoiceKey, _ roster: Roster) -> String? {
        switch key {
        case .child: roster.name(of: key).map(SpokenName.of)
        case .task: roster.name(of: key)
        }
    }

    /// The sentence with the recordings of the names it holds.
    public func attached(to sentence: Sentence) -> Sentence {
        guard !recordings.isEmpty else { return sentence }
        var sentence = sentence
        let lowered = sentence.text.lowercased()
        sentence.recordings = recordings.filter { lowered.contains($0.name.lowercased()) }
        return sentence
    }
}
