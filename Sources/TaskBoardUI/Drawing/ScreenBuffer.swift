import TaskBoard

/// A screen as cells: what the screens render into and what the terminal
/// backend draws. A wide character (emoji, CJK) occupies its cell and the
/// next one, which holds `Cell.continuation`. Tests read it back as text and
/// as a style layer.
public struct ScreenBuffer: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where a tap does something, in the order drawn (`target(_:_:)`).
    public private(set) var targets: [TouchTarget] = []

    public init(size: Size, style: Style = .plain) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: Cell(text: " ", style: style), count: self.size.width * self.size.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * size.width + x] : Cell(text: " ", style: .plain) }
        set { if contains(x: x, y: y) { cells[y * size.width + x] = newValue } }
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < size.width && y < size.height }

    /// Says what a tap on `rect` does (the part of it on the screen); a
    /// target added later lies over the ones before it.
    public mutating func target(_ rect: Rect, _ tap: Tap) {
        let x = max(0, rect.x), y = max(0, rect.y)
        let width = min(rect.x + rect.width, size.width) - x, height = min(rect.y + rect.height, size.height) - y
        guard width > 0, height > 0 else { return }
        targets.append(TouchTarget(Rect(x: x, y: y, width: width, height: height), tap))
    }

    /// Writes `text` from (x, y), clipped to `maxWidth` columns (and the
    /// screen's edge), cutting with "…" and never splitting a character.
    /// Returns the columns written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < size.height, x < size.width else { return 0 }
        let room = min(maxWidth ?? Int.max, size.width - max(0, x))
        guard room > 0 else { return 0 }
        if let written = writeNarrowLatin(text, x: x, y: y, style: style, room: room) { return written }
        // One width per character, measured once; stop as soon as it cannot fit.
        var glyphs: [(Character, Int)] = []
        var used = 0
        var cut = false
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if used + width > room {
                cut = true
                break
            }
            glyphs.append((character, width))
            used += width
        }
        if cut {
            // Make room for "…" without splitting a character.
            while let last = glyphs.last, used + 1 > room {
                glyphs.removeLast()
                used -= last.1
            }
            glyphs.append(("…", 1))
        }
        var column = x
        for (character, width) in glyphs {
            if column >= 0 {
                clearWide(at: column, y)
                self[column, y] = Cell(text: String(character), style: style)
                if width == 2 {
                    clearWide(at: column + 1, y)
                    self[column + 1, y] = Cell(text: Cell.continuation, style: style)
                }
            }
            column += width
        }
        return column - x
    }

    /// Latin text that fits (most names, words and numbers) is one cell per
    /// code point: written without measuring grapheme clusters, as every
    /// frame writes every row. Nil when the text is anything else or is cut.
    private mutating func writeNarrowLatin(_ text: String, x: Int, y: Int, style: Style, room: Int) -> Int? {
        guard let count = DisplayWidth.narrowLatinWidth(text), count <= room else { return nil }
        var column = x
        for scalar in text.unicodeScalars {
            if column >= 0 {
                clearWide(at: column, y)
                self[column, y] = Cell(text: String(Character(scalar)), style: style)
            }
            column += 1
        }
        return count
    }

    /// A run of one narrow character (a bar), clipped to the screen: without
    /// measuring each copy as `write` would.
    public mutating func repeatNarrow(_ character: Character, count: Int, x: Int, y: Int, style: Style) {
        guard y >= 0, y < size.height else { return }
        setRow(Self.clip(x, count, to: size.width), rows: y..<(y + 1), to: Cell(text: String(character), style: style))
    }

    /// Writes `text` word by word within `width` columns, on at most
    /// `maxLines` rows; a word longer than a row is cut. Returns rows used.
    @discardableResult
    public mutating func writeWrapped(_ text: String, x: Int, y: Int, width: Int, maxLines: Int, style: Style = .plain) -> Int {
        guard width > 0, maxLines > 0 else { return 0 }
        var lines = Self.wrap(text, width: width)
        if lines.count > maxLines {
            // The last row that fits says that something was left out.
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] += " …"
        }
        for (index, line) in lines.enumerated() {
            write(line, x: x, y: y + index, style: style, maxWidth: width)
        }
        return lines.count
    }

    /// Where a long word may break, with a hyphen at the line's end (a
    /// Finnish compound: "seitsemänsataa-" / "kahdeksankymmentä"); not shown otherwise.
    public static let softHyphen: Character = "\u{AD}"

    /// The rows `text` takes when wrapped word by word within `width`
    /// columns; a word too long for its line breaks at a soft hyphen.
    public static func wrap(_ text: String, width: Int) -> [String] {
        func plain(_ part: Substring) -> String { String(part.filter { $0 != softHyphen }) }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            var rest = word
            while true {
                let whole = plain(rest)
                let candidate = line.isEmpty ? whole : line + " " + whole
                if DisplayWidth.of(candidate) <= width {
                    line = candidate
                    break
                }
                let before = line.isEmpty ? "" : line + " "
                let breaks = rest.indices.filter { rest[$0] == softHyphen }
                if let cut = breaks.last(where: { DisplayWidth.of(before + plain(rest[..<$0]) + "-") <= width }) {
                    lines.append(before + plain(rest[..<cut]) + "-")
                    line = ""
                    rest = rest[rest.index(after: cut)...]
                } else if line.isEmpty {
                    line = whole  // longer than the width even alone: as it is
                    break
                } else {
                    lines.append(line)
                    line = ""
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Fills a rectangle with spaces in a style.
    public mutating func fill(_ rect: Rect, style: Style) {
        setRow(Self.clip(rect.x, rect.width, to: size.width), rows: Self.clip(rect.y, rect.height, to: size.height),
               to: Cell(text: " ", style: style))
    }

    /// `count` places from `start`, within 0..<limit (empty when none are).
    private static func clip(_ start: Int, _ count: Int, to limit: Int) -> Range<Int> {
        let lower = min(max(0, start), limit)
        return lower..<max(lower, min(limit, start + count))
    }

    /// Sets a run of cells on each of `rows` (clipped already). Only a wide
    /// character across the run's two ends can keep a half outside it:
    /// the cells between are all overwritten, so only the ends are checked.
    private mutating func setRow(_ columns: Range<Int>, rows: Range<Int>, to cell: Cell) {
        guard !columns.isEmpty else { return }
        for y in rows {
            clearWide(at: columns.lowerBound, y)
            clearWide(at: columns.upperBound - 1, y)
            let row = y * size.width
            for x in columns { cells[row + x] = cell }
        }
    }

    /// Changes only the style of a rectangle (a highlight), keeping its text.
    public mutating func restyle(_ rect: Rect, _ change: (Style) -> Style) {
        for y in Self.clip(rect.y, rect.height, to: size.height) {
            for x in Self.clip(rect.x, rect.width, to: size.width) {
                self[x, y].style = change(self[x, y].style)
            }
        }
    }

    /// The screen as text, one string per row, trailing spaces kept.
    public var textLines: [String] {
        (0..<size.height).map { y in
            (0..<size.width).reduce(into: "") { line, x in
                let text = self[x, y].text
                if text != Cell.continuation { line += text }
            }
        }
    }

    /// The style layer as text, one character per cell, for tests: "R" for
    /// reverse, "B" for bold, "U" for underline, "." for plain, and with
    /// colour the foreground's number in hex ("0"-"f") instead of ".".
    public var styleLines: [String] {
        (0..<size.height).map { y in
            String((0..<size.width).map { x -> Character in
                let style = self[x, y].style
                if style.reverse { return "R" }
                if style.bold { return "B" }
                if style.underline { return "U" }
                guard style.foreground != .default else { return "." }
                return Character(String(style.foreground.rawValue, radix: 16))
            })
        }
    }

    /// Overwriting half of a wide character leaves the other half blank.
    private mutating func clearWide(at x: Int, _ y: Int) {
        guard contains(x: x, y: y) else { return }
        if self[x, y].text == Cell.continuation, x > 0 {
            self[x - 1, y].text = " "
        } else if x + 1 < size.width, self[x + 1, y].text == Cell.continuation {
            self[x + 1, y].text = " "
        }
    }
}

public struct Cell: Equatable, Sendable {
    /// The right half of a wide character.
    public static let continuation = ""

    public var text: String
    public var style: Style

    public init(text: String, style: Style) {
        self.text = text
        self.style = style
    }

    /// The right half of a wide character (quicker to ask than comparing the text).
    public var isContinuation: Bool { text.isEmpty }
}

public struct Size: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

public struct Rect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
