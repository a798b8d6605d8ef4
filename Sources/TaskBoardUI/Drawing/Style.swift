/// How a cell looks. Colour never carries meaning alone: the screens pair it
/// with a symbol or with bold/reverse, which survive `NO_COLOR` and
/// monochrome terminals.
public struct Style: Hashable, Sendable {
    /// All of it in one word, every byte set. A Cell is then its text's 16
    /// bytes and these 8, with no padding: padding holds whatever was in
    /// memory before, so two equal rows of cells differed byte for byte and
    /// the terminal backend's one comparison per unchanged row never matched
    /// (every cell was compared instead: a Mark sheet key's draw took four times as long).
    private var bits: UInt64 = 0

    public var foreground: Color {
        get { Self.color(bits & 0xFF) }
        set { bits = bits & ~0xFF | Self.byte(newValue) }
    }
    public var background: Color {
        get { Self.color(bits >> 8 & 0xFF) }
        set { bits = bits & ~0xFF00 | Self.byte(newValue) << 8 }
    }
    public var bold: Bool {
        get { flag(16) }
        set { set(16, newValue) }
    }
    public var reverse: Bool {
        get { flag(17) }
        set { set(17, newValue) }
    }
    public var underline: Bool {
        get { flag(18) }
        set { set(18, newValue) }
    }

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
    }

    private static func byte(_ color: Color) -> UInt64 { UInt64(color.rawValue + 1) }
    private static func color(_ byte: UInt64) -> Color { Color(rawValue: Int(byte) - 1) ?? .default }
    private func flag(_ bit: UInt64) -> Bool { bits >> bit & 1 == 1 }
    private mutating func set(_ bit: UInt64, _ on: Bool) { bits = on ? bits | 1 << bit : bits & ~(1 << bit) }

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
