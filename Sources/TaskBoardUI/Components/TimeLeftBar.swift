/// How much of now is left, as a bar that shrinks from the right: full as
/// an activity starts, gone as it ends. No digits: a child who cannot read
/// the clock sees the time run out. Eighths of a block where the font has
/// them; `#` in ASCII. What is used up shows `used` (a card's edge, or a
/// light shade on a board's row).
struct TimeLeftBar {
    let left: Double
    let width: Int
    let theme: Theme
    let used: String

    var text: String {
        guard width > 0 else { return "" }
        let share = min(max(left, 0), 1)
        if !theme.unicode {
            let cells = Int((share * Double(width)).rounded(.up))
            return String(repeating: "#", count: cells) + String(repeating: used, count: width - cells)
        }
        let eighths = Int((share * Double(width * 8)).rounded(.up))
        let full = eighths / 8, part = eighths % 8
        let partial = part == 0 ? "" : String(Self.eighths[part - 1])
        return String(repeating: "█", count: full) + partial + String(repeating: used, count: width - full - (part == 0 ? 0 : 1))
    }

    /// One eighth of a cell to seven, from the left.
    private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
}
