import TaskBoard

/// The child's Tasks tab: choose a group, then yourself, then see today's board.
struct TasksTabView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        let roster = screen.daycare.roster
        switch state.tasks.step {
        case .chooseGroup:
            buffer.write(strings["tasks.chooseGroup"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
            let items = roster.groups.map { ListView.Item(symbol: screen.shown($0.avatar), label: $0.name) }
            screen.renderList(items, selection: state.tasks.groups, empty: strings["tasks.noGroups"], into: &buffer, area: area)
        case .chooseChild(let group):
            let title = (roster.group(group).map { "\(screen.shown($0.avatar)) \($0.name): " } ?? "") + strings["tasks.chooseChild"]
            buffer.write(title, x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
            let items = roster.children(in: group).map {
                ListView.Item(symbol: screen.shown($0.avatar), label: $0.name, style: theme.childStyle($0.id.rawValue))
            }
            screen.renderList(items, selection: state.tasks.children, empty: strings["tasks.noChildren"], into: &buffer, area: area)
        case .board(let childID):
            renderBoard(childID, into: &buffer, area: area)
        }
    }

    private func renderBoard(_ childID: ChildID, into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme, daycare = screen.daycare
        guard let child = daycare.roster.child(childID) else { return }
        let width = area.width - 4
        let progress: Progress, marks: DayMarks, days: [DayStatus]
        do {
            progress = try daycare.shownProgress(of: childID)
            marks = try daycare.marks(on: daycare.today)
            days = try daycare.weekStrip(of: childID)
        } catch {
            // Never an empty board that looks like nothing to do.
            screen.renderReadFailure(error, into: &buffer, x: 2, y: area.y, width: width)
            return
        }
        let used = buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: 2, y: area.y, style: theme.childStyle(child.id.rawValue), maxWidth: width / 2)
        let summary = strings["tasks.progress", arguments: ["done": "\(progress.done)", "total": "\(progress.total)"]]
        buffer.write(summary, x: 2 + used + 3, y: area.y, style: theme.text.with(bold: true), maxWidth: width - used - 3)
        let tasks = daycare.roster.boardTasks(of: childID)
        let rows = max(0, area.height - 4)
        if tasks.isEmpty {
            buffer.write(strings["tasks.noTasks"], x: 2, y: area.y + 2, style: theme.dim, maxWidth: width)
        }
        for (index, task) in tasks.prefix(rows).enumerated() {
            let y = area.y + 2 + index
            let done = marks.isDone(childID, task.id)
            // A different symbol, not only a different colour.
            let mark = done ? theme.done : theme.notDone
            let style = done ? theme.status : theme.text
            buffer.write(mark, x: 4, y: y, style: style.with(bold: true))
            let label = [screen.shown(icon: task.icon), task.name].compactMap { $0 }.joined(separator: " ")
            buffer.write(label, x: 8, y: y, style: style, maxWidth: width - 12)
        }
        let bottom = area.y + area.height - 1
        if progress.isComplete {
            buffer.write(strings["tasks.allDone"], x: 2, y: bottom - 1, style: theme.status, maxWidth: width)
        } else if progress.streak > 0 {
            buffer.write(strings.plural("tasks.streak", count: progress.streak), x: 2, y: bottom - 1, style: theme.text, maxWidth: width)
        }
        renderWeek(days, into: &buffer, y: bottom, width: width)
    }

    /// The last seven days: the weekday letter and a done symbol for a finished board.
    private func renderWeek(_ days: [DayStatus], into buffer: inout ScreenBuffer, y: Int, width: Int) {
        let strings = screen.strings, theme = screen.theme
        var x = 2 + buffer.write(strings["tasks.week"] + ": ", x: 2, y: y, style: theme.dim, maxWidth: width)
        for day in days {
            x += buffer.write(strings.weekdayLetter(day.day) + " ", x: x, y: y, style: theme.dim)
            x += buffer.write((day.complete ? theme.done : theme.notDone) + "  ", x: x, y: y, style: day.complete ? theme.status : theme.text)
        }
    }
}

/// The child's Leaderboard tab: the period and scope on top, ranks below.
struct LeaderboardTabView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme, daycare = screen.daycare
        let scope: LeaderboardScope = state.leaderboard.group.map { .group($0) } ?? .allGroups
        var x = 2
        for period in Period.allCases {
            let style = period == state.leaderboard.period ? theme.activeTab : theme.tab
            x += buffer.write(" \(strings.periodName(period)) ", x: x, y: area.y, style: style) + 1
        }
        let scopeName = strings.scopeName(scope) { daycare.roster.group($0)?.name ?? "" }
        buffer.write(scopeName, x: x + 2, y: area.y, style: theme.title, maxWidth: max(0, area.width - x - 3))
        let entries = daycare.leaderboard(scope, state.leaderboard.period, order: NameOrder(language: strings.language.rawValue))
        let listArea = Rect(x: 1, y: KioskLayout.contentTop, width: area.width - 2, height: area.y + area.height - KioskLayout.contentTop)
        guard !entries.isEmpty else {
            buffer.write(strings["leaderboard.noChildren"], x: 2, y: listArea.y, style: theme.dim, maxWidth: area.width - 4)
            return
        }
        // Two children of the same name in different groups: the group tells them apart.
        let namesakes = scope == .allGroups ? daycare.childrenWithNamesakesInOtherGroups : []
        let rows = entries.map { entry in
            var name = entry.child.name
            if namesakes.contains(entry.child.id), let group = daycare.roster.group(entry.child.groupID) {
                name += " (\(group.name))"
            }
            return LeaderboardView.Row(rank: entry.rank, childID: entry.child.id.rawValue, name: name,
                                       avatar: screen.shown(entry.child.avatar), points: entry.points)
        }
        let offset = min(state.leaderboard.scroll, max(0, rows.count - listArea.height))
        LeaderboardView(rows: rows, theme: theme, offset: offset).render(into: &buffer, area: listArea)
    }
}
