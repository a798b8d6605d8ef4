import TaskBoard

/// The group-goal leaderboard: for each group its children's points
/// together toward the group's own goal, as one big bar; no child is
/// ranked. A group that reached its goal is celebrated. All time has no
/// goal to fill: it shows a trophy for each day the group reached it.
struct GroupGoalView {
    /// The group's line, its bar (or trophies), and a blank line.
    static let rowsPerGroup = 3

    let screen: KioskScreen
    let goals: [GroupGoal]
    let allTime: Bool
    /// The first row shown (scrolling).
    let offset: Int

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        var lines: [(inout ScreenBuffer, Int) -> Void] = []
        let barWidth = max(1, area.width - 4)
        for standing in goals {
            lines.append { buffer, y in
                // The group's name and its bar: one target, two rows high, a blank row before the next.
                buffer.target(Rect(x: area.x, y: y, width: area.width, height: min(2, area.y + area.height - y)), .goalRow(standing.group.id))
                let used = buffer.write("\(screen.shown(standing.group.avatar)) \(standing.group.name)", x: area.x + 1, y: y, style: theme.title,
                                        maxWidth: area.width / 2)
                let (text, style) = headline(standing)
                buffer.write(text, x: area.x + 1 + used + 2, y: y, style: style, maxWidth: max(0, area.width - used - 4))
            }
            lines.append { buffer, y in
                if allTime {
                    guard let days = standing.daysReached else {
                        buffer.write("?", x: area.x + 1, y: y, style: theme.dim)
                        return
                    }
                    return trophies(days, into: &buffer, x: area.x + 1, y: y, width: barWidth)
                }
                guard standing.goal > 0 else { return }
                let filled = standing.points == 0 ? 0 : max(1, min(barWidth, barWidth * standing.points / max(1, standing.goal)))
                buffer.repeatNarrow(theme.barFull, count: filled, x: area.x + 1, y: y, style: standing.reached ? theme.status : theme.title)
                buffer.repeatNarrow(theme.barEmpty, count: barWidth - filled, x: area.x + 1 + filled, y: y, style: theme.dim)
            }
            lines.append { _, _ in }
        }
        // No blank after the last group.
        if !lines.isEmpty { lines.removeLast() }
        if goals.isEmpty {
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

    private func headline(_ standing: GroupGoal) -> (String, Style) {
        let strings = screen.strings, theme = screen.theme
        if allTime {
            guard let days = standing.daysReached else { return ("", theme.text) }
            return (strings.plural("leaderboard.goalDays", count: days), theme.text.with(bold: true))
        }
        // Nobody of the group here on an open day: nothing to aim for, the points only.
        if standing.goal == 0 { return (strings["leaderboard.points", arguments: ["points": "\(standing.points)"]], theme.text.with(bold: true)) }
        let arguments = ["points": "\(standing.points)", "goal": "\(standing.goal)"]
        if standing.reached { return ((theme.unicode ? "🎉 " : "") + strings["leaderboard.goalReached", arguments: arguments], theme.status) }
        return (strings["leaderboard.towardGoal", arguments: arguments], theme.text.with(bold: true))
    }

    /// A trophy for each day the goal was reached, as many as fit, then the number.
    private func trophies(_ count: Int, into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let trophy = screen.theme.unicode ? "🏆" : "#", trophyWidth = DisplayWidth.of(trophy)
        if count * trophyWidth <= width {
            buffer.write(String(repeating: trophy, count: count), x: x, y: y, style: screen.theme.status)
            return
        }
        let number = " \(count)"
        let shown = max(0, (width - number.count) / trophyWidth)
        let used = buffer.write(String(repeating: trophy, count: shown), x: x, y: y, style: screen.theme.status)
        buffer.write(number, x: x + used, y: y, style: screen.theme.status)
    }
}
