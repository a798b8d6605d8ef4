import TaskBoard

/// A child's month as a calendar, under the child's name and the month:
/// on the child's own page (Tasks) and on the admin side (Boards). Days
/// not read yet show as not known, by symbol.
struct ChildMonthPage {
    let frame: Frame

    static func month(_ monthsBack: Int, from today: Day) -> Day {
        var month = today.startOfMonth
        for _ in 0..<monthsBack { month = month.advanced(by: -1).startOfMonth }
        return month
    }

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme
        guard let month = frame.data.month, let child = frame.roster.child(month.child) else { return }
        let left = BackButton(frame).render(into: &buffer, titleRow: area.y, maxWidth: area.width / 3)
        let used = buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: left, y: area.y, style: theme.childStyle(child.id.rawValue),
                                maxWidth: (area.width - 2 - left) / 2)
        PageArrows(frame: frame).render("\(strings["month.\(month.month.month)"]) \(month.month.year)", into: &buffer,
                                         x: left + used + 3, y: area.y, maxWidth: area.width - 2 - left - used - 3)
        let grid = MonthGridView(strings: strings, theme: theme, days: month.days)
        // A blank row under the title and the legend under the grid, where there is room.
        let gap = area.height >= grid.height + 3 ? 1 : 0
        grid.render(into: &buffer, x: 2, y: area.y + 1 + gap)
        let legendTop = area.y + 1 + gap + grid.height
        for (line, text) in grid.legend(width: area.width - 4, lines: area.y + area.height - legendTop).enumerated() {
            buffer.write(text, x: 2, y: legendTop + line, style: theme.dim, maxWidth: area.width - 4)
        }
    }
}

/// A page's name (a month, a day) between ◂ and ▸ where those go to an older or a newer
/// one: each a target a fingertip wide, over the row above it too.
struct PageArrows {
    let frame: Frame

    func render(_ name: String, into buffer: inout ScreenBuffer, x: Int, y: Int, maxWidth: Int) {
        let theme = frame.theme
        let (older, newer) = theme.unicode ? ("◂", "▸") : ("<", ">")
        var column = x
        if frame.offers(.left) {
            column += buffer.write(older + " ", x: column, y: y, style: theme.title)
            buffer.target(Rect(x: x - 1, y: y - 1, width: 3, height: 2), .action(.left))
        }
        column += buffer.write(name, x: column, y: y, style: theme.title, maxWidth: max(0, maxWidth - (column - x) - 2))
        if frame.offers(.right) {
            buffer.write(" " + newer, x: column, y: y, style: theme.title)
            buffer.target(Rect(x: column, y: y - 1, width: 3, height: 2), .action(.right))
        }
    }
}

/// A group's week on the admin side (Groups): its children down, Monday to
/// Sunday across, each day's symbol and count.
struct GroupWeekPage {
    let frame: Frame

    /// Children shown at a screen size: the content less the title, a gap and the day letters.
    static func rows(_ size: Size) -> Int { max(1, KioskLayout.content(size).height - 3) }

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme
        guard let week = frame.data.groupWeek, let group = frame.roster.group(week.group) else { return }
        // As on a child's month: back, the name, and ◂ week ▸, each a target.
        let left = BackButton(frame).render(into: &buffer, titleRow: area.y, maxWidth: area.width / 3)
        // The dates whole (a week is told by them); the name gives way first.
        let dates = strings.dateRange(week.monday, week.monday.advanced(by: 6), unicode: theme.unicode)
        let room = area.width - 2 - left
        let used = buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: left, y: area.y, style: theme.title,
                                maxWidth: max(room / 3, room - 3 - DisplayWidth.of(dates) - 4))
        PageArrows(frame: frame).render(dates, into: &buffer, x: left + used + 3, y: area.y, maxWidth: room - used - 3)
        let rows = week.rows.map { GroupWeekView.Row(child: $0.child, cells: $0.cells) }
        let shown = Self.rows(frame.state.size)
        let top = max(0, min(frame.state.groups.weekTop, rows.count - shown))
        GroupWeekView(strings: strings, theme: theme, shown: screen.shown, week: week.monday, rows: rows)
            .render(into: &buffer, x: 2, y: area.y + 2, width: area.width - 4, height: shown + 1, firstRow: top)
        ScrollMarks(offset: top, shown: shown, count: rows.count)
            .render(into: &buffer, x: area.width - 1, top: area.y + 3, bottom: area.y + 2 + min(shown, rows.count), theme: theme)
    }
}
