import Foundation

/// The names close to one that matched nothing, for "did you mean": by edit
/// distance (a letter added, left out, changed or two swapped), without
/// regard to case or accents ("vaino" is Väinö), against the whole name or
/// one of its words ("Siiri" is Siiri 🌸). Only the close ones: a name is
/// close when no more than a third of what was typed (at least one letter,
/// at most three) has to change.
public enum NameSuggestions {
    public static let limit = 3

    /// At most `limit` names, closest first, then in the order given; a
    /// name given twice (in two groups) once.
    public static func closest(to typed: String, among names: [String]) -> [String] {
        let key = folded(typed.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !key.isEmpty else { return [] }
        let allowed = max(1, min(3, key.count / 3))
        var seen = Set<[Character]>()
        var close: [(distance: Int, name: String)] = []
        for name in names {
            let whole = folded(name)
            guard seen.insert(whole).inserted else { continue }
            let words = name.split(separator: " ").map { folded(String($0)) }
            let distance = ([whole] + (words.count > 1 ? words : [])).map { editDistance(key, $0) }.min() ?? .max
            if distance <= allowed { close.append((distance, name)) }
        }
        // A stable sort: equally close names keep the order given.
        return close.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(limit).map { $0.element.name }
    }

    private static func folded(_ text: String) -> [Character] {
        Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }

    /// The optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of two neighbours, each counting one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
