import TaskBoardUI

/// A screen buffer as text for stdout: plain, with trailing spaces trimmed,
/// or with ANSI SGR codes for the cells' styles, reset at every line's end
/// so a cut-off line never colours the shell prompt.
public enum ANSIText {
    private static let escape = "\u{1B}["

    /// One string per row, without line breaks.
    public static func lines(of buffer: ScreenBuffer, color: Bool) -> [String] {
        (0..<buffer.size.height).map { y in color ? styledLine(buffer, y) : plainLine(buffer, y) }
    }

    private static func plainLine(_ buffer: ScreenBuffer, _ y: Int) -> String {
        var line = ""
        for x in 0..<buffer.size.width { line += buffer[x, y].text }
        while line.last == " " { line.removeLast() }
        return line
    }

    private static func styledLine(_ buffer: ScreenBuffer, _ y: Int) -> String {
        var line = ""
        var current = Style.plain
        for x in 0..<buffer.size.width {
            let cell = buffer[x, y]
            // The right half of a wide character has no text of its own.
            guard cell.text != Cell.continuation else { continue }
            if cell.style != current {
                line += sgr(cell.style)
                current = cell.style
            }
            line += cell.text
        }
        if current != .plain { line += escape + "0m" }
        return line
    }

    /// The full SGR sequence for a style, starting from a reset so that no
    /// attribute of the previous cell lingers.
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let code = colorCode(style.foreground, normal: 30, bright: 90) { codes.append(code) }
        if let code = colorCode(style.background, normal: 40, bright: 100) { codes.append(code) }
        return escape + codes.joined(separator: ";") + "m"
    }

    private static func colorCode(_ color: Color, normal: Int, bright: Int) -> String? {
        switch color.rawValue {
        case 0...7: String(normal + color.rawValue)
        case 8...15: String(bright + color.rawValue - 8)
        default: nil
        }
    }
}
