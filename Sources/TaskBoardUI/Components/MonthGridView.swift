import TaskBoard

/// A child's month as a calendar: weeks down, Monday to Sunday across, each
/// day's date and a symbol for how much of that day's board was done (and
/// a colour, but never only a colour: `Theme.look`), blank before the
/// child's first day. Used by the child's month page and the printed history.
public struct MonthGridView {
    /// A day's cell: the date right-aligned in two columns, a space, the symbol.
    static let cellWidth = 5
    static let width = 7 * cellWidth

    let strings: Strings
    let theme: Theme
    let days: [(day: Day, cell: HistoryCell?)]

    public init(strings: Strings, theme: Theme, days: [(day: Day, cell: HistoryCell?)]) {
        self.strings = strings
        self.theme = theme
        self.days = days
    }

    /// Rows it takes: the weekday letters and one per week.
    public var height: Int {
        guard let first = days.first else { return 1 }
        return 1 + (first.day.weekday - 1 + days.count + 6) / 7
    }

    public func render(into buffer: inout ScreenBuffer, x: Int, y: Int) {
        guard let first = days.first else { return }
        for weekday in 1...7 {
            buffer.write(strings["weekday.letter.\(weekday)"], x: x + (weekday - 1) * Self.cellWidth + 1, y: y, style: theme.dim)
        }
        for (index, entry) in days.enumerated() {
            let slot = first.day.weekday - 1 + index
            let cellX = x + (slot % 7) * Self.cellWidth, cellY = y + 1 + slot / 7
            let date = String(entry.day.dayOfMonth)
            buffer.write(String(repeating: " ", count: 2 - date.count) + date, x: cellX, y: cellY, style: theme.dim)
            let (symbol, style) = look(entry.cell)
            buffer.write(symbol, x: cellX + 3, y: cellY, style: style)
        }
    }

    /// The symbol and style of a day; nil is a day not known yet.
    public func look(_ cell: HistoryCell?) -> (String, Style) {
        theme.look(cell?.mark)
    }

    /// What the symbols mean, for under the grid.
    public func legend() -> String { theme.dayMarkLegend(strings) }

    /// The legend in at most `lines` lines of `width`, no meaning cut in
    /// two: where all do not fit, only the symbols this month shows.
    public func legend(width: Int, lines: Int) -> [String] {
        let entries = theme.dayMarkLegendEntries(strings)
        func wrapped(_ entries: [(mark: DayMark, text: String)]) -> [String] {
            entries.reduce(into: [String]()) { lines, entry in
                if let last = lines.last, DisplayWidth.of(last) + 2 + DisplayWidth.of(entry.text) <= width {
                    lines[lines.count - 1] = last + "  " + entry.text
                } else {
                    lines.append(entry.text)
                }
            }
        }
        let all = wrapped(entries)
        guard all.count > lines else { return all }
        let shown = Set(days.compactMap { $0.cell?.mark })
        let used = entries.filter { shown.contains($0.mark) }
        return Array((used.isEmpty ? all : wrapped(used)).prefix(lines))
    }
}
