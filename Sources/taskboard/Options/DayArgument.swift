import TaskBoard

/// A day on the command line: YYYY-MM-DD, `today` or `yesterday` (or `tomorrow`).
enum DayArgument {
    /// `ahead`: the days ahead are asked for (`day`'s changes), so
    /// "tomorrow" is a day and the words suggested say so.
    static func resolve(_ text: String?, today: Day, ahead: Bool = false) throws -> Day {
        switch text?.lowercased() {
        case nil, "today": return today
        case "yesterday": return today.advanced(by: -1)
        case "tomorrow" where ahead: return today.advanced(by: 1)
        case let text?:
            guard let day = Day(text) else {
                throw CommandFailure("\"\(text)\" is not a day: write YYYY-MM-DD, today or \(ahead ? "tomorrow" : "yesterday")")
            }
            return day
        }
    }
}
