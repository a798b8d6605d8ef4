import TaskBoard

/// The child's Tasks tab: choose a group, then yourself, then see today's board.
struct TasksView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, roster = frame.roster
        switch frame.state.tasks.step {
        case .chooseGroup:
            buffer.write(strings["tasks.chooseGroup"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
            let items = roster.groups.map { ListView.Item(symbol: screen.shown($0.avatar), label: $0.name) }
            screen.renderList(items, selection: frame.state.tasks.groups, empty: strings["tasks.noGroups"], layout: Kiosk.listLayout(frame.state), into: &buffer, area: area)
        case .chooseChild(let group):
            let x = BackButton(frame).render(into: &buffer, titleRow: area.y, maxWidth: area.width / 2)
            let title = (roster.group(group).map { "\(screen.shown($0.avatar)) \($0.name): " } ?? "") + strings["tasks.chooseChild"]
            buffer.write(title, x: x, y: area.y, style: theme.title, maxWidth: area.width - x - 2)
            let items = roster.children(in: group).map {
                ListView.Item(symbol: screen.shown($0.avatar), label: $0.name, style: theme.childStyle($0.id.rawValue))
            }
            screen.renderList(items, selection: frame.state.tasks.children, empty: strings["tasks.noChildren"], layout: Kiosk.listLayout(frame.state),
                              into: &buffer, area: area)
        case .board(let childID):
            if frame.state.tasks.monthsBack != nil {
                ChildMonthPage(frame: frame).render(into: &buffer, area: area)
            } else {
                // A tap anywhere on the board does what Enter does: reads it aloud again.
                buffer.target(area, .action(.choose))
                renderBoard(childID, into: &buffer, area: area)
            }
        }
    }

    private func renderBoard(_ childID: ChildID, into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, data = frame.data
        guard let child = data.roster.child(childID) else { return }
        let width = area.width - 4
        let nameX = BackButton(frame).render(into: &buffer, titleRow: area.y, maxWidth: width / 3)
        let progress: Progress, marks: DayMarks, days: [DayStatus]
        switch data.board {
        case .success(let board)?:
            (progress, marks, days) = (board.progress, board.marks, board.week)
        case .failure(let failure)?:
            // Never an empty board that looks like nothing to do.
            screen.renderReadFailure(failure, into: &buffer, x: 2, y: area.y + 1, width: width)
            return
        case nil:
            return
        }
        let used = nameX - 2 + buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: nameX, y: area.y, style: theme.childStyle(child.id.rawValue),
                                            maxWidth: width / 2)
        let summary = progress.away ? strings["tasks.away"]
            : strings["tasks.progress", arguments: ["done": "\(progress.done)", "total": "\(progress.total)"]]
        var x = 2 + used + 3
        // A day that is different for the child's group: its mark at the
        // title's end (the Today tab shows what is different).
        let different = data.roster.isDifferent(child.groupID, on: data.today)
        if different { buffer.write(theme.changedDayMark, x: 2 + width - DisplayWidth.of(theme.changedDayMark), y: area.y, style: theme.title) }
        let right = 2 + width - (different ? DisplayWidth.of(theme.changedDayMark) + 1 : 0)
        // Pictures first: a child counts the marks without reading. The words
        // where they fit beside them, else the count alone, which an adult reads.
        if !progress.away, let marks = theme.progressMarks(done: progress.done, total: progress.total), x + DisplayWidth.of(marks) <= right {
            x += buffer.write(marks, x: x, y: area.y, style: progress.isComplete ? theme.status : theme.title) + 2
            let count = "\(progress.done) / \(progress.total)"
            let words = x + DisplayWidth.of(summary) <= right ? summary : count
            buffer.write(words, x: x, y: area.y, style: theme.text.with(bold: true), maxWidth: max(0, right - x))
        } else {
            buffer.write(summary, x: x, y: area.y, style: theme.text.with(bold: true), maxWidth: right - x)
        }
        // In the day's order; on an open day a child who is here sees which is now and which next.
        let day = BoardDay(of: childID, away: progress.away, data)
        let tasks = day.tasks
        let bottom = area.y + area.height - 1
        let note: (String, Style)? = progress.isComplete ? (strings["tasks.allDone"], theme.status)
            : progress.streak > 0 ? (strings.plural("tasks.streak", count: progress.streak), theme.text) : nil
        // Between the name and the week: the tasks, a gap above them and the
        // note below them while there is room; the tasks come first.
        var room = area.height - 2
        let gap = tasks.count + (note == nil ? 0 : 1) < room ? 1 : 0
        room -= gap
        let showsNote = note != nil && tasks.count < room
        if showsNote { room -= 1 }
        if tasks.isEmpty {
            buffer.writeWrapped(strings["tasks.noTasks"], x: 2, y: area.y + 1 + gap, width: width, maxLines: room, style: theme.dim)
        }
        renderTasks(tasks, childID, marks, day: day, into: &buffer, area: Rect(x: 2, y: area.y + 1 + gap, width: width, height: room))
        if showsNote, let (text, style) = note {
            buffer.write(text, x: 2, y: bottom - 1, style: style, maxWidth: width)
        }
        renderWeek(days, into: &buffer, y: bottom, width: width)
    }

    /// The board's tasks with their marks: in one column, in two where one
    /// is too short, and with "+3 more" where two would be too narrow. The
    /// task whose time is now has ▶ before it (and, in one column, the bar
    /// of its time left), the next one ▷ (bright once it is coming), and in
    /// one column a timed task shows its time at the end of its row. A day's
    /// activity has the different day's mark where a task has its tick.
    private func renderTasks(_ tasks: [LibraryTask], _ childID: ChildID, _ marks: DayMarks, day: BoardDay,
                             into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, theme = frame.theme, strings = frame.strings
        guard area.height > 0 else { return }
        let columns = tasks.count > area.height && area.width >= 2 * 16 ? 2 : 1
        let columnWidth = area.width / columns
        var shown = tasks.prefix(area.height * columns)
        var more = tasks.count - shown.count
        if more > 0 {
            shown = shown.dropLast()
            more += 1
        }
        for (index, task) in shown.enumerated() {
            let x = area.x + (index / area.height) * columnWidth + 2, y = area.y + index % area.height
            let done = marks.isDone(childID, task.id)
            // A different symbol, not only a different colour.
            let mark = task.isDayActivity ? theme.changedDayMark : done ? theme.done : theme.notDone
            let style = done ? theme.status : theme.text
            buffer.write(mark, x: x, y: y, style: style.with(bold: true))
            if task.id == day.now {
                buffer.write(theme.nowMark, x: x - 2, y: y, style: theme.title.with(bold: true))
            } else if task.id == day.next {
                buffer.write(theme.nextMark, x: x - 2, y: y, style: task.id == day.coming ? theme.title.with(bold: true) : theme.text)
            }
            let label = [screen.shown(icon: task.icon), task.name].compactMap { $0 }.joined(separator: " ")
            let labelX = x + (columns == 1 ? 4 : DisplayWidth.of(mark) + 1)
            var end = area.x + (index / area.height + 1) * columnWidth - 1
            if columns == 1, let time = task.time.map(strings.time), DisplayWidth.of(label) + DisplayWidth.of(time) + 2 <= end - labelX {
                end -= DisplayWidth.of(time) + 1
                buffer.write(time, x: end + 1, y: y, style: task.id == day.now ? theme.title : theme.dim)
                // The time left of now, before its time, where the row has room.
                let barWidth = min(8, end - labelX - DisplayWidth.of(label) - 2)
                if task.id == day.now, !done, let left = day.left, barWidth >= 4 {
                    end -= barWidth + 1
                    buffer.write(TimeLeftBar(left: left, width: barWidth, theme: theme, used: theme.unicode ? "░" : ".").text, x: end + 1, y: y, style: theme.title)
                }
            }
            buffer.write(label, x: labelX, y: y, style: task.id == day.now && !done ? style.with(bold: true) : style, maxWidth: end - labelX)
        }
        if more > 0 {
            // In the place of the last task that did not fit.
            let slot = shown.count
            let x = area.x + (slot / area.height) * columnWidth + 2
            buffer.write(screen.strings["tasks.more", arguments: ["count": "\(more)"]], x: x, y: area.y + slot % area.height,
                         style: theme.dim, maxWidth: area.x + area.width - x)
        }
    }

    /// The last seven days: the weekday letter and the day's symbol. Where it does not fit, the label goes, then the
    /// spaces, then the oldest days: today is always there.
    private func renderWeek(_ days: [DayStatus], into buffer: inout ScreenBuffer, y: Int, width: Int) {
        let strings = frame.strings, theme = frame.theme
        let label = strings["tasks.week"] + ": "
        // As the month and the group week draw the day; a day before the child's first is blank.
        func symbol(_ day: DayStatus) -> (String, Style) { theme.look(day.mark) }
        func dayWidth(_ day: DayStatus) -> Int {
            DisplayWidth.of(strings.weekdayLetter(day.day)) + 1 + DisplayWidth.of(symbol(day).0)
        }
        func needed(_ days: ArraySlice<DayStatus>, gap: Int, labelled: Bool) -> Int {
            (labelled ? DisplayWidth.of(label) : 0) + days.reduce(0) { $0 + dayWidth($1) } + gap * max(0, days.count - 1)
        }
        var shown = days[...], gap = 2, labelled = true
        if needed(shown, gap: gap, labelled: labelled) > width { labelled = false }
        if needed(shown, gap: gap, labelled: labelled) > width { gap = 1 }
        while needed(shown, gap: gap, labelled: labelled) > width, shown.count > 1 { shown = shown.dropFirst() }
        var x = 2
        if labelled { x += buffer.write(label, x: x, y: y, style: theme.dim, maxWidth: width) }
        for day in shown {
            x += buffer.write(strings.weekdayLetter(day.day) + " ", x: x, y: y, style: theme.dim)
            let (text, style) = symbol(day)
            x += buffer.write(text, x: x, y: y, style: style) + gap
        }
    }
}
