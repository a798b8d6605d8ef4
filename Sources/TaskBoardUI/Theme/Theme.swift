/// Colours and symbols for one terminal. The blue theme on a colour terminal;
/// bold/reverse and symbols only with `NO_COLOR` or without colours; ASCII
/// stand-ins where the locale is not UTF-8. Meaning never rests on colour.
public struct Theme: Sendable {
    public let color: Bool
    public let unicode: Bool
    /// Bright colours can be backgrounds too (16 colours or more; not the
    /// Linux console or TERM=xterm, which have 8).
    public let brightBackgrounds: Bool
    /// The terminal draws colour emoji (the graphical kiosk's foot): done
    /// and not done are big coloured pictures rather than ✔ and ○.
    public let pictures: Bool

    public init(color: Bool, unicode: Bool, brightBackgrounds: Bool = true, pictures: Bool = false) {
        self.color = color
        self.unicode = unicode
        self.brightBackgrounds = brightBackgrounds
        self.pictures = pictures && unicode
    }

    public var background: Style { color ? Style(foreground: .brightWhite, background: .blue) : .plain }
    public var title: Style { color ? Style(foreground: .brightYellow, background: .blue, bold: true) : Style(bold: true) }
    public var text: Style { background }
    public var dim: Style { color ? Style(foreground: .cyan, background: .blue) : .plain }
    public var selected: Style { color ? Style(foreground: .blue, background: .brightWhite, bold: true) : Style(bold: true, reverse: true) }
    public var tab: Style { color ? Style(foreground: .white, background: .blue) : .plain }
    public var activeTab: Style { color ? Style(foreground: .blue, background: .brightYellow, bold: true) : Style(bold: true, reverse: true) }
    public var hintBar: Style { color ? Style(foreground: .black, background: .cyan) : Style(reverse: true) }
    public var hintKey: Style { color ? Style(foreground: .blue, background: .cyan, bold: true) : Style(bold: true, reverse: true) }
    /// Something to tap that is not a row: ▲ ▼, back.
    public var button: Style { color ? Style(foreground: .blue, background: .cyan, bold: true) : Style(bold: true, reverse: true) }
    /// A row of a child's list drawn as a tile, two rows high.
    public var tile: Style { color ? Style(foreground: .brightWhite, background: .black, bold: true) : Style(bold: true) }
    public var status: Style { color ? Style(foreground: .brightGreen, background: .blue, bold: true) : Style(bold: true) }
    public var problem: Style { color ? Style(foreground: .brightWhite, background: .red, bold: true) : Style(bold: true, reverse: true) }

    /// Bright colours that stay readable on blue, one per child by id, so a
    /// child keeps their colour on every screen and every day.
    private static let palette: [Color] = [.brightYellow, .brightGreen, .brightCyan, .brightMagenta, .brightRed, .brightWhite, .yellow, .green]

    public func childStyle(_ id: Int) -> Style {
        guard color else { return .plain }
        return Style(foreground: Self.childColor(id), background: .blue, bold: true)
    }

    /// A child's bar on the leaderboard, cell by cell. In colour, blanks on
    /// the child's colour: they look like "█" in it, but cost a byte a cell,
    /// or one escape for the whole run (ECH), where "█" costs three bytes a
    /// cell, and every bar is redrawn on every change of period (11 KB a
    /// key at 120×40 with 200 children). Without colour, the full block;
    /// with only 8 colours, the block in the child's colour (bold makes it
    /// bright, as it does the name; a background cannot be made so).
    public func bar(_ id: Int) -> (symbol: Character, style: Style) {
        guard color else { return (barFull, .plain) }
        guard brightBackgrounds else { return (barFull, childStyle(id)) }
        // Bold like the name before it, so that only the colours change between them.
        return (" ", Style(foreground: .blue, background: Self.childColor(id), bold: true))
    }

    private static func childColor(_ id: Int) -> Color {
        palette[((id % palette.count) + palette.count) % palette.count]
    }

    // MARK: Symbols

    public var done: String { pictures ? "✅" : unicode ? "✔" : "[x]" }
    public var notDone: String { pictures ? "⬜" : unicode ? "○" : "[ ]" }
    /// Beside the task of the day whose time is now, and the next one: a
    /// shape, not only a colour.
    public var nowMark: String { unicode ? "▶" : ">" }
    public var nextMark: String { unicode ? "▷" : "-" }
    /// What marks a day that is different, and what is different in it (a picture first, then words).
    public var changedDayMark: String { unicode ? "✨" : "!" }
    /// Before what does not happen on a different day: a picture that says "not", for those who cannot read the words.
    public var cancelledMark: String { unicode ? "🚫" : "x" }
    /// Today's progress as marks a child can count: one filled per task done,
    /// one empty per task left ("✔✔✔○○"); nil where they would crowd the line.
    public func progressMarks(done: Int, total: Int) -> String? {
        guard total > 0, total <= 10 else { return nil }
        let (filled, empty) = pictures ? ("🟩", "⬜") : unicode ? ("●", "○") : ("#", ".")
        return String(repeating: filled, count: min(done, total)) + String(repeating: empty, count: max(0, total - done))
    }
    public var barFull: Character { unicode ? "█" : "#" }
    /// The part of a goal's bar still to fill.
    public var barEmpty: Character { unicode ? "░" : "." }
    public var ellipsis: String { unicode ? "…" : "..." }
    public func medal(rank: Int) -> String {
        switch rank {
        case 1: unicode ? "🥇" : "1st"
        case 2: unicode ? "🥈" : "2nd"
        case 3: unicode ? "🥉" : "3rd"
        default: ""
        }
    }
}

extension Theme {
    /// Whether a screen may draw emoji and symbols (✔, ○, medals) or needs
    /// the ASCII stand-ins: it needs a UTF-8 locale, and not the Linux text
    /// console (`TERM=linux`, a kiosk on tty1), whose fonts have ä and ö but
    /// no emoji, ✔ or ○. Names are written as they are either way. The
    /// kiosk's terminal and the printed pages both decide by this.
    public static func drawsSymbols(utf8: Bool, term: String?) -> Bool {
        utf8 && term != "linux" && term?.hasPrefix("linux-") != true
    }
}
