import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Every screen at 120x40, as text and as its style layer (what shows
/// without colour: R reverse, B bold, . plain).
@Suite struct ScreensAt120x40Tests {
    private func trimmed(_ lines: [String]) -> [String] {
        lines.map { String($0.reversed().drop { $0 == " " || $0 == "." }.reversed()) }
    }

    @Test func aChildsBoard() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        let r = try f.runtime(120, 40)
        for key: Key in [.enter, .enter] { r.handle(.key(key)) }
        let buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...6])) == [
            "  ◀ Back  🦊 Aino   ●○○  1 / 3 done today", "", "    ✔   👕 Get dressed", "    ○   🪥 Brush teeth", "    ○   Tidy the toys"])
        #expect(trimmed(Array(buffer.styleLines[2...6])) == [
            // The back button reversed; the name in the child's colour (none here), the progress marks and the count bold, done rows bold, marks bold.
            ".RRRRRRRR...........BBB..BBBBBBBBBBBBBBBB", "", "....B...BBBBBBBBBBBBBB", "....B", "....B"])
        #expect(buffer.textLines[37].hasPrefix("  Last 7 days: M ○  T ○  W ○  T ○  F ○  S ○  S ◐"))
    }

    @Test func theMarkSheet() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        let r = try f.runtime(120, 40, admin: true)
        let buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...5])) == [
            "  🦔 Squirrels",
            "                 👕            🪥            Tidy the toys",
            "  🦊 Aino              ○             ○             ○        0/3",
            "  🐢 Eero Äijälä       ✔                                    1/1",
        ])
        #expect(trimmed(Array(buffer.styleLines[4...5])) == [
            // The cursor cell reversed, Eero's done cell bold.
            ".................RRRRRRRRRRRRR",
            ".......................B",
        ])
        #expect(buffer.textLines[39].hasPrefix(" Space tick  * all  - away  ↓ down  → right  Enter next group  Ctrl-V view  Ctrl-Z undo  Tab next tab"))
    }

    @Test func groupsLibraryAndSettings() throws {
        let f = try KioskFixture()
        let r = try f.runtime(120, 40, admin: true)
        r.handle(.key(.tab))
        r.handle(.key(.tab))
        var buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...4])) == [
            "  Groups",
            " 🦔 Squirrels" + String(repeating: " ", count: 96) + "2 children",
            " 🐻 Bears" + String(repeating: " ", count: 100) + "0 children"])
        #expect(buffer.styleLines[3].allSatisfy { $0 == "R" })
        r.handle(.key(.tab))
        buffer = r.render()
        // The trailing column ends one cell before the right edge.
        #expect(trimmed(Array(buffer.textLines[3...3])) == [" 👕 Get dressed" + String(repeating: " ", count: 91) + "+1   2 boards"])
        #expect(DisplayWidth.of(trimmed(Array(buffer.textLines[3...3]))[0]) == 119)
        r.handle(.key(.tab))
        buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...6])) == [
            "  Settings",
            " PIN" + String(repeating: " ", count: 101) + "Change the PIN",
            " Language" + String(repeating: " ", count: 103) + "English",
            " Idle logout (minutes)" + String(repeating: " ", count: 92) + "◂ 2 ▸",
            " Time zone" + String(repeating: " ", count: 94) + "Europe/Helsinki",
        ])
    }
}

/// The remaining screens at 120x40: first start, the PIN, help, the leaderboard.
@Suite struct MoreScreensAt120x40Tests {
    private func text(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }
    private func style(_ line: String) -> String { String(line.reversed().drop { $0 == "." }.reversed()) }

    @Test func firstStartAndThePinEntry() throws {
        let f = try KioskFixture()
        var state = f.state(120, 40, pinIsSet: false)
        f.press(&state, "48".map { Key.character($0) })
        var buffer = f.screen().render(state, over: f.daycare)
        #expect(text(buffer.textLines[4]) == "  First choose a PIN for the admin side. Adults use it to mark tasks and to edit groups and boards.")
        #expect(text(buffer.textLines[9]) == "  New PIN: ••")
        // The label bold, the typed bullets reversed, the cursor cell not.
        #expect(style(buffer.styleLines[9]) == "..BBBBBBBBBRRBBBBBBBB")
        state = f.state(120, 40)
        f.press(&state, [.backTab])
        buffer = f.screen(demoPin: "4829").render(state, over: f.daycare)
        #expect(text(buffer.textLines[4]) == "  Grown-ups: type this number in digits.")
        #expect(text(buffer.textLines[7]) == "  Number:")
        #expect(text(buffer.textLines[9]) == "  Demo PIN: 4829")
        // The active tab (Admin) reversed.
        #expect(style(buffer.styleLines[0]) == "...........................RRRRRRR")
    }

    @Test func helpCoversTheScreenAndTheLeaderboardShowsRanks() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        var state = f.state(120, 40)
        f.press(&state, [.tab, .character("?")])
        var buffer = f.screen().render(state, over: f.daycare)
        #expect(text(buffer.textLines[3]) == "    →          Show the next period")
        // Both children fit, so ↓ (scroll) is not offered.
        #expect(text(buffer.textLines[7]) == "    Shift-Tab  Go to the previous tab")
        #expect(text(buffer.textLines[8]) == "    ?          Close")
        #expect(buffer.styleLines[4].dropFirst().prefix(118).allSatisfy { $0 == "R" || $0 == "B" })
        f.press(&state, [.escape])
        buffer = f.screen().render(state, over: f.daycare)
        #expect(text(buffer.textLines[2]) == "   Today   This week   This month   All time    All groups")
        #expect(style(buffer.styleLines[2]) == "..RRRRRRR.......................................BBBBBBBBBB")
        // Tiles: the first child's on rows 4 and 5, the second's on 7 and 8.
        #expect(text(buffer.textLines[4]).hasPrefix(" 🥇  1. 🐢 Eero Äijälä ███") && text(buffer.textLines[4]).hasSuffix("█ 1"))
        #expect(text(buffer.textLines[7]).hasPrefix("     2. 🦊 Aino") && text(buffer.textLines[7]).hasSuffix(" 0"))
        // Only the points are bold to see; the blanks before them are bold
        // too, so that the terminal is sent one style change, not two.
        #expect(style(buffer.styleLines[7]) == String(repeating: ".", count: 23) + String(repeating: "B", count: 96))
    }
}
