import Foundation

/// One row of a leaderboard. Equal points share a rank (1, 1, 3).
public struct LeaderboardEntry: Equatable, Sendable {
    public let rank: Int
    public let child: Child
    public let points: Int
}

/// How the leaderboard shows the points, chosen in Settings. Finnish early
/// childhood practice avoids comparing children: a daycare may show the
/// group's points toward a goal, or each child's own points without ranks.
public enum LeaderboardStyle: String, Codable, CaseIterable, Sendable {
    /// Ranks by points, medals for the top three (the original design's).
    case ranking
    /// Ranks by the share of one's own board done (per cent of the points it
    /// could have given), so a bigger board does not win by its size alone.
    case share
    /// Each group's points together, toward a goal the staff set; no ranks.
    case groupGoal
    /// Each child's points in name order; no ranks.
    case stars
}

public enum Leaderboard {
    /// Every child with their points in name order, without ranks (rank 0).
    public static func byName(_ children: [Child], points: [ChildID: Int], order: NameOrder = .english) -> [LeaderboardEntry] {
        children.map { (child: $0, key: order.key($0.name)) }
            .sorted { $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.child.id < $1.child.id }
            .map { LeaderboardEntry(rank: 0, child: $0.child, points: points[$0.child.id] ?? 0) }
    }

    /// Ranks every child, including those with zero points: largest first,
    /// ties by name in the language's order, then by id so the order never flickers.
    public static func rank(_ children: [Child], points: [ChildID: Int], order: NameOrder = .english) -> [LeaderboardEntry] {
        // Keyed once per child: comparing with Foundation options in the sort
        // was most of a 200-child leaderboard's time.
        let keyed = children.map { child in
            (child: child, points: points[child.id] ?? 0, key: order.key(child.name))
        }
        let sorted = keyed.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
            return a.child.id < b.child.id
        }.map(\.child)
        var entries: [LeaderboardEntry] = []
        entries.reserveCapacity(sorted.count)
        for (index, child) in sorted.enumerated() {
            let value = points[child.id] ?? 0
            let rank = index > 0 && entries[index - 1].points == value ? entries[index - 1].rank : index + 1
            entries.append(LeaderboardEntry(rank: rank, child: child, points: value))
        }
        return entries
    }
}

extension LeaderboardStyle: JSONDecodable {
    public init(json: JSONValue) throws {
        let text = try json.string()
        guard let style = LeaderboardStyle(rawValue: text) else { throw JSONError(.invalid("not a leaderboard style: \(text)")) }
        self = style
    }
}
