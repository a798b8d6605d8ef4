import TaskBoard

/// The periods as staff type them on a command line and as scripts read them
/// in JSON: today, week, month, all.
extension Period {
    public init?(commandLineName name: String) {
        guard let period = Period.allCases.first(where: { $0.commandLineName == name.lowercased() }) else { return nil }
        self = period
    }

    public var commandLineName: String {
        switch self {
        case .today: "today"
        case .week: "week"
        case .month: "month"
        case .allTime: "all"
        }
    }
}

/// The leaderboard styles as a command line takes them and JSON says them:
/// ranking, goal, stars.
extension LeaderboardStyle {
    public init?(commandLineName name: String) {
        guard let style = LeaderboardStyle.allCases.first(where: { $0.commandLineName == name.lowercased() }) else { return nil }
        self = style
    }

    public var commandLineName: String {
        switch self {
        case .ranking: "ranking"
        case .share: "share"
        case .groupGoal: "goal"
        case .stars: "stars"
        }
    }
}
