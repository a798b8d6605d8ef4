import Foundation
import TaskBoard

/// `taskboard leaderboard --json`: the ranks for scripts, keys sorted so the
/// output is stable. Days are ISO dates; `from`/`to` are null for all time,
/// `group` null for all groups. Equal points share a rank (1, 1, 3).
public struct LeaderboardJSON: Encodable {
    public struct Entry: Encodable, Equatable {
        public let rank: Int
        public let child: String
        public let group: String
        /// The emoji as stored, whatever the locale: JSON is UTF-8.
        public let avatar: String
        public let points: Int
    }

    public let period: String
    public let from: String?
    public let to: String?
    public let group: String?
    public let entries: [Entry]

    public init(daycare: Daycare, scope: LeaderboardScope, period: Period) {
        let roster = daycare.roster
        let days = period.days(around: daycare.today)
        self.period = period.commandLineName
        from = days.map { $0.lowerBound.description }
        to = days.map { $0.upperBound.description }
        if case .group(let id) = scope { group = roster.group(id)?.name } else { group = nil }
        entries = daycare.leaderboard(scope, period).map {
            Entry(rank: $0.rank, child: $0.child.name, group: roster.group($0.child.groupID)?.name ?? "",
                  avatar: $0.child.avatar, points: $0.points)
        }
    }

    private enum CodingKeys: String, CodingKey { case period, from, to, group, entries }

    // Written by hand so that an absent day or group is an explicit null.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period, forKey: .period)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(group, forKey: .group)
        try container.encode(entries, forKey: .entries)
    }

    /// Pretty-printed UTF-8 with sorted keys and a final line break.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
