import TaskBoard
import TaskBoardUI

extension Printout {
    /// A group's day for the wall: under a heading with the group and the
    /// day, the timed tasks on the group's boards that day by time, a row
    /// each with a blank row between: the time (right-aligned, so 8:30 and
    /// 11:00 line up), the task's picture and name, and after a task that
    /// is not on every child's board, dimmed, the children it is for. The
    /// paper stays up, so it is the whole group's day, whoever is away. A
    /// closed day, or a day with no timed task, says so in a line. A day that
    /// is different says so under the heading (and what does not happen),
    /// and marks what was added or moved. The day ends with its closing
    /// time, 🏠, as the Today tab's day ends (after the day's last start).
    public func day(of groupID: GroupID, on day: Day) -> ScreenBuffer {
        var page = newPage()
        guard let room = RoomDay(group: groupID, on: day, roster: daycare.roster, settings: daycare.settings, away: []) else {
            return page.buffer
        }
        page.appendHeading([title(of: room.group)], separator: titleSeparator, style: theme.title, right: dayText(day), style: theme.text)
        page.appendBlank()
        if room.isDifferent && room.isOpen {
            let mark = theme.changedDayMark
            let cancelled = room.cancelled.map { task in (screen.shown(icon: task.icon).map { $0 + " " } ?? "") + task.name }
            let lines = ["\(mark) \(strings["roomDay.different"])"]
                + (cancelled.isEmpty ? [] : ScreenBuffer.wrap("\(theme.cancelledMark) " + strings["roomDay.cancelled", arguments: ["tasks": cancelled.joined(separator: ", ")]],
                                                              width: width - 4))
            page.append(height: lines.count) { [theme] buffer in
                for (y, line) in lines.enumerated() { buffer.write(line, x: 2, y: y, style: y == 0 ? theme.title : theme.dim, maxWidth: width - 4) }
            }
            page.appendBlank()
        }
        let empty: String? = !room.isOpen ? "printDay.closed"
            : room.groupSize == 0 ? "tasks.noChildren"
            : room.schedule.isEmpty ? "printDay.noTimes" : nil
        if let empty {
            let lines = ScreenBuffer.wrap(strings[empty], width: width - 4)
            page.append(height: lines.count) { [theme] buffer in
                for (y, line) in lines.enumerated() { buffer.write(line, x: 2, y: y, style: theme.dim, maxWidth: width - 4) }
            }
            return page.buffer
        }
        // A row each: the time, the picture, the name and whom it is for; last,
        // going home (where the day's last starts before it: the order is the clock's).
        let closing = daycare.settings.closingTime
        let home = room.schedule.entries.last.map { $0.time < closing } ?? false
        let rows: [(time: String, icon: String?, name: String, children: [String])] = room.schedule.entries.map { entry in
            let children = room.isForEveryone(entry.item) ? [] : entry.item.children.map(\.name)
            let name = entry.item.change == nil ? entry.item.task.name : "\(entry.item.task.name) \(theme.changedDayMark)"
            return (strings.time(entry.time, until: entry.until), screen.shown(icon: entry.item.task.icon), name, children)
        } + (home ? [(strings.time(closing), screen.shown(icon: "🏠"), strings["printDay.home"], [])] : [])
        let layout = DayPageLayout(width: width, timeWidth: rows.map { DisplayWidth.of($0.time) }.max() ?? 0,
                                   iconWidth: rows.map { $0.icon.map { DisplayWidth.of($0) } ?? 0 }.max() ?? 0)
        for (index, row) in rows.enumerated() {
            if index > 0 { page.appendBlank() }
            let lines = layout.rows(task: row.name, children: row.children)
            page.append(height: lines.count) { [theme] buffer in
                buffer.write(row.time, x: layout.timeX + layout.timeWidth - DisplayWidth.of(row.time), y: 0, style: theme.title)
                if let icon = row.icon { buffer.write(icon, x: layout.iconX, y: 0, style: theme.text) }
                for (y, row) in lines.enumerated() {
                    for part in row {
                        buffer.write(part.text, x: layout.nameX + part.x, y: y, style: part.isChildren ? theme.dim : theme.text,
                                     maxWidth: layout.nameRoom - part.x)
                    }
                }
            }
        }
        return page.buffer
    }
}

/// Where a printed day's columns go: the times right-aligned in a column,
/// the pictures in the next, the names after; what does not fit in a row
/// goes on below the name, never past the page's width.
struct DayPageLayout {
    /// One piece of text on a row, `x` columns from the name column.
    struct Part: Equatable {
        let text: String
        let x: Int
        let isChildren: Bool
    }

    let timeX = 2
    let timeWidth: Int
    let iconX: Int
    /// Where the task's name starts, and the columns from there to the page's
    /// right margin.
    let nameX: Int
    let nameRoom: Int

    init(width: Int, timeWidth: Int, iconWidth: Int) {
        self.timeWidth = timeWidth
        iconX = timeX + timeWidth + 2
        nameX = iconX + (iconWidth > 0 ? iconWidth + 1 : 0)
        nameRoom = max(1, width - 1 - nameX)
    }

    /// The rows of a task: its name (word-wrapped), then "(Aino, Väinö)"
    /// two columns after it where it fits, else from the next row, as many
    /// names to a row as fit. A name is split only where it is wider than a
    /// whole row, at its spaces (a word wider still is cut with "…").
    func rows(task: String, children: [String]) -> [[Part]] {
        var rows = ScreenBuffer.wrap(task, width: nameRoom).map { [Part(text: $0, x: 0, isChildren: false)] }
        if rows.isEmpty { rows = [[]] }
        guard !children.isEmpty else { return rows }
        let names = children.enumerated().map { index, name in
            (index == 0 ? "(" : "") + name + (index == children.count - 1 ? ")" : ",")
        }
        let together = names.joined(separator: " ")
        let lastEnd = rows[rows.count - 1].last.map { DisplayWidth.of($0.text) } ?? 0
        if lastEnd + 2 + DisplayWidth.of(together) <= nameRoom {
            rows[rows.count - 1].append(Part(text: together, x: lastEnd + 2, isChildren: true))
            return rows
        }
        var line = ""
        for name in names {
            if line.isEmpty || DisplayWidth.of(line + " " + name) <= nameRoom {
                line = line.isEmpty ? name : line + " " + name
            } else {
                rows.append([Part(text: line, x: 0, isChildren: true)])
                line = name
            }
            // A name wider than a row ("Aino-Marjatta Kristiina Öhman" at 40
            // columns) goes on at its spaces rather than lose its end.
            if DisplayWidth.of(line) > nameRoom {
                let pieces = ScreenBuffer.wrap(line, width: nameRoom)
                rows += pieces.dropLast().map { [Part(text: $0, x: 0, isChildren: true)] }
                line = pieces.last ?? ""
            }
        }
        if !line.isEmpty { rows.append([Part(text: line, x: 0, isChildren: true)]) }
        return rows
    }
}
