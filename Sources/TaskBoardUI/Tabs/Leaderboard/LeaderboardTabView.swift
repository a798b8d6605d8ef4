import TaskBoard

/// The child's Leaderboard tab: the period and scope on top, ranks below.
struct LeaderboardTabView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, data = frame.data, state = frame.state
        let scope: LeaderboardScope = state.leaderboard.group.map { .group($0) } ?? .allGroups
        let scopeName = strings.scopeName(scope) { data.roster.group($0)?.name ?? "" }
        // Every period with the one shown lit; where that leaves no room for
        // the group, only the period shown, between the arrows that change it.
        let periods = Period.allCases.map { " \(strings.periodName($0)) " }
        let allPeriodsWidth = periods.reduce(0) { $0 + DisplayWidth.of($1) + 1 }
        var x = 2
        // Each a target, with the empty row above it.
        if 2 + allPeriodsWidth + 2 + DisplayWidth.of(scopeName) <= area.width - 1 {
            for (period, name) in zip(Period.allCases, periods) {
                let width = buffer.write(name, x: x, y: area.y, style: period == state.leaderboard.period ? theme.activeTab : theme.tab)
                buffer.target(Rect(x: x, y: area.y - 1, width: width, height: 2), .period(period))
                x += width + 1
            }
        } else {
            let (left, right) = theme.unicode ? ("◂", "▸") : ("<", ">")
            let width = buffer.write("\(left) \(strings.periodName(state.leaderboard.period)) \(right)", x: x, y: area.y, style: theme.activeTab)
            buffer.target(Rect(x: x - 2, y: area.y - 1, width: 2 + width / 2, height: 2), .action(.left))
            buffer.target(Rect(x: x + width / 2, y: area.y - 1, width: width - width / 2 + 1, height: 2), .action(.right))
            x += width + 1
        }
        // The group's name: a tap shows the next group, as Enter does.
        let scopeWidth = buffer.write(scopeName, x: x + 2, y: area.y, style: theme.title, maxWidth: max(0, area.width - x - 3))
        buffer.target(Rect(x: x + 1, y: area.y - 1, width: scopeWidth + 2, height: 2), .action(.choose))
        // All time counts from the first day kept (history is kept only so long): said where it fits whole.
        if state.leaderboard.period == .allTime, let first = data.settings.firstDayKept(on: data.today) {
            let since = strings["period.allTimeSince", arguments: ["date": strings.date(first)]]
            let sinceX = x + 2 + scopeWidth + 2
            if sinceX + DisplayWidth.of(since) <= area.width - 1 { buffer.write(since, x: sinceX, y: area.y, style: theme.dim) }
        }
        let listArea = Rect(x: 1, y: KioskLayout.contentTop, width: area.width - 2, height: area.y + area.height - KioskLayout.contentTop)
        let style = state.leaderboard.style ?? data.settings.leaderboardStyle
        let entries: [LeaderboardEntry]
        switch data.leaderboard {
        case .groupGoals(.success(let goals))?:
            GroupGoalView(screen: screen, goals: goals, allTime: state.leaderboard.period == .allTime, offset: state.leaderboard.scroll)
                .render(into: &buffer, area: listArea)
            return
        case .groupGoals(.failure(let failure))?, .entries(.failure(let failure))?:
            screen.renderReadFailure(failure, into: &buffer, x: 2, y: listArea.y, width: area.width - 4)
            return
        case .entries(.success(let ranked))?:
            entries = ranked
        case nil:
            return
        }
        guard !entries.isEmpty else {
            buffer.write(strings["leaderboard.noChildren"], x: 2, y: listArea.y, style: theme.dim, maxWidth: area.width - 4)
            return
        }
        // Two children of the same name in different groups: the group tells them apart.
        let namesakes = scope == .allGroups ? data.namesakes : []
        let rows = entries.map { entry in
            var name = entry.child.name
            if namesakes.contains(entry.child.id), let group = data.roster.group(entry.child.groupID) {
                name += " (\(group.name))"
            }
            return LeaderboardView.Row(rank: entry.rank, childID: entry.child.id.rawValue, name: name,
                                       avatar: screen.shown(entry.child.avatar), points: entry.points)
        }
        // Tiles for a finger on the kiosk; on paper (`print leaderboard`) a line each.
        let grid = frame.screen.drawsButtons ? LeaderboardTab.grid(state, count: rows.count) : nil
        let offset = min(state.leaderboard.scroll, max(0, rows.count - (grid?.shown ?? listArea.height)))
        // Shares are per cents, written as the language writes them ("50%", "50 %").
        let share = style == .share
        let valueText: (Int) -> String = { share ? strings.percent($0) : String($0) }
        var view = LeaderboardView(rows: rows, theme: theme, offset: offset, ranked: style != .stars, valueText: valueText,
                                   fullBar: style == .share ? 100 : nil)
        view.marked = state.tasks.opened?.rawValue
        view.grid = grid
        view.render(into: &buffer, area: listArea)
    }
}
