import TaskBoard

/// A group's week: its children down, Monday to Sunday across, each day's
/// symbol (as the month's) and count of that day's tasks done ("◐ 2/4").
public struct GroupWeekView {
    /// A day's cell: the symbol, a space, "done/total", and a gap.
    static let cellWidth = 7

    public struct Row {
        public let child: Child
        /// Monday to Sunday; nil for a day not known yet.
        public let cells: [HistoryCell?]

        public init(child: Child, cells: [HistoryCell?]) {
            self.child = child
            self.cells = cells
        }
    }

    let strings: Strings
    let theme: Theme
    let shown: (String) -> String
    let week: Day
    let rows: [Row]

    public init(strings: Strings, theme: Theme, shown: @escaping (String) -> String, week: Day, rows: [Row]) {
        self.strings = strings
        self.theme = theme
        self.shown = shown
        self.week = week
        self.rows = rows
    }

    public var height: Int { 1 + rows.count }

    /// `height`: at most these rows (the day letters and the children from `firstRow` on).
    public func render(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int? = nil, firstRow: Int = 0) {
        // Where "◐ 2/4" does not fit seven times beside a name, "◐2": the symbol and the count done.
        let compact = width - 7 * Self.cellWidth < 8
        let cellWidth = compact ? 4 : Self.cellWidth
        let nameWidth = max(6, min(NameRules.maxWidth + 3, width - 7 * cellWidth))
        let month = MonthGridView(strings: strings, theme: theme, days: [])
        for offset in 0..<7 {
            let day = week.advanced(by: offset)
            let label = compact ? strings["weekday.letter.\(day.weekday)"] : "\(strings["weekday.letter.\(day.weekday)"]) \(day.dayOfMonth)"
            buffer.write(label, x: x + nameWidth + offset * cellWidth, y: y, style: theme.dim)
        }
        for (index, row) in rows.dropFirst(firstRow).prefix(max(0, (height ?? rows.count + 1) - 1)).enumerated() {
            let rowY = y + 1 + index
            buffer.write("\(shown(row.child.avatar)) \(row.child.name)", x: x, y: rowY, style: theme.childStyle(row.child.id.rawValue),
                         maxWidth: nameWidth - 1)
            for (offset, cell) in row.cells.prefix(7).enumerated() {
                let (symbol, style) = month.look(cell)
                var text = symbol
                if case .share(let done, let total) = cell, total > 0 { text += compact ? "\(done)" : " \(done)/\(total)" }
                buffer.write(text, x: x + nameWidth + offset * cellWidth, y: rowY, style: style, maxWidth: cellWidth - 1)
            }
        }
    }
}
