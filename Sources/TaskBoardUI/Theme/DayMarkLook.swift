import TaskBoard

/// The one set of day symbols, with one meaning wherever a day is drawn (the
/// board's week strip, the month, the group week, print), and a colour
/// beside it but never instead of it: ✔ all, ◐ part, ○ none, · away,
/// – closed, nothing before the child's first day or for a day to come, and
/// a grey ? for a day not read yet (a database that does not answer).
extension Theme {
    public func look(_ mark: DayMark?) -> (symbol: String, style: Style) {
        let u = unicode
        guard let mark else { return ("?", dim) }
        return switch mark {
        case .all: (u ? "✔" : "x", status)
        case .part: (u ? "◐" : "+", title)
        case .none: (u ? "○" : "o", text)
        case .away: (u ? "·" : ".", dim)
        case .closed: (u ? "–" : "-", dim)
        case .beforeFirstDay, .future: ("", text)
        }
    }

    /// What the symbols mean, for under a page of days.
    public func dayMarkLegend(_ strings: Strings) -> String {
        dayMarkLegendEntries(strings).map(\.text).joined(separator: "  ")
    }

    /// Each symbol with its meaning, in the legend's order.
    func dayMarkLegendEntries(_ strings: Strings) -> [(mark: DayMark, text: String)] {
        [(DayMark.all, "history.all"), (.part, "history.part"), (.none, "history.none"), (.away, "history.away"), (.closed, "history.closed")]
            .map { ($0.0, "\(look($0.0).symbol) \(strings[$0.1])") }
    }
}
