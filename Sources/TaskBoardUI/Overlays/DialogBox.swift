import TaskBoard

/// A form or a question over the lower part of the content, as tall as its
/// words (up to the row under the tab bar where it needs that); across the
/// screen on a narrow one, so the words have room.
struct DialogBox {
    let parts: [FittedColumn.Part]
    let style: Style
    /// The screen's own, for the margins beside the box: the rows under it
    /// are cleared whole, so no cut-off letter of them shows at its sides.
    let background: Style

    /// Where the box goes across the content, and how wide its words may be.
    static func columns(in area: Rect) -> (x: Int, width: Int) {
        area.width < 60 ? (area.x + 1, area.width - 2) : (area.x + 2, area.width - 4)
    }

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let (x, width) = Self.columns(in: area)
        guard width > 8 else { return }
        let column = FittedColumn(parts: parts, width: width - 2)
        let room = area.y + area.height - 1
        let height = column.height(within: room)
        let box = Rect(x: x, y: area.y + area.height - height, width: width, height: height)
        buffer.fill(Rect(x: 0, y: box.y, width: buffer.size.width, height: height), style: background)
        buffer.fill(box, style: style)
        column.render(into: &buffer, x: x + 1, y: box.y, height: room)
    }
}
