import TaskBoard
import TaskBoardUI

extension Printout {
    /// A child's month, as the kiosk's month page shows it: a heading with
    /// the group, the child and the month, the calendar, and what its
    /// symbols mean.
    public func month(of childID: ChildID, month: Day) throws -> ScreenBuffer {
        var page = newPage()
        guard let child = daycare.roster.child(childID) else { return page.buffer }
        let group = daycare.roster.group(child.groupID)
        let title = [group.map(title(of:)), "\(screen.shown(child.avatar)) \(child.name)", "\(strings["month.\(month.month)"]) \(month.year)"]
        page.appendHeading(title.compactMap { $0 }, separator: titleSeparator, style: theme.title, right: todayText, style: theme.text)
        page.appendBlank()
        let days = try daycare.monthHistory(of: childID, month: month).map { (day: $0.day, cell: Optional($0.cell)) }
        let grid = MonthGridView(strings: strings, theme: theme, days: days)
        page.append(height: grid.height) { buffer in grid.render(into: &buffer, x: 2, y: 0) }
        page.appendBlank()
        appendLegend(grid, to: &page)
        return page.buffer
    }

    /// A group's week, Monday to Sunday: every child's days with counts.
    public func week(of groupID: GroupID, week day: Day) throws -> ScreenBuffer {
        var page = newPage()
        guard let group = daycare.roster.group(groupID) else { return page.buffer }
        let monday = day.startOfWeek
        page.appendHeading([title(of: group)], separator: titleSeparator, style: theme.title,
                           right: strings.dateRange(monday, monday.advanced(by: 6), unicode: theme.unicode), style: theme.text)
        page.appendBlank()
        let rows = try daycare.roster.children(in: groupID).map { child in
            GroupWeekView.Row(child: child, cells: try (0..<7).map { try daycare.historyCell(of: child.id, on: monday.advanced(by: $0)) })
        }
        let view = GroupWeekView(strings: strings, theme: theme, shown: screen.shown, week: monday, rows: rows)
        page.append(height: view.height) { [width] buffer in view.render(into: &buffer, x: 2, y: 0, width: width - 2) }
        page.appendBlank()
        appendLegend(MonthGridView(strings: strings, theme: theme, days: []), to: &page)
        return page.buffer
    }

    /// What the symbols mean, on as many lines as the paper's width needs.
    private func appendLegend(_ grid: MonthGridView, to page: inout PageRows) {
        let lines = grid.legend(width: width - 2, lines: 5)
        page.append(height: lines.count) { [theme] buffer in
            for (row, line) in lines.enumerated() { buffer.write(line, x: 2, y: row, style: theme.dim) }
        }
    }
}
