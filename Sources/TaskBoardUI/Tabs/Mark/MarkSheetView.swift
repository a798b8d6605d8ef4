import TaskBoard

/// The Mark tab: the day sheet of a group with today's marks, the cursor
/// cell reversed, and the full name of the task under the cursor. When the
/// tasks do not fit across, the columns scroll with the cursor.
struct MarkSheetView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, data = frame.data, state = frame.state
        let sheet = MarkSheet(roster: data.roster, group: state.mark.group, day: data.today)
        guard let group = sheet.group else {
            buffer.writeWrapped(strings["mark.noGroups"], x: 2, y: area.y, width: area.width - 4, maxLines: 2, style: theme.dim)
            return
        }
        buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        // The group's name: a tap goes to the next group, as Enter does.
        buffer.target(Rect(x: 0, y: area.y, width: area.width, height: 1), .action(.choose))
        guard !sheet.children.isEmpty, !sheet.tasks.isEmpty else {
            buffer.writeWrapped(strings[sheet.children.isEmpty ? "mark.noChildren" : "mark.noTasks", arguments: ["group": group.name]],
                                x: 2, y: area.y + 2, width: area.width - 4, maxLines: 2, style: theme.dim)
            return
        }
        let marks: DayMarks
        switch data.todayMarks {
        case .success(let today)?: marks = today
        case .failure(let failure)?:
            screen.renderReadFailure(failure, into: &buffer, x: 2, y: area.y + 2, width: area.width - 4)
            return
        case nil: return
        }
        if state.showsOneChild {
            renderOneChild(sheet, marks, into: &buffer, area: area)
            return
        }
        let layout = sheet.layout(width: area.width, cursorColumn: state.mark.column)
        let nameWidth = layout.nameWidth, columnWidth = layout.columnWidth, columns = layout.columns, left = layout.left
        // Column headers: the icon, else the start of the name.
        for (slot, column) in columns.enumerated() {
            let task = sheet.tasks[column]
            let header = screen.shown(icon: task.icon) ?? task.name
            buffer.write(header, x: left + slot * columnWidth, y: area.y + 1, style: theme.dim, maxWidth: columnWidth - 1)
        }
        let rows = max(0, area.height - 4)
        let firstRow = MarkSheet.firstRow(cursor: state.mark.row, rows: rows)
        // Measured once, not in each of the sheet's cells.
        let doneWidth = DisplayWidth.of(theme.done), notDoneWidth = DisplayWidth.of(theme.notDone)
        for (line, row) in sheet.children.indices.dropFirst(firstRow).prefix(rows).enumerated() {
            let child = sheet.children[row]
            let y = area.y + 2 + line
            // Away today: the row dimmed, its cells empty, "away" for its count.
            let away = data.isAway(child.id)
            // The child's marks looked up once for the row.
            let childDone = marks.done[child.id] ?? [:]
            buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: 2, y: y, style: away ? theme.dim : theme.childStyle(child.id.rawValue),
                         maxWidth: nameWidth - 1)
            for (slot, column) in columns.enumerated() {
                let x = left + slot * columnWidth
                let onBoard = sheet.isOnBoard(row: row, column: column)
                let done = childDone[sheet.tasks[column].id] != nil
                let shown = onBoard && (done || !away)
                let symbol = shown ? (done ? theme.done : theme.notDone) : ""
                let symbolWidth = shown ? (done ? doneWidth : notDoneWidth) : 0
                let chosen = row == state.mark.row && column == state.mark.column
                let style = chosen ? theme.selected : (done ? theme.status : away ? theme.dim : theme.text)
                if chosen { buffer.fill(Rect(x: x, y: y, width: columnWidth - 1, height: 1), style: style) }
                buffer.target(Rect(x: x, y: y, width: columnWidth, height: 1), .sheetCell(row: row, column: column))
                buffer.write(symbol, x: x + (columnWidth - 1 - symbolWidth) / 2, y: y, style: style)
            }
            let doneCount = sheet.boards[row].filter { childDone[$0] != nil }.count
            buffer.write(away ? strings["mark.away"] : "\(doneCount)/\(sheet.boards[row].count)", x: left + columns.count * columnWidth + 1, y: y,
                         style: away ? theme.dim : theme.text)
        }
        ScrollMarks(offset: firstRow, shown: rows, count: sheet.children.count)
            .render(into: &buffer, x: area.width - 1, top: area.y + 2, bottom: area.y + 1 + min(rows, sheet.children.count), theme: theme)
        if sheet.tasks.indices.contains(state.mark.column) {
            let task = sheet.tasks[state.mark.column]
            let label = [screen.shown(icon: task.icon), task.name, "+\(task.points)"].compactMap { $0 }.joined(separator: " ")
            buffer.write(label, x: 2, y: area.y + area.height - 1, style: theme.text.with(bold: true), maxWidth: area.width - 4)
        }
    }

    /// One child's board, for narrow screens: the child between arrows, the
    /// tasks down with their marks.
    private func renderOneChild(_ sheet: MarkSheet, _ marks: DayMarks, into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, theme = frame.theme, data = frame.data, state = frame.state
        guard sheet.children.indices.contains(state.mark.row) else { return }
        let child = sheet.children[state.mark.row]
        let tasks = data.roster.boardTasks(of: child.id, on: data.today)
        let done = tasks.filter { marks.isDone(child.id, $0.id) }.count
        let (left, right) = theme.unicode ? ("◂", "▸") : ("<", ">")
        let away = data.isAway(child.id)
        let count = away ? screen.strings["mark.away"] : "\(done)/\(tasks.count)"
        let style = away ? theme.dim : theme.childStyle(child.id.rawValue)
        // ◂ and ▸ are targets a fingertip wide, over the header and the row under it.
        var x = 2 + buffer.write("\(left) ", x: 2, y: area.y + 1, style: style)
        buffer.target(Rect(x: 0, y: area.y + 1, width: x, height: 2), .action(.left))
        x += buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: x, y: area.y + 1, style: style, maxWidth: max(0, area.width - x - 4 - 4))
        buffer.write(" \(right)", x: x, y: area.y + 1, style: style)
        buffer.target(Rect(x: x, y: area.y + 1, width: 4, height: 2), .action(.right))
        buffer.write(count, x: x + 4, y: area.y + 1, style: style, maxWidth: max(0, area.width - x - 6))
        // A board longer than the screen scrolls, so the cursor's row always shows.
        let rows = max(1, area.height - 4)
        let first = MarkSheet.firstRow(cursor: state.mark.column, rows: rows)
        for (index, task) in tasks.enumerated().dropFirst(first).prefix(rows) {
            let y = area.y + 3 + index - first
            let isDone = marks.isDone(child.id, task.id)
            let chosen = index == state.mark.column
            let style = chosen ? theme.selected : (isDone ? theme.status : away ? theme.dim : theme.text)
            if chosen { buffer.fill(Rect(x: 2, y: y, width: area.width - 4, height: 1), style: style) }
            buffer.target(Rect(x: 2, y: y, width: area.width - 4, height: 1), .childTask(index))
            let label = [isDone ? theme.done : theme.notDone, screen.shown(icon: task.icon), task.name, "+\(task.points)"]
                .compactMap { $0 }.joined(separator: " ")
            buffer.write(label, x: 3, y: y, style: style, maxWidth: area.width - 6)
        }
        ScrollMarks(offset: first, shown: rows, count: tasks.count)
            .render(into: &buffer, x: area.width - 2, top: area.y + 3, bottom: area.y + 2 + rows, theme: theme)
    }
}
