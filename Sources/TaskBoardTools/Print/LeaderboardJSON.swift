import Foundation
import TaskBoard

/// `taskboard leaderboard --json`: the ranks for scripts, keys sorted so the
/// output is stable. Days are ISO dates; `from`/`to` are null for all time,
/// `group` null for all groups. Equal points share a rank (1, 1, 3).
public struct LeaderboardJSON: Encodable {
    public struct Entry: Encodable, Equatable {
        /// Nil (null) in the goal and stars styles, which rank nobody.
        public let rank: Int?
        public let child: String
        public let group: String
        /// The emoji as stored, whatever the locale: JSON is UTF-8.
        public let avatar: String
        public let points: Int

        private enum CodingKeys: String, CodingKey { case rank, child, group, avatar, points }

        // By hand, so that no rank is an explicit null.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rank, forKey: .rank)
            try container.encode(child, forKey: .child)
            try container.encode(group, forKey: .group)
            try container.encode(avatar, forKey: .avatar)
            try container.encode(points, forKey: .points)
        }
    }

    /// A group's points toward its goal, in the goal style: the goal is the
    /// points per child for each child here on each open day of the period
    /// so far, and `daysReached` counts the days the group reached that day's.
    public struct GroupTotal: Encodable, Equatable {
        public let group: String
        public let points: Int
        public let goal: Int
        public let reached: Bool
        public let daysReached: Int
    }

    public let period: String
    public let style: String
    public let from: String?
    public let to: String?
    public let group: String?
    public let entries: [Entry]
    public let groups: [GroupTotal]?

    public init(daycare: Daycare, scope: LeaderboardScope, period: Period, style: LeaderboardStyle = .ranking) throws {
        let roster = daycare.roster
        let days = period.days(around: daycare.today)
        self.period = period.commandLineName
        from = days.map { $0.lowerBound.description }
        to = days.map { $0.upperBound.description }
        if case .group(let id) = scope { group = roster.group(id)?.name } else { group = nil }
        self.style = style.commandLineName
        let ranked = style == .ranking || style == .share
        let rows = switch style {
        case .ranking: daycare.leaderboard(scope, period)
        case .share: daycare.leaderboardByShare(scope, period)
        case .groupGoal, .stars: daycare.pointsByName(scope, period)
        }
        entries = rows.map {
            Entry(rank: ranked ? $0.rank : nil, child: $0.child.name, group: roster.group($0.child.groupID)?.name ?? "",
                  avatar: $0.child.avatar, points: $0.points)
        }
        // Read here first, so that a day that cannot be read is an error with its reason, not a count left out.
        if style == .groupGoal { try daycare.readDaysBeforeSixWeeks() }
        groups = try style != .groupGoal ? nil : daycare.groupGoals(scope, period).map {
            GroupTotal(group: $0.group.name, points: $0.points, goal: $0.goal, reached: $0.reached, daysReached: $0.daysReached ?? 0)
        }
    }

    private enum CodingKeys: String, CodingKey { case period, style, from, to, group, entries, groups }

    // Written by hand so that an absent day or group is an explicit null.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period, forKey: .period)
        try container.encode(style, forKey: .style)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(group, forKey: .group)
        try container.encode(entries, forKey: .entries)
        try container.encodeIfPresent(groups, forKey: .groups)
    }

    /// Pretty-printed UTF-8 with sorted keys and a final line break.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
