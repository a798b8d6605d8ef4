/// Which icons a task's name calls for, best first, from the words each icon
/// lists (in every language, so a Finnish daycare may name tasks in English).
/// People name a task as a verb and a thing ("Wash hands", "Pese kädet"):
/// an icon scores for each of the name's words it knows, more for a whole
/// phrase it lists; on a tie the thing, named later, wins over the verb
/// ("Tidy the toys" is 🧸 rather than 🧹).
public struct IconFinder: Sendable {
    private struct Entry: Sendable {
        let icon: IconCatalogue.Icon
        let words: [String]
        let phrases: [[String]]
    }

    private let entries: [Entry]

    public init(_ icons: [IconCatalogue.Icon]) {
        entries = icons.map { icon in
            let all = (Array(icon.name.values) + icon.words.values.flatMap { $0 }).map(Self.words)
            return Entry(icon: icon, words: all.filter { $0.count == 1 }.map { $0[0] }, phrases: all.filter { $0.count > 1 })
        }
    }

    /// The icons that match any of the name's words, best first.
    public func ranked(for taskName: String) -> [IconCatalogue.Icon] {
        let name = Self.words(taskName)
        let scored = entries.enumerated().compactMap { index, entry -> (score: Int, last: Int, index: Int)? in
            var score = 0, last = -1
            for (position, word) in name.enumerated() {
                let best = entry.words.map { Self.score(word, $0) }.max() ?? 0
                if best > 0 { score += best; last = position }
            }
            for phrase in entry.phrases {
                if let end = Self.end(of: phrase, in: name) { score += 4; last = max(last, end) }
            }
            return score > 0 ? (score, last, index) : nil
        }
        return scored.sorted { ($0.score, $0.last, -$0.index) > ($1.score, $1.last, -$1.index) }.map { entries[$0.index].icon }
    }

    public func best(for taskName: String) -> IconCatalogue.Icon? { ranked(for: taskName).first }

    /// Lower-case words of letters ("T-shirt" is "t" and "shirt").
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// 3 for the same word; 2 for the same word with another ending
    /// ("lounaan" and "lounas", "toy" and "toys", "vessassa" and "vessa"):
    /// a shared start of at least three letters that leaves at most two
    /// letters of the shorter word and four of the longer.
    static func score(_ word: String, _ known: String) -> Int {
        if word == known { return 3 }
        let (short, long) = word.count <= known.count ? (word, known) : (known, word)
        guard short.count >= 3 else { return 0 }
        let shared = zip(short, long).prefix { $0 == $1 }.count
        let matches = shared >= min(4, short.count) && short.count - shared <= 2 && long.count - shared <= 4
        return matches ? 2 : 0
    }

    /// Where a phrase ends in the name's words, if it is there whole.
    private static func end(of phrase: [String], in name: [String]) -> Int? {
        guard phrase.count <= name.count else { return nil }
        return (0...(name.count - phrase.count)).first { Array(name[$0..<($0 + phrase.count)]) == phrase }.map { $0 + phrase.count - 1 }
    }
}
