import TaskBoard

/// A number pad on the screen, for a kiosk with no keyboard: 1–9, then
/// erase, 0 and OK, each key a target that types what the keyboard's key
/// would (`Tap.key`). Keys two rows high with a gap between where the area
/// has room (a finger at the graphical kiosk's size), one row each where it
/// has just four, and none where it has fewer: the keyboard still works.
struct Keypad {
    let theme: Theme

    /// The pad's rows, top to bottom: what each key shows and the key it types.
    static let keys: [[(label: String, ascii: String, key: Key)]] = [
        [("1", "1", .character("1")), ("2", "2", .character("2")), ("3", "3", .character("3"))],
        [("4", "4", .character("4")), ("5", "5", .character("5")), ("6", "6", .character("6"))],
        [("7", "7", .character("7")), ("8", "8", .character("8")), ("9", "9", .character("9"))],
        [("⌫", "<-", .backspace), ("0", "0", .character("0")), ("✓", "OK", .enter)],
    ]

    static let keyWidth = 7
    static let gap = 2

    /// The width the pad takes.
    static var width: Int { 3 * keyWidth + 2 * gap }

    /// The rows the pad takes in `height` rows: 11 (two-row keys with gaps), 4, or 0.
    static func height(within height: Int) -> Int {
        height >= 11 ? 11 : height >= 4 ? 4 : 0
    }

    /// Draws the pad at the top left of `area`, if it fits; returns the rows used.
    @discardableResult
    func render(into buffer: inout ScreenBuffer, area: Rect) -> Int {
        let height = Self.height(within: area.height)
        guard height > 0, area.width >= Self.width else { return 0 }
        let tall = height == 11
        let keyHeight = tall ? 2 : 1, pitch = tall ? 3 : 1
        for (row, keys) in Self.keys.enumerated() {
            for (column, key) in keys.enumerated() {
                let rect = Rect(x: area.x + column * (Self.keyWidth + Self.gap), y: area.y + row * pitch, width: Self.keyWidth, height: keyHeight)
                let label = theme.unicode ? key.label : key.ascii
                for line in 0..<keyHeight {
                    buffer.write(String(repeating: " ", count: Self.keyWidth), x: rect.x, y: rect.y + line, style: theme.selected)
                }
                let labelWidth = DisplayWidth.of(label)
                buffer.write(label, x: rect.x + (Self.keyWidth - labelWidth) / 2, y: rect.y + (keyHeight - 1) / 2, style: theme.selected)
                buffer.target(rect, .key(key.key))
            }
        }
        return height
    }
}
