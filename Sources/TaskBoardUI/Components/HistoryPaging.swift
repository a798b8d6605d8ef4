/// Paging through history, shared by the child's month (Tasks, Boards) and
/// the group's week (Groups): ← an older page, → a newer one, v or Esc back
/// to what it was opened from.
struct HistoryPaging {
    /// How far back it goes.
    let limit: Int
    let older: String
    let newer: String

    static let months = HistoryPaging(limit: 24, older: "action.previousMonth", newer: "action.nextMonth")
    static let weeks = HistoryPaging(limit: 52, older: "action.previousWeek", newer: "action.nextWeek")

    /// The keys while page `back` (0: this month or week) shows; `close` names what v goes back to.
    func bindings(_ back: Int, close: String) -> [Binding] {
        [Binding(.left, older, enabled: back < limit), Binding(.right, newer, enabled: back > 0), Binding(.view, close), Binding(.back)]
    }

    /// The page after a key; nil when the history closes.
    func page(after back: Int, _ action: Action) -> Int? {
        switch action {
        case .left: min(limit, back + 1)
        case .right: max(0, back - 1)
        case .view, .back: nil
        default: back
        }
    }
}
