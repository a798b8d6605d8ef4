/// How long ticks and absences are kept (issue 43): a daycare keeps a
/// child's history no longer than it needs it. Days before the first day
/// kept are removed at the kiosk's start and at each day's change, from
/// every store; the leaderboard's "all time" counts from that day.
public enum HistoryKept {
    /// The choices Settings offers, in months; 0 is forever.
    public static let choices = [3, 6, 12, 24, 36, 0]
    public static let defaultMonths = 12

    /// The first day kept on `today` with `months` months kept (the same
    /// day of the month, `months` back; the month's last day where that
    /// month is shorter); nil when everything is kept.
    public static func firstDay(keepingMonths months: Int, on today: Day) -> Day? {
        guard months > 0 else { return nil }
        let (year, month, day) = today.components
        let index = year * 12 + (month - 1) - months
        let (y, m) = (index / 12, index % 12 + 1)
        guard let first = Day(year: y, month: m, day: 1) else { return nil }
        return first.advanced(by: min(day, first.endOfMonth.dayOfMonth) - 1)
    }
}

extension Attendance {
    /// The same without the days before `first`, and how many absences went.
    public func keeping(from first: Day) -> (attendance: Attendance, removed: Int) {
        let old = away.filter { $0.key < first }
        guard !old.isEmpty else { return (self, 0) }
        return (Attendance(away: away.filter { $0.key >= first }), old.values.reduce(0) { $0 + $1.count })
    }
}
