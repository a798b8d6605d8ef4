import Testing
@testable import TaskBoardUI

@Suite struct LeaderboardViewTests {
    private let rows = [
        LeaderboardView.Row(rank: 1, childID: 1, name: "Aino", avatar: "🦊", points: 12),
        LeaderboardView.Row(rank: 1, childID: 2, name: "Eero", avatar: "🐢", points: 12),
        LeaderboardView.Row(rank: 3, childID: 3, name: "Äijälä 漢字", avatar: "🦉", points: 6),
        LeaderboardView.Row(rank: 4, childID: 4, name: "Ville", avatar: "🐻", points: 0),
    ]

    @Test func ranksMedalsBarsAndPointsLineUp() {
        var buffer = ScreenBuffer(size: Size(width: 40, height: 4))
        LeaderboardView(rows: rows, theme: Theme(color: false, unicode: true))
            .render(into: &buffer, area: Rect(x: 0, y: 0, width: 40, height: 4))
        #expect(buffer.textLines == [
            // 2 medal + 1 + 3 rank + 1 + 2 avatar + 1 + 11 name + 1 + 15 bar + 1 + 2 points = 40
            "🥇  1. 🦊 Aino        ███████████████ 12",
            "🥇  1. 🐢 Eero        ███████████████ 12",
            "🥉  3. 🦉 Äijälä 漢字 ███████          6",
            "    4. 🐻 Ville                        0",
        ])
    }

    @Test func asciiAndNarrowScreensStillShowRankNameAndPoints() {
        var buffer = ScreenBuffer(size: Size(width: 24, height: 2))
        LeaderboardView(rows: rows, theme: Theme(color: false, unicode: false))
            .render(into: &buffer, area: Rect(x: 0, y: 0, width: 24, height: 2))
        #expect(buffer.textLines[0].hasPrefix("1st  1."))
        #expect(buffer.textLines[0].hasSuffix("12"))
        #expect(buffer.textLines[0].contains("Aino"))
    }

    /// In colour a bar is blanks on the child's colour (a byte a cell, or
    /// one erase for the run, where "█" is three bytes a cell), exactly
    /// where the blocks are without colour.
    @Test func inColourABarIsBlanksOnTheChildsColourWhereTheBlocksAre() {
        let area = Rect(x: 0, y: 0, width: 40, height: 4)
        var blocks = ScreenBuffer(size: Size(width: 40, height: 4))
        LeaderboardView(rows: rows, theme: Theme(color: false, unicode: true)).render(into: &blocks, area: area)
        let theme = Theme(color: true, unicode: true)
        var coloured = ScreenBuffer(size: Size(width: 40, height: 4))
        LeaderboardView(rows: rows, theme: theme).render(into: &coloured, area: area)
        for (y, row) in rows.enumerated() {
            var barCells = 0
            for x in 0..<40 where blocks[x, y].text == "█" {
                barCells += 1
                #expect(coloured[x, y].text == " ")
                #expect(coloured[x, y].style.background == theme.childStyle(row.childID).foreground)
            }
            #expect(barCells == [15, 15, 7, 0][y])
            // Nothing else is on the child's colour.
            let onColour = (0..<40).filter { coloured[$0, y].style.background == theme.childStyle(row.childID).foreground }.count
            #expect(onColour == barCells, "row \(y)")
        }
        #expect(coloured.textLines[2].hasSuffix("       6"))
    }

    /// With 8 colours (the Linux console, TERM=xterm) a bright background
    /// would show the plain colour: the bar stays blocks in the name's colour.
    @Test func withEightColoursABarIsBlocksInTheChildsColour() {
        let area = Rect(x: 0, y: 0, width: 40, height: 4)
        var blocks = ScreenBuffer(size: Size(width: 40, height: 4))
        LeaderboardView(rows: rows, theme: Theme(color: false, unicode: true)).render(into: &blocks, area: area)
        let theme = Theme(color: true, unicode: true, brightBackgrounds: false)
        var eight = ScreenBuffer(size: Size(width: 40, height: 4))
        LeaderboardView(rows: rows, theme: theme).render(into: &eight, area: area)
        #expect(eight.textLines == blocks.textLines)
        for (y, row) in rows.enumerated() {
            for x in 0..<40 where eight[x, y].text == "█" {
                #expect(eight[x, y].style == theme.childStyle(row.childID))
            }
        }
    }

    @Test func everyColourOfTheThemeIsGivenWithABoldOrSymbolToo() {
        let theme = Theme(color: true, unicode: true)
        #expect(theme.childStyle(1).bold)
        #expect(theme.childStyle(1) != theme.childStyle(2))
        #expect(theme.done != theme.notDone)
    }
}
