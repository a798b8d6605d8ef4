import TaskBoard

/// Which row of a list is chosen and which rows are on screen. Shared by every
/// list (groups, children, tasks, the library), so they all move alike.
public struct ListSelection: Equatable, Sendable {
    public private(set) var index: Int
    public private(set) var offset: Int
    public private(set) var count: Int

    public init(count: Int, index: Int = 0) {
        self.count = max(0, count)
        self.index = 0
        self.offset = 0
        select(index)
    }

    public var isEmpty: Bool { count == 0 }

    public mutating func move(by step: Int) { select(index + step) }

    /// Selects a row, kept inside the list.
    public mutating func select(_ row: Int) {
        index = count == 0 ? 0 : min(max(0, row), count - 1)
    }

    /// The list changed length (a row added or deleted): keep a valid selection.
    public mutating func resize(to count: Int) {
        self.count = max(0, count)
        select(index)
    }

    /// Scrolls so the selection is visible in `height` rows.
    public mutating func reveal(height: Int) {
        guard height > 0 else { return }
        if index < offset { offset = index }
        if index >= offset + height { offset = index - height + 1 }
        offset = max(0, min(offset, max(0, count - height)))
    }

    /// Scrolls `step` rows (a wheel, a drag, ▲ ▼) with `shown` on screen;
    /// the selection moves only as far as needed to stay on screen.
    public mutating func scroll(by step: Int, shown: Int) {
        guard shown > 0 else { return }
        offset = max(0, min(offset + step, count - shown))
        index = min(max(index, offset), max(offset, min(count, offset + shown) - 1))
    }
}

/// How a list's rows sit in its height. Children find themselves by touch:
/// on the child side a row is a tile two rows high with a row between
/// tiles, where the screen has the height for three of them (50×16 and
/// up); on a smaller screen, and for the grown-ups' lists, one row each.
public struct ListLayout: Equatable, Sendable {
    public let rowHeight: Int
    public let gap: Int
    /// Rows on screen at once.
    public let shown: Int

    /// The least height for tiles: three of them.
    public static let tilesMinimumHeight = 8

    public init(height: Int, tall: Bool) {
        (rowHeight, gap) = tall && height >= Self.tilesMinimumHeight ? (2, 1) : (1, 0)
        // Tiles start after a gap too, away from the title's row and its back button.
        shown = max(1, height / (rowHeight + gap))
    }

    /// The screen row where the `line`th row on screen starts.
    public func y(ofLine line: Int, top: Int) -> Int { top + gap + line * (rowHeight + gap) }

    /// What ▲ or ▼ scroll: a page, keeping one row of the last in sight.
    public var page: Int { shown > 2 ? shown - 1 : shown }
}

/// Draws list rows: an optional symbol, the label, and a highlight on the
/// selected row that is visible without colour (reverse video). Each row
/// is a touch target; a list longer than the screen has ▲ and ▼ at its
/// right edge, which scroll it a page.
public struct ListView {
    public struct Item: Equatable, Sendable {
        public let symbol: String
        public let label: String
        public let style: Style?
        public let trailing: String
        /// Shorter words for a row too narrow for these ("Idle logout"
        /// for "Idle logout (minutes)"), used only where the label would be cut.
        public let narrow: Narrow?

        public struct Narrow: Equatable, Sendable {
            public let label: String
            public let trailing: String
        }

        public init(symbol: String = "", label: String, style: Style? = nil, trailing: String = "", narrow: Narrow? = nil) {
            self.symbol = symbol
            self.label = label
            self.style = style
            self.trailing = trailing
            self.narrow = narrow
        }

        /// The words that fit `room` columns for the label and its trailing
        /// value with the gaps around them: these, or the narrow ones.
        func fitting(_ room: Int) -> (label: String, trailing: String) {
            let wide = (label, trailing)
            guard let narrow, Self.width(wide) > room else { return wide }
            return (narrow.label, narrow.trailing)
        }

        /// Columns taken by a label and a trailing value, with the gap between and after.
        static func width(_ words: (label: String, trailing: String)) -> Int {
            let trailing = DisplayWidth.of(words.trailing)
            return DisplayWidth.of(words.label) + (trailing > 0 ? trailing + 2 : 1)
        }
    }

    public let items: [Item]
    public let selection: ListSelection
    public let theme: Theme
    /// False while the list is shown but another part of the screen has the keys.
    public var focused: Bool
    public var layout: ListLayout?
    /// What a tap on a row does: chooses it in the screen's list, or in a picker.
    public var rowTap: (Int) -> Tap

    public init(items: [Item], selection: ListSelection, theme: Theme, focused: Bool = true, layout: ListLayout? = nil,
                rowTap: @escaping (Int) -> Tap = { .row($0) }) {
        self.rowTap = rowTap
        self.items = items
        self.selection = selection
        self.theme = theme
        self.focused = focused
        self.layout = layout
    }

    /// The width of the ▲ ▼ strip at the right of a list that scrolls.
    public static let stripWidth = 3

    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard area.width > 0, area.height > 0 else { return }
        let layout = layout ?? ListLayout(height: area.height, tall: false)
        let scrolls = items.count > layout.shown
        let rowWidth = area.width - (scrolls ? Self.stripWidth : 0)
        let symbolWidth = items.map { DisplayWidth.of($0.symbol) }.max() ?? 0
        for (line, item) in items.enumerated().dropFirst(selection.offset).prefix(layout.shown) {
            let y = layout.y(ofLine: line - selection.offset, top: area.y)
            let height = min(layout.rowHeight, area.y + area.height - y)
            let chosen = line == selection.index && focused
            let tile = layout.rowHeight > 1 ? theme.tile : theme.text
            let base = chosen ? theme.selected : (item.style.map { layout.rowHeight > 1 ? $0.with(background: tile.background) : $0 } ?? tile)
            let row = Rect(x: area.x, y: y, width: rowWidth, height: height)
            buffer.fill(row, style: chosen ? theme.selected : tile)
            buffer.target(row, rowTap(line))
            var x = area.x + 1
            if symbolWidth > 0 {
                buffer.write(item.symbol, x: x, y: y, style: base, maxWidth: symbolWidth)
                x += symbolWidth + 1
            }
            let words = item.fitting(area.x + rowWidth - x)
            let trailingWidth = DisplayWidth.of(words.trailing)
            let room = area.x + rowWidth - x - (trailingWidth > 0 ? trailingWidth + 2 : 1)
            buffer.write(words.label, x: x, y: y, style: base, maxWidth: max(0, room))
            if trailingWidth > 0 {
                // Never over the symbol: a value wider than the row is cut at its end.
                let trailingX = max(x, area.x + rowWidth - trailingWidth - 1)
                buffer.write(words.trailing, x: trailingX, y: y, style: base, maxWidth: max(0, area.x + rowWidth - 1 - trailingX))
            }
        }
        guard scrolls else { return }
        ScrollMarks(offset: selection.offset, shown: layout.shown, count: items.count, page: layout.page)
            .renderStrip(into: &buffer, area: Rect(x: area.x + rowWidth, y: area.y, width: Self.stripWidth, height: area.height), theme: theme)
    }
}
