/// "More above" and "more below" marks at the edge of a list that scrolls,
/// so nobody takes the rows on screen for the whole list. They are touch
/// targets too: ▲ scrolls a page up, ▼ a page down, and never open a row.
public struct ScrollMarks {
    public let above: Bool
    public let below: Bool
    /// Rows a tap on a mark scrolls.
    public let page: Int

    public init(offset: Int, shown: Int, count: Int, page: Int? = nil) {
        above = offset > 0
        below = offset + shown < count
        self.page = page ?? max(1, shown > 2 ? shown - 1 : shown)
    }

    /// How wide a mark's target is, left from the mark: a fingertip.
    static let reach = 3

    /// Draws the marks in column `x`, on the list's first and last rows.
    /// Each half of the column (and `reach` columns to its left) is the
    /// target of the mark in it.
    public func render(into buffer: inout ScreenBuffer, x: Int, top: Int, bottom: Int, theme: Theme) {
        let style = theme.dim.with(bold: true)
        let half = (bottom - top + 1) / 2
        let left = x - Self.reach + 1
        if above {
            buffer.write(theme.unicode ? "▲" : "^", x: x, y: top, style: style)
            buffer.target(Rect(x: left, y: top, width: Self.reach, height: max(1, half)), .scroll(-page))
        }
        if below {
            buffer.write(theme.unicode ? "▼" : "v", x: x, y: bottom, style: style)
            buffer.target(Rect(x: left, y: bottom - max(1, half) + 1, width: Self.reach, height: max(1, half)), .scroll(page))
        }
    }

    /// Draws the marks as two buttons filling `area` (a strip beside a list's
    /// rows): ▲ in the top half, ▼ in the bottom half, where there is more.
    public func renderStrip(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let top = Rect(x: area.x, y: area.y, width: area.width, height: area.height / 2)
        let bottom = Rect(x: area.x, y: area.y + top.height, width: area.width, height: area.height - top.height)
        for (part, more, mark, rows) in [(top, above, theme.unicode ? "▲" : "^", -page), (bottom, below, theme.unicode ? "▼" : "v", page)] {
            guard more, part.height > 0 else { continue }
            buffer.fill(Rect(x: part.x + 1, y: part.y, width: part.width - 1, height: part.height), style: theme.button)
            buffer.write(mark, x: part.x + 1 + (part.width - 1) / 2, y: rows < 0 ? part.y : part.y + part.height - 1, style: theme.button)
            buffer.target(part, .scroll(rows))
        }
    }
}
