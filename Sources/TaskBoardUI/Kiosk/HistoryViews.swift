import TaskBoard

/// A child's month as a calendar, under the child's name and the month:
/// on the child's own page (Tasks) and on the admin side (Boards).
struct ChildMonthView {
    let screen: KioskScreen
    let childID: ChildID
    /// 0 for this month, 1 for the one before, ...
    let monthsBack: Int

    static func month(_ monthsBack: Int, from today: Day) -> Day {
        var month = today.startOfMonth
        for _ in 0..<monthsBack { month = month.advanced(by: -1).startOfMonth }
        return month
    }

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme, daycare = screen.daycare
        guard let child = daycare.roster.child(childID) else { return }
        let month = Self.month(monthsBack, from: daycare.today)
        let days: [(day: Day, cell: HistoryCell)]
        do {
            days = try daycare.monthHistory(of: childID, month: month)
        } catch {
            screen.renderReadFailure(error, into: &buffer, x: 2, y: area.y, width: area.width - 4)
            return
        }
        let used = buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: 2, y: area.y, style: theme.childStyle(child.id.rawValue),
                                maxWidth: (area.width - 4) / 2)
        buffer.write("\(strings["month.\(month.month)"]) \(month.year)", x: 2 + used + 3, y: area.y, style: theme.title,
                     maxWidth: area.width - 4 - used - 3)
        let grid = MonthGridView(strings: strings, theme: theme, days: days)
        // A blank row under the title and the legend under the grid, where there is room.
        let gap = area.height >= grid.height + 3 ? 1 : 0
        grid.render(into: &buffer, x: 2, y: area.y + 1 + gap)
        if area.height >= grid.height + 2 + gap {
            buffer.write(grid.legend(), x: 2, y: area.y + 1 + gap + grid.height, style: theme.dim, maxWidth: area.width - 4)
        }
    }
}

/// A group's week on the admin side (Groups): its children down, Monday to
/// Sunday across, each day's symbol and count.
struct GroupWeekPage {
    let screen: KioskScreen
    let groupID: GroupID
    /// 0 for this week, 1 for the one before, ...
    let weeksBack: Int

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme, daycare = screen.daycare
        guard let group = daycare.roster.group(groupID) else { return }
        let monday = daycare.today.startOfWeek.advanced(by: -7 * weeksBack)
        let dash = theme.unicode ? "–" : "-"
        let used = buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: 2, y: area.y, style: theme.title, maxWidth: (area.width - 4) / 2)
        buffer.write(strings.date(monday) + dash + strings.date(monday.advanced(by: 6)), x: 2 + used + 3, y: area.y, style: theme.text,
                     maxWidth: area.width - 4 - used - 3)
        let rows: [GroupWeekView.Row]
        do {
            rows = try daycare.roster.children(in: groupID).map { child in
                GroupWeekView.Row(child: child, cells: try (0..<7).map { try daycare.historyCell(of: child.id, on: monday.advanced(by: $0)) })
            }
        } catch {
            screen.renderReadFailure(error, into: &buffer, x: 2, y: area.y + 2, width: area.width - 4)
            return
        }
        GroupWeekView(strings: strings, theme: theme, shown: screen.shown, week: monday, rows: rows)
            .render(into: &buffer, x: 2, y: area.y + 2, width: area.width - 4, height: area.height - 2)
    }
}
