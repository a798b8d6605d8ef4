import Foundation

/// Letters typed over a list of names go to the name that starts with them:
/// "em" to Emma, whatever else starts with e; the same letter again goes to
/// the next name with that letter (e, e, e); a pause starts over. Capitals
/// and accents need not be typed (a keyboard without ä reaches Äijälä).
public struct TypeAhead: Equatable, Sendable {
    /// Longer than this between two letters, and the next starts a new name.
    public static let pause: TimeInterval = 1.0

    public private(set) var typed = ""
    private var at: TimeInterval = -.infinity

    public init() {}

    /// The row a letter typed at `now` goes to, from the row `current`;
    /// nil where no name fits (the cursor stays).
    public mutating func row(for letter: Character, at now: TimeInterval, current: Int, in names: [String]) -> Int? {
        guard letter.isLetter, !names.isEmpty else { return nil }
        if now - at > Self.pause { typed = "" }
        at = now
        typed += String(letter).lowercased()
        let first = typed.first.map(String.init) ?? ""
        // One letter, or the same letter again: the next name with it, round the list.
        if typed.allSatisfy({ String($0) == first }) {
            return Self.next(after: current, in: names) { $0.hasPrefix(first) }
                ?? Self.next(after: current, in: names) { Self.fold($0).hasPrefix(Self.fold(first)) }
        }
        // More letters: the first name from here on that starts with them.
        let typed = self.typed
        return Self.next(after: current - 1, in: names) { $0.hasPrefix(typed) }
            ?? Self.next(after: current - 1, in: names) { Self.fold($0).hasPrefix(Self.fold(typed)) }
    }

    /// The first row after `index`, round the list, whose lowercased name fits.
    private static func next(after index: Int, in names: [String], where fits: (String) -> Bool) -> Int? {
        for step in 1...names.count {
            let row = ((index + step) % names.count + names.count) % names.count
            if fits(names[row].lowercased()) { return row }
        }
        return nil
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
