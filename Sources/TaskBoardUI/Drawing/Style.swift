/// How a cell looks. Colour never carries meaning alone: the screens pair it
/// with a symbol or with bold/reverse, which survive `NO_COLOR` and
/// monochrome terminals.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()

    public func with(bold: Bool? = nil, reverse: Bool? = nil, foreground: Color? = nil, background: Color? = nil) -> Style {
        var copy = self
        if let bold { copy.bold = bold }
        if let reverse { copy.reverse = reverse }
        if let foreground { copy.foreground = foreground }
        if let background { copy.background = background }
        return copy
    }
}

/// The 16 terminal colours plus the terminal's own default.
public enum Color: Int, Hashable, Sendable, CaseIterable {
    case `default` = -1
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}
