/// The spans a leaderboard can cover. Weeks start on Monday.
public enum Period: String, CaseIterable, Sendable, Codable {
    case today, week, month, allTime

    /// The days of the period that contains `today`; nil for all time.
    public func days(around today: Day) -> ClosedRange<Day>? {
        switch self {
        case .today: today...today
        case .week: today.startOfWeek...today.startOfWeek.advanced(by: 6)
        case .month: today.startOfMonth...today.endOfMonth
        case .allTime: nil
        }
    }
}

/// Which children a leaderboard compares.
public enum LeaderboardScope: Equatable, Hashable, Sendable {
    case allGroups
    case group(GroupID)
}
