import TaskBoard

/// The leaderboard's rows: a medal for the top three, the rank (shared by
/// equal points), the child's avatar and name in their colour, a bar, and the
/// points. Used by the kiosk tab and by the printed leaderboard alike.
public struct LeaderboardView {
    public struct Row: Equatable, Sendable {
        public let rank: Int
        public let childID: Int
        public let name: String
        /// Already chosen for the terminal (emoji or its ASCII stand-in).
        public let avatar: String
        public let points: Int

        public init(rank: Int, childID: Int, name: String, avatar: String, points: Int) {
            self.rank = rank
            self.childID = childID
            self.name = name
            self.avatar = avatar
            self.points = points
        }
    }

    public let rows: [Row]
    public let theme: Theme
    /// The first row shown (scrolling).
    public var offset: Int
    /// Ranks, medals and bars; without them (the stars style) each child's
    /// own points, nobody measured against anybody.
    public var ranked: Bool
    /// Each value as shown: the number, or where the values are shares of a
    /// board the per cent as the language writes it ("50%", "50 %").
    public var valueText: (Int) -> String
    /// The value of a full bar: 100 for shares, so a bar reads as the share
    /// itself; nil for points, where the most points fill the bar.
    public var fullBar: Int?
    /// The child at the screen (who opened their board): their row has ▶ before it.
    public var marked: Int?
    /// How rows sit: tiles a finger hits, in columns read down (`Grid`);
    /// nil, a line each (paper).
    public var grid: Grid?

    public init(rows: [Row], theme: Theme, offset: Int = 0, ranked: Bool = true, valueText: @escaping (Int) -> String = { String($0) },
                fullBar: Int? = nil) {
        self.rows = rows
        self.theme = theme
        self.offset = offset
        self.ranked = ranked
        self.valueText = valueText
        self.fullBar = fullBar
    }

    /// How the rows sit in the list's area. On the child side a row is a
    /// tile a finger hits (two rows high, a row between tiles) where the
    /// screen has the height; where one column does not hold every child
    /// and the screen has the width, more columns of tiles (two at 80
    /// columns, three at 120), read down the first and then the next, so
    /// that a wide screen shows about as many children as with a line each.
    public struct Grid: Equatable, Sendable {
        public let layout: ListLayout
        public let columns: Int
        /// Tiles down a column: as many as the height has, fewer where
        /// everyone fits, so that the columns are even (6 and 6, not 11 and 1).
        let perColumn: Int

        public init(layout: ListLayout, columns: Int, count: Int = .max) {
            let columns = max(1, columns)
            self.layout = layout
            self.columns = columns
            let even = count / columns + (count % columns == 0 ? 0 : 1)
            perColumn = max(1, min(layout.shown, even))
        }

        /// Tiles for `count` children in a list `height` rows high and
        /// `width` wide; lines where `tall` is false (the grown-ups' screens).
        public init(height: Int, width: Int, tall: Bool, count: Int) {
            let layout = ListLayout(height: height, tall: tall)
            // As few columns as hold everyone, as many as the width has.
            let fit = layout.rowHeight > 1 ? max(1, (width + Self.columnGap) / (Self.columnWidth + Self.columnGap)) : 1
            let needed = (count + layout.shown - 1) / max(1, layout.shown)
            self.init(layout: layout, columns: max(1, min(fit, needed)), count: count)
        }

        /// The least width of a column of tiles: a 40-column screen's rows.
        public static let columnWidth = 36

        /// Between columns: two blanks, then the ▶ of the next column's own row.
        static let columnGap = 3

        /// Children on screen at once.
        public var shown: Int { layout.shown * columns }

        /// The rows a finger moves to scroll one child.
        public var pitch: Int { layout.rowHeight + layout.gap }

        /// Where the `index`th child on screen is drawn in `area`.
        func cell(_ index: Int, in area: Rect) -> Rect {
            let column = index / perColumn, line = index % perColumn
            let width = columns == 1 ? area.width : (area.width - Self.columnGap * (columns - 1)) / columns
            return Rect(x: area.x + column * (width + Self.columnGap), y: layout.y(ofLine: line, top: area.y),
                        width: width, height: layout.rowHeight)
        }
    }

    /// The grid in `area`: the one given, else a line each.
    private func grid(in area: Rect) -> Grid {
        grid ?? Grid(layout: ListLayout(height: area.height, tall: false), columns: 1)
    }

    /// Rows drawn, with where each goes.
    private func cells(in area: Rect) -> [(row: Row, cell: Rect)] {
        guard area.height > 0 else { return [] }
        let grid = grid(in: area)
        return rows.dropFirst(offset).prefix(grid.shown).enumerated().map { ($1, grid.cell($0, in: area)) }
    }

    /// ▶ in the column left of a row, at the row of the child at the screen.
    private func markIfOwn(_ row: Row, cell: Rect, into buffer: inout ScreenBuffer) {
        guard row.childID == marked, cell.x > 0 else { return }
        buffer.write(theme.nowMark, x: cell.x - 1, y: cell.y, style: theme.title.with(bold: true))
    }

    /// "More above" and "more below" in the column right of the rows.
    private func scrollMarks(into buffer: inout ScreenBuffer, area: Rect) {
        let shown = grid(in: area).shown
        ScrollMarks(offset: offset, shown: shown, count: rows.count)
            .render(into: &buffer, x: area.x + area.width, top: area.y, bottom: area.y + area.height - 1, theme: theme)
    }

