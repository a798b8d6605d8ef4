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
            let children = roster.children(in: group.id).map { (child: $0, first: firstDay(of: $0)) }
            let start = range?.lowerBound ?? children.map(\.first).min() ?? today
            let end = min(today, range?.upperBound ?? today)
            var goal = 0, reached = 0
            if start <= end {
                for day in start...end {
                    let dayGoal = self.dayGoal(children, on: day)
                    guard dayGoal > 0 else { continue }
                    goal += dayGoal
                    if Self.points(of: children, (older?[day] ?? ledger.tally(on: day)).points) >= dayGoal { reached += 1 }
                }
            }
            return GroupGoal(group: group, points: points, goal: goal, daysReached: older == nil ? nil : reached)
        }
    }

    /// A day's goal for these children: the points per child for each child
    /// here that day (from their first day, not away); 0 when the daycare is
    /// closed or nobody is here, when there is nothing to reach.
    private func dayGoal(_ children: [(child: Child, first: Day)], on day: Day) -> Int {
        guard settings.isOpen(day) else { return 0 }
        return settings.goalPerChild * children.count(where: { day >= $0.first && !attendance.isAway($0.child.id, on: day) })
    }

    private static func points(of children: [(child: Child, first: Day)], _ points: [ChildID: Int]) -> Int {
        children.reduce(0) { $0 + (points[$1.child.id] ?? 0) }
    }

    /// Reads the days older than the summary's six weeks now (once), so that
    /// a caller that must not leave anything unknown gets the reason it cannot.
    public func readDaysBeforeSixWeeks() throws {
        _ = try ledger.talliesBeforeWindow()
    }

    /// Whether the group has reached today's goal: a tick that makes it so is celebrated.
    public func hasReachedGoalToday(_ group: GroupID) -> Bool {
        // Today alone, for the group alone: asked before and after every tick.
        guard let tally = try? ledger.tally(on: today) else { return false }
        let children = roster.children(in: group).map { (child: $0, first: firstDay(of: $0)) }
        let goal = dayGoal(children, on: today)
        return goal > 0 && Self.points(of: children, tally.points) >= goal
    }
}
