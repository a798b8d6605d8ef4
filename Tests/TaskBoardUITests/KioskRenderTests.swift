import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The kiosk's screens rendered as text (and styles) at fixed sizes, on a
/// fixed day with fixed ids.
@Suite struct KioskRenderTests {
    @Test func theTasksTabStartsWithTheGroupsAt80x24() throws {
        let f = try KioskFixture()
        let screen = lines(f.screen().render(f.state(), over: f.daycare))
        #expect(screen.count == 24)
        // A child's list in tiles two rows high, a row between them.
        #expect(Array(screen.prefix(8)) == [
            " Tasks  Leaderboard  Today  Admin                             Sunday 22/11/2026",
            "",
            "  Choose your group",
            "",
            " 🦔 Squirrels",
            "",
            "",
            " 🐻 Bears",
        ])
        // ↑ does nothing on the first row, so it is not offered.
        #expect(screen[23] == " ↓ down  Enter choose  Tab next tab  Shift-Tab previous tab  ? help")
    }

    @Test func aChildsBoardShowsDoneAndNotDoneWithDifferentSymbols() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        try f.daycare.toggle(child: f.aino, task: f.tasks[1])
        var state = f.state()
        f.press(&state, [.enter, .enter])
        let buffer = f.screen().render(state, over: f.daycare)
        let screen = lines(buffer)
        #expect(Array(screen[2...6]) == [
            "  ◀ Back  🦊 Aino   ●●○  2 / 3 done today",
            "",
            "    ✔   👕 Get dressed",
            "    ✔   🪥 Brush teeth",
            "    ○   Tidy the toys",
        ])
        // Part of today's board done: ◐, as the month and the group week show such a day.
        #expect(screen[21] == "  Last 7 days: M ○  T ○  W ○  T ○  F ○  S ○  S ◐")
        // Done rows are bold even without colour.
        #expect(buffer[4, 4].style.bold && !buffer[8, 6].style.bold)
    }

    @Test func theLeaderboardUsesTheRoomOf120x40() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        var state = f.state(120, 40)
        f.press(&state, [.tab])
        let screen = lines(f.screen().render(state, over: f.daycare))
        #expect(screen[2] == "   Today   This week   This month   All time    All groups")
        // Tiles a finger hits, a row above them and between them.
        #expect(screen[3].isEmpty && screen[6].isEmpty)
        #expect(screen[4].hasPrefix(" 🥇  1. 🦊 Aino        ███") && screen[4].hasSuffix("███ 3"))
        // No medal without points.
        #expect(screen[7].hasPrefix("     2. 🐢 Eero Äijälä") && screen[7].hasSuffix(" 0"))
        #expect(DisplayWidth.of(f.screen().render(state, over: f.daycare).textLines[4]) == 120)
    }

    @Test func thePinIsMaskedAndTheDemoPinShown() throws {
        let f = try KioskFixture()
        var state = f.state()
        f.press(&state, [.backTab])
        let check = lines(f.screen(demoPin: "4829").render(state, over: f.daycare))
        #expect(check[4] == "  Grown-ups: type this number in digits.")
        #expect(check[5] == "    " + NumberWords.text(state.pin.check.number, in: .en))
        #expect(check[7] == "  Number:")
        #expect(check[9] == "  Demo PIN: 4829")
        f.press(&state, String(state.pin.check.number).map { Key.character($0) } + [.enter] + "48".map { Key.character($0) })
        let screen = lines(f.screen(demoPin: "4829").render(state, over: f.daycare))
        #expect(screen[4] == "  Admin PIN: ••")
        #expect(screen[6] == "  Demo PIN: 4829")
        #expect(!screen[4].contains("48"))
    }

    @Test func firstStartWrapsItsTextAndShowsARefusalAsAProblem() throws {
        let f = try KioskFixture()
        var state = f.state(pinIsSet: false)
        f.press(&state, "1234".map { Key.character($0) } + [.enter])
        let buffer = f.screen().render(state, over: f.daycare)
        let screen = lines(buffer)
        #expect(screen[4] == "  First choose a PIN for the admin side. Adults use it to mark tasks and to")
        #expect(screen[5] == "  edit groups and boards.")
        #expect(screen[22] == " That PIN is too easy to guess. Choose another.")
        #expect(buffer[1, 22].style.reverse)
    }

    @Test func helpIsGeneratedFromTheKeyTable() throws {
        let f = try KioskFixture()
        var state = f.state()
        f.press(&state, [.character("?")])
        let screen = lines(f.screen().render(state, over: f.daycare))
        // Letters go to the groups' names here: j is not a key.
        #expect(screen[3] == "    ↓          Move down")
        #expect(screen[4] == "    Enter      Choose or confirm")
        f.press(&state, [.character("x")])
        #expect(!state.showingHelp)
    }

    @Test func finnishTextsComeFromTheFinnishTable() throws {
        let f = try KioskFixture(language: "fi")
        let screen = lines(f.screen().render(f.state(), over: f.daycare))
        #expect(screen[0].hasPrefix(" Tehtävät  Pistetaulukko  Päiväjärjestys  Ylläpito"))
        #expect(screen[0].hasSuffix(" sunnuntai 22.11.2026"))
    }

    @Test func everyScreenRendersAtEverySizeWithoutACrash() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        var states: [KioskState] = [f.state(pinIsSet: false)]
        var state = f.state()
        states.append(state)
        f.press(&state, [.enter]); states.append(state)
        f.press(&state, [.enter]); states.append(state)
        f.press(&state, [.tab]); states.append(state)
        f.press(&state, [.tab]); states.append(state)
        f.press(&state, [.character("?")]); states.append(state)
        let screen = f.screen(color: true, demoPin: "4829")
        for width in [1, 2, 3, 5, 10, 20, 39, 40, 41, 79, 80, 81, 119, 120, 200] {
            for height in [1, 2, 3, 5, 11, 12, 13, 24, 40, 60] {
                for var sized in states {
                    sized.size = Size(width: width, height: height)
                    let buffer = screen.render(sized, over: f.daycare)
                    #expect(buffer.textLines.count == height)
                    #expect(buffer.textLines.allSatisfy { DisplayWidth.of($0) == width })
                }
            }
        }
    }

    @Test func belowTheMinimumItAsksForALargerWindow() throws {
        let f = try KioskFixture()
        let screen = lines(f.screen().render(f.state(39, 12), over: f.daycare))
        #expect(screen[5].contains("Please enlarge the window"))
        #expect(screen[6].contains("At least 40 × 12"))
    }
}

