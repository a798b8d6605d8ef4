import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 11: a child's month on the child's own page: v shows it, ← → go
/// to other months, v or Esc go back to today's board. Today is Sunday
/// 22 November 2026.
@Suite struct ChildMonthTests {
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24)])
    func theMonthOnTheChildsPage(_ size: Size) throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        try f.daycare.setAway(child: f.aino, away: true, on: Day("2026-11-20")!)
        var state = f.state(size.width, size.height)
        f.press(&state, [.enter, .enter, .character("v")])
        var screen = lines(f.screen().render(state, over: f.daycare))
        // Back by the arrow; ◂ an older month (no newer one than this).
        let back = backButton(size.width)
        #expect(screen[2] == "\(back)🦊 Aino   ◂ November 2026")
        // The whole month, Sunday the 22nd a part done, the 20th away, the 23rd still to come.
        let grid = screen.joined(separator: "\n")
        for text in [" 1 ○", "20 ·", "21 ○", "22 ◐", "23", "30"] { #expect(grid.contains(text), "\(text) in\n\(grid)") }
        #expect(!grid.contains("23 ○"))
        if size.height >= 24 { #expect(grid.contains("✔ all  ◐ part  ○ none  · away  – closed")) }
        #expect(screen[size.height - 1].contains("← earlier month"))
        f.press(&state, [.left])
        #expect(lines(f.screen().render(state, over: f.daycare))[2] == "\(back)🦊 Aino   ◂ October 2026 ▸")
        f.press(&state, [.right, .right])
        screen = lines(f.screen().render(state, over: f.daycare))
        #expect(screen[2] == "\(back)🦊 Aino   ◂ November 2026")
        f.press(&state, [.escape])
        #expect(lines(f.screen().render(state, over: f.daycare))[2].contains("◀ Back  🦊 Aino   ●○○  1 / 3 done today") == (size.width >= 60))
        f.press(&state, [.character("v"), .character("v")])
        #expect(lines(f.screen().render(state, over: f.daycare))[2].contains("◀ Back  🦊 Aino   ●○○  1 / 3 done today") == (size.width >= 60))
    }
}

/// Issue 41: the month's legend is never cut: on as many lines as are left
/// under the grid, and where all of it does not fit, the symbols the
/// month shows. October 2026 has five weeks; Aino was away on the 20th.
@Suite struct MonthLegendTests {
    @Test(arguments: Screenful.all)
    func theLegendFitsWhole(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        try f.daycare.setAway(child: f.aino, away: true, on: Day("2026-10-20")!)
        var state = f.state(at.width, at.height)
        f.press(&state, [.enter, .enter, .character("v"), .left])
        let screen = lines(f.screen().render(state, over: f.daycare))
        let grid = screen[3..<(at.height - 2)]
        let meaning = { (key: String) in f.strings[key] }
        let legend = grid.filter { $0.contains(meaning("history.none")) || $0.contains(meaning("history.away")) }
        #expect(!legend.isEmpty, "\(screen.joined(separator: "\n"))")
        #expect(!screen.joined().contains("…"), "\(screen.joined(separator: "\n"))")
        // The month shows ○ and ·: those at least are explained.
        #expect(legend.joined().contains("○ " + meaning("history.none")) && legend.joined().contains("· " + meaning("history.away")))
        if at.width >= 80 {
            #expect(legend.count == 1 && legend[0].contains("– " + meaning("history.closed")), "all five on one line")
        }
    }
}

/// Issue 11: history on the admin side: a child's month from their board
/// (Boards, v) and a group's week from the group (Groups, v).
@Suite struct AdminHistoryTests {
    @Test func aChildsMonthAndAGroupsWeek() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        try f.daycare.setAway(child: f.eero, away: true, on: Day("2026-11-18")!)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        for key: Key in [.tab, .enter, .control("v")] { runtime.handle(.key(key)) }
        var screen = lines(runtime)
        #expect(screen[2] == "  ◀ Back  🦊 Aino   ◂ November 2026")
        #expect(screen.joined().contains("22 ◐"))
        #expect(screen[23].contains("v board"))
        runtime.handle(.key(.escape))
        #expect(lines(runtime)[2] == "  🦊 Aino")
        // Groups, Squirrels, its week: Eero away on Wednesday, both with a tick today.
        for key: Key in [.tab, .enter, .control("v")] { runtime.handle(.key(key)) }
        screen = lines(runtime)
        #expect(screen[2] == "  ◀ Back  🦔 Squirrels   ◂ 16–22/11/2026")
        let eero = try #require(screen.first { $0.contains("Eero") })
        #expect(eero.contains("·") && eero.hasSuffix("✔ 1/1"))
        #expect(try #require(screen.first { $0.contains("Aino") }).hasSuffix("◐ 1/3"))
        runtime.handle(.key(.left))
        #expect(lines(runtime)[2] == "  ◀ Back  🦔 Squirrels   ◂ 9–15/11/2026 ▸")
        runtime.handle(.key(.character("v")))
        #expect(lines(runtime)[2] == "  🦔 Squirrels")
    }

    /// At 40×12 the week still shows all seven days: each day's symbol and count done.
    @Test func aGroupsWeekFitsFortyColumns() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 40, height: 12))
        runtime.logIn()
        for key: Key in [.tab, .tab, .enter, .control("v")] { runtime.handle(.key(key)) }
        let screen = lines(runtime)
        #expect(screen[4].hasSuffix("M   T   W   T   F   S   S"), "\(screen[4])")
        #expect(screen[5].hasPrefix("  🦊 Aino") && screen[5].hasSuffix("◐1"), "\(screen[5])")
    }
}
