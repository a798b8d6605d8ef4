import TaskBoard

/// One picture of the day's program in a frame, as on a daycare's wall: the
/// time in the top edge, the picture in the middle, the name under it. The
/// one whose time is now has a heavy frame and ▶, and its bottom edge is a
/// bar that shrinks as its time runs out (`TimeLeftBar`); the next one has
/// ▷, in a double frame once its time is near; those already past are
/// dimmed: a shape as well as a colour says which is which.
struct PictureCard {
    enum Moment { case past, now, next, coming, later }

    let time: String
    let picture: String?
    let name: String
    let moment: Moment
    let theme: Theme
    /// How much of now's time is left, 1 to 0: drawn on the card that is now only.
    var left: Double? = nil
    /// A mark in the top edge's right end: added or moved for the day.
    var badge: String? = nil

    /// The fewest rows a card takes: its edges and one row between.
    static let minimumHeight = 3

    func render(into buffer: inout ScreenBuffer, rect: Rect) {
        guard rect.width >= 6, rect.height >= Self.minimumHeight else { return }
        let frame = frameStyle, inner = rect.width - 2
        let (corners, across, down) = edges
        buffer.write(corners.0 + String(repeating: across, count: inner) + corners.1, x: rect.x, y: rect.y, style: frame)
        for row in 1..<(rect.height - 1) {
            buffer.write(down, x: rect.x, y: rect.y + row, style: frame)
            buffer.write(down, x: rect.x + inner + 1, y: rect.y + row, style: frame)
        }
        buffer.write(corners.2 + String(repeating: across, count: inner) + corners.3, x: rect.x, y: rect.y + rect.height - 1, style: frame)
        if moment == .now, let left {
            buffer.write(TimeLeftBar(left: left, width: inner, theme: theme, used: across).text, x: rect.x + 1, y: rect.y + rect.height - 1, style: frame)
        }
        // The time in the top edge, after the mark of now or next.
        let mark = switch moment {
        case .now: theme.nowMark + " "
        case .next, .coming: theme.nextMark + " "
        case .past, .later: ""
        }
        buffer.write(" \(mark)\(time) ", x: rect.x + 1, y: rect.y, style: frame, maxWidth: inner)
        if let badge, DisplayWidth.of(" \(mark)\(time) ") + DisplayWidth.of(badge) + 2 <= inner {
            buffer.write(" \(badge) ", x: rect.x + inner - DisplayWidth.of(badge) - 1, y: rect.y, style: frame)
        }
        // The picture, then the name on the rows left, the whole centred.
        let rows = rect.height - 2
        let nameRows = picture == nil ? rows : rows - 1
        var lines = Self.lines(name, width: inner - 2, rows: max(1, nameRows), ellipsis: theme.ellipsis)
        if let picture, rows > 1 || lines.isEmpty { lines.insert(picture, at: 0) }
        let top = rect.y + 1 + max(0, (rows - lines.count) / 2)
        for (index, line) in lines.prefix(rows).enumerated() {
            let width = DisplayWidth.of(line)
            let style = index == 0 && picture != nil && rows > 1 ? textStyle.with(bold: false) : textStyle
            buffer.write(line, x: rect.x + 1 + max(0, (inner - width) / 2), y: top + index, style: style, maxWidth: inner)
        }
    }

    /// The name on at most `rows` rows; the last cut with "…" where it is longer.
    static func lines(_ name: String, width: Int, rows: Int, ellipsis: String) -> [String] {
        guard width > 0 else { return [] }
        var lines = ScreenBuffer.wrap(name, width: width)
        if lines.count > rows {
            lines = Array(lines.prefix(rows))
            var last = lines[rows - 1]
            while !last.isEmpty, DisplayWidth.of(last + ellipsis) > width { last.removeLast() }
            lines[rows - 1] = last + ellipsis
        }
        return lines
    }

    private var edges: (corners: (String, String, String, String), across: String, down: String) {
        switch (moment, theme.unicode) {
        case (.now, true): (("┏", "┓", "┗", "┛"), "━", "┃")
        case (.coming, true): (("╔", "╗", "╚", "╝"), "═", "║")
        case (_, true): (("┌", "┐", "└", "┘"), "─", "│")
        case (.now, false): (("#", "#", "#", "#"), "=", "#")
        case (.coming, false): (("*", "*", "*", "*"), "=", "*")
        case (_, false): (("+", "+", "+", "+"), "-", "|")
        }
    }

    private var frameStyle: Style {
        switch moment {
        case .now, .coming: theme.title
        case .past: theme.dim
        case .next, .later: theme.text
        }
    }

    private var textStyle: Style {
        switch moment {
        case .now: theme.title
        case .past: theme.dim
        case .next, .coming, .later: theme.text.with(bold: moment != .later)
        }
    }
}
