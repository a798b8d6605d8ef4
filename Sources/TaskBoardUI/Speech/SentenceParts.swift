/// A part of a sentence as it is said: words for the synthetic voice, or a
/// recording played in a name's place.
public enum SpokenPart: Equatable, Sendable {
    case words(String)
    case recording(NameRecording)
}

extension Sentence {
    /// The sentence cut at each recorded name, in order ("Well done, " then
    /// Aino's recording then "!"). A name counts only as a whole word, in any
    /// case ("Aino" is not in "Ainoa"); the longest name wins where two
    /// start at the same place. Without recordings, the whole text.
    public var parts: [SpokenPart] {
        guard !recordings.isEmpty else { return text.isEmpty ? [] : [.words(text)] }
        let characters = Array(text)
        let lowered = characters.map(Self.folded)
        let names = recordings.filter { !$0.name.isEmpty }.sorted { $0.name.count > $1.name.count }
        var parts: [SpokenPart] = []
        var words = ""
        var index = 0
        while index < characters.count {
            let atWordStart = index == 0 || !Self.isWordCharacter(characters[index - 1])
            if atWordStart, let found = names.first(where: { Self.matches($0.name, in: lowered, at: index) }) {
                if !words.isEmpty { parts.append(.words(words)) }
                words = ""
                parts.append(.recording(found))
                index += found.name.count
                continue
            }
            words.append(characters[index])
            index += 1
        }
        if !words.isEmpty { parts.append(.words(words)) }
        return parts
    }

    private static func matches(_ name: String, in lowered: [Character], at start: Int) -> Bool {
        let wanted = name.map(folded)
        let end = start + wanted.count
        guard end <= lowered.count, Array(lowered[start..<end]) == wanted else { return false }
        return end == lowered.count || !isWordCharacter(lowered[end])
    }

    /// A character in lower case, one for one, so places in the text and in its folded form agree.
    private static func folded(_ character: Character) -> Character { character.lowercased().first ?? character }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