/// Without UTF-8 the screen uses ASCII: avatars by their catalogue stand-ins,
/// no task icons, [x]/[ ] marks.
@Suite struct AsciiRenderTests {
    @Test func anAsciiTerminalGetsStandInsForAvatarsAndMarks() throws {
        let f = try KioskFixture()
        let catalogue = try AvatarCatalogue(json: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/avatars.json")))
        let screen = KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: false), avatars: catalogue.avatars)
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        var state = f.state()
        #expect(screen.render(state, over: f.daycare).textLines[4].hasPrefix(" Hh Squirrels"))
        f.press(&state, [.enter, .enter])
        let lines = screen.render(state, over: f.daycare).textLines
        #expect(lines[2].hasPrefix("  < Back  Fx Aino"))
        #expect(lines[4].hasPrefix("    [x] Get dressed"))
        #expect(lines[6].hasPrefix("    [ ] Tidy the toys"))
        #expect(lines.allSatisfy { $0.allSatisfy(\.isASCII) || $0.contains("Äijälä") })
    }
}

/// Every admin screen, with its forms and pickers, at every size.
@Suite struct AdminSizeSweepTests {
    @Test func everyAdminScreenRendersAtEverySizeWithoutACrash() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let catalogue = try AvatarCatalogue(json: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/avatars.json")))
        let screen = KioskScreen(strings: f.strings, theme: Theme(color: true, unicode: true), avatars: catalogue.avatars)
        let runtime = KioskRuntime(daycare: f.daycare, screen: screen, size: Size(width: 80, height: 24))
        runtime.logIn()
        var states = [runtime.state]
        let walk: [[Key]] = [
            [.character(" ")], [.control("v")], [.control("v"), .tab], [.enter], [.character("+")], [.escape, .escape, .tab],
            [.character("+")], [.escape, .enter], [.control("p")], [.escape, .delete], [.escape, .escape, .tab],
            [.control("e")], [.escape, .delete], [.escape, .tab], [.enter], [.escape, .down, .down, .down, .enter],
        ]
        for keys in walk {
            for key in keys { runtime.handle(.key(key)) }
            states.append(runtime.state)
        }
        #expect(Set(states.map { "\($0.side)" }).count == 5)
        for width in [1, 2, 5, 20, 39, 40, 59, 60, 80, 120, 200] {
            for height in [1, 3, 11, 12, 24, 40, 60] {
                for var state in states {
                    state.size = Size(width: width, height: height)
                    let buffer = screen.render(state, over: f.daycare)
                    #expect(buffer.textLines.count == height)
                    #expect(buffer.textLines.allSatisfy { DisplayWidth.of($0) == width })
                }
            }
        }
    }
}

