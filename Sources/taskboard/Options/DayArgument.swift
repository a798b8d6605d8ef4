import TaskBoard

/// A day on the command line: YYYY-MM-DD, `today` or `yesterday`.
enum DayArgument {
    static func resolve(_ text: String?, today: Day) throws -> Day {
        switch text?.lowercased() {
        case nil, "today": return today
        case "yesterday": return today.advanced(by: -1)
        case let text?:
            guard let day = Day(text) else {
                throw CommandFailure("\"\(text)\" is not a day: write YYYY-MM-DD, today or yesterday")
            }
            return day
        }
    }
}
