import Foundation

/// One row of a leaderboard. Equal points share a rank (1, 1, 3).
public struct LeaderboardEntry: Equatable, Sendable {
    public let rank: Int
    public let child: Child
    public let points: Int
}

public enum Leaderboard {
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
