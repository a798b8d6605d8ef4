import Foundation

/// One row of a leaderboard. Equal points share a rank (1, 1, 3).
public struct LeaderboardEntry: Equatable, Sendable {
    public let rank: Int
    public let child: Child
    public let points: Int
}

public enum Leaderboard {
    /// Ranks every child, including those with zero points: largest first,
    /// ties by name, then by id so the order never flickers.
    public static func rank(_ children: [Child], points: [ChildID: Int]) -> [LeaderboardEntry] {
        let sorted = children.sorted { a, b in
            let pa = points[a.id] ?? 0, pb = points[b.id] ?? 0
            if pa != pb { return pa > pb }
            switch a.name.compare(b.name, options: [.caseInsensitive, .diacriticInsensitive]) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return a.id < b.id
            }
        }
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
