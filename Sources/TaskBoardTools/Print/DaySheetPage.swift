import TaskBoard
import TaskBoardUI

extension Printout {
    /// A group's day sheet for a pen, for when the screen is down: the
    /// children down, the tasks of their boards across as numbered columns
    /// (names would not fit at 80 columns) with a legend of the numbers
    /// below. A box for each task on a child's board: `[x]` if already ticked
    /// today, so nobody ticks it twice, else `[ ]` for the pen. A child marked
    /// away has no boxes to tick, only "🏠 away" where they would be.
    public func daySheet(of groupID: GroupID) -> ScreenBuffer {
        let roster = daycare.roster
        var page = newPage()
        guard let group = roster.group(groupID) else { return page.buffer }
        page.appendHeading([title(of: group)], separator: titleSeparator, style: theme.title, right: todayText, style: theme.text)
        page.appendBlank()
        let children = roster.children(in: groupID)
        // The Mark tab's columns: the tasks on any of the group's boards today, in library order.
        let boards = children.map { daycare.roster.board(of: $0, on: daycare.today) }
        let used = Set(boards.flatMap { $0 })
        let tasks = roster.tasks.filter { used.contains($0.id) }
        guard !children.isEmpty, !tasks.isEmpty, let marks = try? daycare.marks(on: daycare.today) else {
            page.append(height: 1) { buffer in
                buffer.write(strings[children.isEmpty ? "tasks.noChildren" : "tasks.noTasks"], x: 2, y: 0, style: theme.dim, maxWidth: width - 4)
            }
            return page.buffer
        }
        let layout = DaySheetLayout(width: width, names: children.map(\.name), columns: tasks.count)
        let away = daycare.attendance.away[daycare.today] ?? []
        let awayText = (theme.unicode ? "🏠 " : "") + strings["mark.away"]
        for (blockIndex, block) in layout.blocks.enumerated() {
            if blockIndex > 0 { page.appendBlank() }
            page.append(height: 1 + children.count) { buffer in
                for (slot, column) in block.enumerated() {
                    let number = String(column + 1)
                    buffer.write(number, x: layout.x(ofSlot: slot) + (3 - number.count) / 2, y: 0, style: theme.dim)
                }
                for (row, child) in children.enumerated() {
                    buffer.write("\(screen.shown(child.avatar)) \(child.name)", x: 2, y: row + 1,
                                 style: theme.childStyle(child.id.rawValue), maxWidth: layout.nameWidth)
                    if away.contains(child.id) {
                        // Nothing to tick on paper for a child who is not here.
                        if blockIndex == 0 { buffer.write(awayText, x: layout.x(ofSlot: 0), y: row + 1, style: theme.dim, maxWidth: width - layout.left) }
                        continue
                    }
                    for (slot, column) in block.enumerated() where boards[row].contains(tasks[column].id) {
                        let done = marks.isDone(child.id, tasks[column].id)
                        buffer.write(done ? "[x]" : "[ ]", x: layout.x(ofSlot: slot), y: row + 1, style: done ? theme.status : theme.text)
                    }
                }
            }
        }
        page.appendBlank()
        let numberWidth = String(tasks.count).count
        page.append(height: tasks.count) { buffer in
            for (index, task) in tasks.enumerated() {
                let number = String(index + 1)
                let label = [String(repeating: " ", count: numberWidth - number.count) + number,
                             screen.shown(icon: task.icon), task.name, "+\(task.points)"].compactMap { $0 }.joined(separator: " ")
                buffer.write(label, x: 2, y: index, style: theme.text, maxWidth: width - 4)
            }
        }
        return page.buffer
    }
}

/// Where the day sheet's columns go at a width: the name column as wide as
/// the longest name (within reason), then a box column per task. Tasks that
/// do not fit across go on in another block below, so nothing is cut.
struct DaySheetLayout {
    /// The avatar, a space and the name.
    let nameWidth: Int
    let columnWidth: Int
    let blocks: [[Int]]

    init(width: Int, names: [String], columns: Int) {
        let longest = names.map { DisplayWidth.of($0) }.max() ?? 0
        nameWidth = min(3 + min(longest, NameRules.maxWidth), max(10, (width - 4) / 2))
        let room = max(0, width - Self.left(nameWidth: nameWidth) - 1)
        // Roomy columns when they fit, narrower ones before starting a second block.
        columnWidth = room >= columns * 5 - 2 ? 5 : 4
        let perBlock = max(1, (room + columnWidth - 3) / columnWidth)
        blocks = stride(from: 0, to: columns, by: perBlock).map { Array($0..<min(columns, $0 + perBlock)) }
    }

    /// The first column of the boxes: after the margin, the names and a gap.
    var left: Int { Self.left(nameWidth: nameWidth) }

    private static func left(nameWidth: Int) -> Int { 2 + nameWidth + 2 }

    func x(ofSlot slot: Int) -> Int { left + slot * columnWidth }
}
