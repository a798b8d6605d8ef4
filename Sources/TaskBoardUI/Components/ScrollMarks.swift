/// "More above" and "more below" marks at the edge of a list that scrolls,
/// so nobody takes the rows on screen for the whole list.
public struct ScrollMarks {
    public let above: Bool
    public let below: Bool

    public init(offset: Int, shown: Int, count: Int) {
        above = offset > 0
        below = offset + shown < count
    }

    /// Draws the marks in column `x`, on the list's first and last rows.
    public func render(into buffer: inout ScreenBuffer, x: Int, top: Int, bottom: Int, theme: Theme) {
        let style = theme.dim.with(bold: true)
        if above { buffer.write(theme.unicode ? "▲" : "^", x: x, y: top, style: style) }
        if below { buffer.write(theme.unicode ? "▼" : "v", x: x, y: bottom, style: style) }
    }
}
