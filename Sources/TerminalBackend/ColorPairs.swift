import TaskBoardUI

/// Colour pairs allocated lazily, one per (foreground, background) the
/// screens use, as ncurses needs them. Pure bookkeeping: the terminal calls
/// `init_pair` when `pair(for:)` says a pair is new.
struct ColorPairs: Sendable {
    struct Colors: Hashable, Sendable {
        /// ncurses colour numbers; -1 is the terminal's default.
        var foreground: Int16
        var background: Int16
    }

    struct Allocation: Equatable, Sendable {
        var pair: Int16
        /// Set when the pair was just allocated and needs `init_pair(pair, foreground, background)`.
        var isNew: Bool
        var colors: Colors
        /// A bright foreground on an 8-colour terminal is drawn bold instead.
        var bold: Bool
    }

    /// How many colours the terminal has (`COLORS`).
    let colorCount: Int
    /// The highest pair number available (`COLOR_PAIRS - 1`, and at most 32767: `init_pair` takes a short).
    let highestPair: Int
    /// Whether -1 (the terminal's default) may be used (`use_default_colors` succeeded).
    let defaultColors: Bool
    private var pairs: [Colors: Int16] = [:]
    private var nextPair: Int = 1

    init(colorCount: Int, pairCount: Int, defaultColors: Bool) {
        self.colorCount = colorCount
        highestPair = min(Int(Int16.max), pairCount - 1)
        self.defaultColors = defaultColors
    }

    /// The pair for a style's colours. Pair 0 (the terminal's colours) for
    /// default on default, and when the pairs have run out: the screens
    /// never let colour alone carry meaning.
    mutating func pair(foreground: Color, background: Color) -> Allocation {
        var bold = false
        var fg = foreground.rawValue
        var bg = background.rawValue
        if colorCount < 16 {
            if fg >= 8 { fg -= 8; bold = true }
            if bg >= 8 { bg -= 8 }
        }
        if fg >= colorCount { fg = -1 }
        if bg >= colorCount { bg = -1 }
        if !defaultColors {
            if fg == -1 && bg == -1 { return Allocation(pair: 0, isNew: false, colors: Colors(foreground: -1, background: -1), bold: bold) }
            if fg == -1 { fg = 7 }  // COLOR_WHITE
            if bg == -1 { bg = 0 }  // COLOR_BLACK
        }
        let colors = Colors(foreground: Int16(fg), background: Int16(bg))
        if fg == -1 && bg == -1 { return Allocation(pair: 0, isNew: false, colors: colors, bold: bold) }
        if let existing = pairs[colors] { return Allocation(pair: existing, isNew: false, colors: colors, bold: bold) }
        guard nextPair <= highestPair else { return Allocation(pair: 0, isNew: false, colors: colors, bold: bold) }
        let pair = Int16(nextPair)
        nextPair += 1
        pairs[colors] = pair
        return Allocation(pair: pair, isNew: true, colors: colors, bold: bold)
    }
}
