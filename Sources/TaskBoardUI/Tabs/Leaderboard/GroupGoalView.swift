import TaskBoard

/// The group-goal leaderboard: for each group its children's points
/// together, toward the goal the staff set, as one big bar; no child is
/// ranked. A group that reached the goal is celebrated.
struct GroupGoalView {
    /// The group's line, its bar, and a blank line.
    static let rowsPerGroup = 3

    let screen: KioskScreen
    let totals: [(group: Group, points: Int)]
    let goal: Int
    /// The first row shown (scrolling).
    let offset: Int

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        var lines: [(inout ScreenBuffer, Int) -> Void] = []
        let barWidth = max(1, area.width - 4)
        for (group, points) in totals {
            let reached = points >= goal
            lines.append { buffer, y in
                let used = buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: area.x + 1, y: y, style: theme.title, maxWidth: area.width / 2)
                let star = theme.unicode ? "🎉 " : ""
                let text = reached ? star + strings["leaderboard.goalReached", arguments: ["points": "\(points)", "goal": "\(goal)"]]
                    : strings["leaderboard.towardGoal", arguments: ["points": "\(points)", "goal": "\(goal)"]]
                buffer.write(text, x: area.x + 1 + used + 2, y: y, style: reached ? theme.status : theme.text.with(bold: true),
                             maxWidth: max(0, area.width - used - 4))
            }
            lines.append { buffer, y in
                let filled = points == 0 ? 0 : max(1, min(barWidth, barWidth * points / max(1, goal)))
                buffer.repeatNarrow(theme.barFull, count: filled, x: area.x + 1, y: y, style: reached ? theme.status : theme.title)
                buffer.repeatNarrow(theme.barEmpty, count: barWidth - filled, x: area.x + 1 + filled, y: y, style: theme.dim)
            }
            lines.append { _, _ in }
        }
        // No blank after the last group.
        if !lines.isEmpty { lines.removeLast() }
        if totals.isEmpty {
            buffer.write(strings["leaderboard.noChildren"], x: area.x + 1, y: area.y, style: theme.dim, maxWidth: area.width - 2)
            return
        }
        let first = min(offset, max(0, lines.count - area.height))
        for (index, draw) in lines.dropFirst(first).prefix(area.height).enumerated() {
            draw(&buffer, area.y + index)
        }
        ScrollMarks(offset: first, shown: area.height, count: lines.count)
            .render(into: &buffer, x: area.x + area.width, top: area.y, bottom: area.y + area.height - 1, theme: theme)
    }
}
