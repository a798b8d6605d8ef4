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

    @Test func everyColourOfTheThemeIsGivenWithABoldOrSymbolToo() {
        let theme = Theme(color: true, unicode: true)
        #expect(theme.childStyle(1).bold)
        #expect(theme.childStyle(1) != theme.childStyle(2))
        #expect(theme.done != theme.notDone)
    }
}
