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

    /// The row under a click at `y` within a list drawn from `top`, if any.
    public func row(atScreenY y: Int, top: Int) -> Int? {
        let row = offset + (y - top)
        return y >= top && row < count ? row : nil
    }
}

/// Draws list rows: an optional symbol, the label, and a highlight on the
/// selected row that is visible without colour (reverse video).
public struct ListView {
    public struct Item: Equatable, Sendable {
        public let symbol: String
        public let label: String
        public let style: Style?
        public let trailing: String

        public init(symbol: String = "", label: String, style: Style? = nil, trailing: String = "") {
            self.symbol = symbol
            self.label = label
            self.style = style
            self.trailing = trailing
        }
    }

    public let items: [Item]
    public let selection: ListSelection
    public let theme: Theme
    /// False while the list is shown but another part of the screen has the keys.
    public var focused: Bool

    public init(items: [Item], selection: ListSelection, theme: Theme, focused: Bool = true) {
        self.items = items
        self.selection = selection
        self.theme = theme
        self.focused = focused
    }

    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard area.width > 0, area.height > 0 else { return }
        let symbolWidth = items.map { DisplayWidth.of($0.symbol) }.max() ?? 0
        for (line, item) in items.enumerated().dropFirst(selection.offset).prefix(area.height) {
            let y = area.y + (line - selection.offset)
            let chosen = line == selection.index && focused
            let base = chosen ? theme.selected : (item.style ?? theme.text)
            buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: chosen ? theme.selected : theme.text)
            var x = area.x + 1
            if symbolWidth > 0 {
                buffer.write(item.symbol, x: x, y: y, style: base, maxWidth: symbolWidth)
                x += symbolWidth + 1
            }
            let trailingWidth = DisplayWidth.of(item.trailing)
            let room = area.x + area.width - x - (trailingWidth > 0 ? trailingWidth + 2 : 1)
            buffer.write(item.label, x: x, y: y, style: base, maxWidth: max(0, room))
            if trailingWidth > 0 {
                buffer.write(item.trailing, x: area.x + area.width - trailingWidth - 1, y: y, style: base)
            }
        }
        ScrollMarks(offset: selection.offset, shown: area.height, count: items.count)
            .render(into: &buffer, x: area.x + area.width - 1, top: area.y, bottom: area.y + area.height - 1, theme: theme)
    }
}
