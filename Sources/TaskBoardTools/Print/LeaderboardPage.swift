import TaskBoard
import TaskBoardUI

extension Printout {
    /// The leaderboard: a heading naming the period, the scope and the days
    /// they cover (the kiosk shows the period only by highlighting, which
    /// paper loses), then every row of the kiosk's Leaderboard tab.
    public func leaderboard(_ scope: LeaderboardScope, _ period: Period, style: LeaderboardStyle? = nil) -> ScreenBuffer {
        let style = style ?? daycare.settings.leaderboardStyle
        let count = max(1, style == .groupGoal ? daycare.groupTotals(scope, period).count * 3 - 1 : daycare.leaderboard(scope, period).count)
        // The kiosk's list starts at contentTop and leaves the last rows to the status line and hint bar.
        var state = kioskState(height: KioskLayout.contentTop + count + 2)
        state.side = .child(.leaderboard)
        state.leaderboard.period = period
        state.leaderboard.style = style
        if case .group(let id) = scope { state.leaderboard.group = id }
        let kiosk = kioskFrame(state)

        var page = newPage()
        let scopeName = strings.scopeName(scope) { daycare.roster.group($0)?.name ?? "" }
        page.appendHeading([strings["tab.child.leaderboard"], strings.periodName(period), scopeName], separator: titleSeparator,
                           style: theme.title, right: days(of: period), style: theme.text)
        page.appendBlank()
        page.append(kiosk, rows: KioskLayout.contentTop..<(KioskLayout.contentTop + count))
        return page.buffer
    }

    /// The days a period covers ("16–22/11/2026"), or today for
    /// today and all time.
    private func days(of period: Period) -> String {
        // All time counts from the first day kept, where history is kept only so long.
        if period == .allTime, let first = daycare.firstDayCounted { return strings.dateRange(first, daycare.today, unicode: theme.unicode) }
        guard let days = period.days(around: daycare.today), days.lowerBound != days.upperBound else { return todayText }
        return strings.dateRange(days.lowerBound, days.upperBound, unicode: theme.unicode)
    }
}