    /// The widest name column worth giving: up to the longest name.
    private var nameWidth: Int { min(NameRules.maxWidth, rows.map { DisplayWidth.of($0.name) }.max() ?? 0) }

    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard ranked else { return renderStars(into: &buffer, area: area) }
        let medalWidth = theme.unicode ? 2 : 3
        let rankWidth = max(2, String(rows.count).count) + 1
        let pointsWidth = max(1, rows.map { DisplayWidth.of(valueText($0.points)) }.max() ?? 0)
        let maxPoints = max(1, fullBar ?? rows.map(\.points).max() ?? 0)
        // medal, space, rank, space, avatar(2), space, name, space, bar, space, points
        let fixed = medalWidth + 1 + rankWidth + 1 + 2 + 1
        let width = cells(in: area).first?.cell.width ?? area.width
        let nameWidth = max(1, min(self.nameWidth, width - fixed - pointsWidth - 3))
        let barWidth = max(0, width - fixed - nameWidth - 2 - pointsWidth)
        for (row, cell) in cells(in: area) {
            let y = cell.y
            var x = cell.x
            // A tap on a row reads it aloud, where read aloud is on.
            buffer.target(cell, .leaderboardRow(ChildID(row.childID)))
            markIfOwn(row, cell: cell, into: &buffer)
            // Medals are for points earned, not for being listed.
            buffer.write(row.points > 0 ? theme.medal(rank: row.rank) : "", x: x, y: y, style: theme.text.with(bold: true), maxWidth: medalWidth)
            x += medalWidth + 1
            let rank = "\(row.rank)."
            buffer.write(String(repeating: " ", count: max(0, rankWidth - rank.count)) + rank, x: x, y: y, style: theme.text)
            x += rankWidth + 1
            buffer.write(row.avatar, x: x, y: y, style: theme.text, maxWidth: 2)
            x += 3
            // The blanks around the name and the bar take the style of the
            // text beside them: they look the same, and the terminal is sent
            // half as many style changes a row (every row is redrawn on a
            // change of period).
            let style = theme.childStyle(row.childID)
            let named = buffer.write(row.name, x: x, y: y, style: style, maxWidth: nameWidth)
            buffer.repeatNarrow(" ", count: nameWidth + 1 - named, x: x + named, y: y, style: style)
            x += nameWidth + 1
            let filled = min(barWidth, row.points == 0 ? 0 : max(1, barWidth * row.points / maxPoints))
            let bar = theme.bar(row.childID)
            // A tile's bar fills its height: the part a child compares is the largest.
            for barY in y..<(y + cell.height) {
                buffer.repeatNarrow(bar.symbol, count: filled, x: x, y: barY, style: bar.style)
            }
            let points = valueText(row.points), shownWidth = DisplayWidth.of(points)
            let pointsStyle = theme.text.with(bold: true)
            buffer.repeatNarrow(" ", count: barWidth - filled + 1 + pointsWidth - shownWidth, x: x + filled, y: y, style: pointsStyle)
            x += barWidth + 1 + pointsWidth - shownWidth
            buffer.write(points, x: x, y: y, style: pointsStyle)
        }
        scrollMarks(into: &buffer, area: area)
    }

    /// Points as pictures a child compares without counting far: a ⭐ each;
    /// `byTens`, a 🏆 for each hundred, a 🌟 for each ten and a ⭐ for each
    /// one left, so more points are always more or bigger pictures.
    static func stars(_ points: Int, byTens: Bool, theme: Theme) -> String {
        let (one, ten, hundred) = theme.unicode ? ("⭐", "🌟", "🏆") : ("*", "X", "C")
        guard byTens else { return String(repeating: one, count: points) }
        return String(repeating: hundred, count: points / 100) + String(repeating: ten, count: points % 100 / 10)
            + String(repeating: one, count: points % 10)
    }

    /// Each child's avatar, name and a star per point, in the given order:
    /// a child who cannot count yet sees how many. Where one child's stars
    /// do not fit their row, every row goes by tens (`stars`), so that rows
    /// are compared alike, never one cut at the same length as a longer
    /// one; where even those do not fit, as many stars as fit and the number.
    private func renderStars(into buffer: inout ScreenBuffer, area: Rect) {
        let star = theme.unicode ? "⭐" : "*", starWidth = DisplayWidth.of(star)
        let width = cells(in: area).first?.cell.width ?? area.width
        let nameWidth = max(1, min(self.nameWidth, width / 2))
        let room = max(0, width - 1 - 3 - nameWidth - 2)
        let byTens = rows.contains { $0.points * starWidth > room }
        for (row, cell) in cells(in: area) {
            let y = cell.y
            var x = cell.x + 1
            buffer.target(cell, .leaderboardRow(ChildID(row.childID)))
            markIfOwn(row, cell: cell, into: &buffer)
            buffer.write(row.avatar, x: x, y: y, style: theme.text, maxWidth: 2)
            x += 3
            buffer.write(row.name, x: x, y: y, style: theme.childStyle(row.childID), maxWidth: nameWidth)
            x += nameWidth + 2
            let pictures = Self.stars(row.points, byTens: byTens, theme: theme)
            if DisplayWidth.of(pictures) <= room {
                buffer.write(pictures, x: x, y: y, style: theme.text)
            } else {
                let number = " \(row.points)"
                let stars = max(0, (room - number.count) / starWidth)
                x += buffer.write(String(repeating: star, count: stars), x: x, y: y, style: theme.text)
                buffer.write(number, x: x, y: y, style: theme.text.with(bold: true))
            }
        }
        scrollMarks(into: &buffer, area: area)
    }
}