@Suite struct LeaderboardNamesTests {
    @Test func finnishOrderAndTheSameNameInTwoGroupsToldApart() throws {
        let f = try KioskFixture(language: "fi")
        let bears = f.daycare.roster.groups[1].id
        for name in ["Öhman", "Väinö", "Ällä", "Veeti", "Aino"] {
            try f.daycare.perform(.addChild(name: name, avatar: "🐻", group: bears))
        }
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.handle(.key(.tab))
        // Seven children in tiles: down the first column (four, the columns kept even), then the second.
        let buffer = runtime.render()
        let half = { (column: Int, y: Int) in
            (0..<40).map { buffer[column * 40 + $0, y].text }.joined()
        }
        let tiles = [0, 1].flatMap { column in stride(from: 4, through: 19, by: 3).map { half(column, $0) } }
        let names = tiles.map { line in
            String(line.drop { $0 == " " || $0.isNumber || $0 == "." }.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                .prefix { !$0.isNumber && $0 != "█" }.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        #expect(names == ["Aino (Squirrels)", "Aino (Bears)", "Eero Äijälä", "Veeti", "Väinö", "Ällä", "Öhman"], "\(tiles)")
    }
}

/// Issue 25: a press stays with the child who made it. After a minute
/// without a key, the child side starts afresh for the next child.
@Suite struct ChildSideFreshStartTests {
    @Test func aBoardLeftAloneGoesBackToTheGroupsChildrenAndTheLeaderboardToItsStart() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.handle(.key(.enter))     // Squirrels
        runtime.handle(.key(.enter))     // Aino's board
        runtime.handle(.key(.control("v")))
        #expect(runtime.state.tasks.monthsBack == 0)
        runtime.handle(.key(.tab))
        runtime.handle(.key(.right))     // this week
        runtime.handle(.key(.enter))     // one group
        #expect(runtime.state.leaderboard.period == .week)
        f.clock.advance(by: Kiosk.childSideIdleSeconds - 1)
        runtime.handle(.tick(f.clock.now()))
        #expect(runtime.state.leaderboard.period == .week)
        f.clock.advance(by: 1)
        runtime.handle(.tick(f.clock.now()))
        #expect(runtime.state.side == .child(.leaderboard))
        #expect(runtime.state.leaderboard == LeaderboardTabState())
        #expect(runtime.state.tasks.step == .chooseChild(try #require(f.daycare.roster.child(f.aino)).groupID))
        #expect(runtime.state.tasks.monthsBack == nil)
    }
}
