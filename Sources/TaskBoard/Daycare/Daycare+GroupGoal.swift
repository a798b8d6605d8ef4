/// The group goal: each group's points toward a goal that every group can
/// reach, whatever its size and however many are away.
extension Daycare {
    /// Each group of the scope, in roster order. Only "all time" reads the
    /// days before the summary's six weeks (once, then kept); when they
    /// cannot be read, the days reached are not known.
    public func groupGoals(_ scope: LeaderboardScope, _ period: Period) throws -> [GroupGoal] {
        try scoreboard.groupGoals(scope, period, at: revision) { try workOutGroupGoals(scope, period) }
    }

    private func workOutGroupGoals(_ scope: LeaderboardScope, _ period: Period) throws -> [GroupGoal] {
        let range = period.days(around: today)
        let ledger = try ledger
        let needsOlderDays = range.map { $0.lowerBound < ledger.summary.firstDay } ?? true
        let older: [Day: DayTally]? = needsOlderDays ? try? ledger.talliesBeforeWindow() : [:]
        return groupTotals(scope, period).map { group, points in
            let children = roster.children(in: group.id)
            let firsts = children.map(firstDay(of:))
            let start = range?.lowerBound ?? firsts.min() ?? today
            let end = min(today, range?.upperBound ?? today)
            var goal = 0, reached = 0
            if start <= end {
                for day in start...end {
                    let here = zip(children, firsts).filter { day >= $1 && !attendance.isAway($0.id, on: day) }.map(\.0.id)
                    guard settings.isOpen(day), !here.isEmpty else { continue }
                    let dayGoal = settings.goalPerChild * here.count
                    goal += dayGoal
                    let points = (older?[day] ?? ledger.tally(on: day)).points
                    if children.reduce(0, { $0 + (points[$1.id] ?? 0) }) >= dayGoal { reached += 1 }
                }
            }
            return GroupGoal(group: group, points: points, goal: goal, daysReached: older == nil ? nil : reached)
        }
    }

    /// Reads the days older than the summary's six weeks now (once), so that
    /// a caller that must not leave anything unknown gets the reason it cannot.
    public func readDaysBeforeSixWeeks() throws {
        _ = try ledger.talliesBeforeWindow()
    }

    /// Whether the group has reached today's goal: a tick that makes it so is celebrated.
    public func hasReachedGoalToday(_ group: GroupID) -> Bool {
        (try? groupGoals(.group(group), .today))?.first?.reached ?? false
    }
}
