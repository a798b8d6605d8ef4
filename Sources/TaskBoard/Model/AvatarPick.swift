/// The picture a new child or group starts with, the same in the kiosk and
/// in an import. A child finds their row by their picture, so a new child
/// gets one no child in the daycare has while the catalogue has one free;
/// then one no child in their group has; only then the least used in the
/// group. Each time the first such in catalogue order, so the choice is
/// predictable. Children who have a picture keep it: this only chooses.
public struct AvatarPick: Sendable {
    /// When there is no catalogue to choose from.
    public static let fallback = "🙂"

    /// The catalogue's symbols, in its order.
    public let symbols: [String]

    public init(symbols: [String]) {
        self.symbols = symbols
    }

    public init(catalogue: [AvatarCatalogue.Avatar]) {
        self.init(symbols: catalogue.map(\.symbol))
    }

    /// For a child about to join `group` (which may not exist yet: a group
    /// being added has no children).
    public func forChild(joining group: GroupID, in roster: Roster) -> String {
        forChild(joining: group, in: Tally(roster))
    }

    /// The same, with the pictures counted already: an import picks for
    /// each of thousands of lines and counts each child it adds.
    public func forChild(joining group: GroupID, in tally: Tally) -> String {
        let inGroup = tally.inGroups[group] ?? [:]
        // Never a group's own picture (🐻 Aada in 🐻 Bears would tell a child
        // nothing). A picture free in the daycare is free in the group too,
        // so the group's count decides next: free anywhere, then free in the
        // group (the least used in the daycare), then the least used there.
        return leastUsed { [tally.groupPictures.contains($0) ? 1 : 0, inGroup[$0] ?? 0, tally.inDaycare[$0] ?? 0] }
    }

    /// The children's pictures in the daycare and in each group, by `picture`.
    public struct Tally: Sendable {
        var inDaycare: [String: Int] = [:]
        var inGroups: [GroupID: [String: Int]] = [:]
        /// The groups' own pictures, which no child is given.
        var groupPictures: Set<String> = []

        public init(_ roster: Roster) {
            for child in roster.children { add(child.avatar, group: child.groupID) }
            for group in roster.groups { addGroup(group.avatar) }
        }

        /// A group added with `avatar`.
        public mutating func addGroup(_ avatar: String) {
            groupPictures.insert(AvatarPick.picture(avatar))
        }

        /// A child added with `avatar` to `group`.
        public mutating func add(_ avatar: String, group: GroupID) {
            let key = AvatarPick.picture(avatar)
            inDaycare[key, default: 0] += 1
            inGroups[group, default: [:]][key, default: 0] += 1
        }
    }

    /// For a new group: one no other group has, else the least used.
    public func forGroup(in roster: Roster) -> String {
        var used: [String: Int] = [:]
        for group in roster.groups { used[Self.picture(group.avatar), default: 0] += 1 }
        return leastUsed { [used[$0] ?? 0] }
    }

    /// The catalogue's first symbol with the smallest counts (compared in
    /// order), by the picture's key.
    private func leastUsed(_ counts: (String) -> [Int]) -> String {
        var best: (symbol: String, counts: [Int])?
        for symbol in symbols {
            let these = counts(Self.picture(symbol))
            if best.map({ these.lexicographicallyPrecedes($0.counts) }) ?? true { best = (symbol, these) }
            if these.allSatisfy({ $0 == 0 }) { break }
        }
        return best?.symbol ?? Self.fallback
    }

    /// What a child sees: "🐿" typed without U+FE0F is the catalogue's "🐿️".
    public static func picture(_ symbol: String) -> String {
        guard symbol.unicodeScalars.contains("\u{FE0F}") else { return symbol }
        return String(String.UnicodeScalarView(symbol.unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }
}
