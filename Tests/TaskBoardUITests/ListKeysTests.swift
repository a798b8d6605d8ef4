import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Lists tell where you are and move the way lists do.
@Suite struct ListKeysTests {
    private func libraryOf(_ f: KioskFixture, tasks: Int) throws {
        for n in 1...tasks { try f.daycare.perform(.addTask(name: "Task \(n)", icon: nil, points: 1)) }
    }

    @Test func homeEndAndPagesMoveThroughALongList() throws {
        let f = try KioskFixture()
        try libraryOf(f, tasks: 30)  // 33 tasks in all
        let runtime = try f.runtime(80, 16, admin: true)
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        #expect(runtime.state.side == .admin(.library))
        runtime.handle(.key(.end))
        #expect(runtime.state.library.list.index == 32)
        runtime.handle(.key(.home))
        #expect(runtime.state.library.list.index == 0)
        runtime.handle(.key(.pageDown))
        #expect(runtime.state.library.list.index == Kiosk.pageSize(runtime.state))
        runtime.handle(.key(.pageUp))
        #expect(runtime.state.library.list.index == 0)
    }

    @Test func marksSayThatMoreRowsAreAboveOrBelow() throws {
        let f = try KioskFixture()
        try libraryOf(f, tasks: 30)
        let runtime = try f.runtime(80, 16, admin: true)
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        var lines = runtime.render().textLines
        // The list runs from row 3 to row 13 at 16 rows.
        #expect(!lines[3].hasSuffix("▲") && lines[13].hasSuffix("▼"))
        runtime.handle(.key(.pageDown))
        lines = runtime.render().textLines
        #expect(lines[3].hasSuffix("▲") && lines[13].hasSuffix("▼"))
        runtime.handle(.key(.end))
        lines = runtime.render().textLines
        #expect(lines[3].hasSuffix("▲") && !lines[13].hasSuffix("▼"))
    }

    @Test func aLetterGoesToTheNextNameStartingWithIt() throws {
        let f = try KioskFixture()
        let squirrels = f.daycare.roster.groups[0].id
        for name in ["Pia", "Pekka", "Otto"] { try f.daycare.perform(.addChild(name: name, avatar: "🐰", group: squirrels)) }
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.handle(.key(.enter))  // Squirrels: Aino, Eero Äijälä, Pia, Pekka, Otto
        runtime.handle(.key(.character("p")))
        #expect(runtime.state.tasks.children.index == 2)
        runtime.handle(.key(.character("P")))
        #expect(runtime.state.tasks.children.index == 3)
        runtime.handle(.key(.character("p")))
        #expect(runtime.state.tasks.children.index == 2)
        runtime.handle(.key(.character("z")))
        #expect(runtime.state.tasks.children.index == 2)
    }

    @Test func theCursorIsOnWhatWasJustAdded() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(admin: true)
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.character("+")))
        for c in "Sing a song" { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        #expect(runtime.state.library.list.index == 3)
        // It asks for its icon (no name matches "Sing a song": no icon first); Esc leaves it without.
        #expect(runtime.state.picker?.purpose == .taskIcon(f.daycare.roster.tasks[3].id))
        runtime.handle(.key(.escape))
        // So the next e renames the new task, not the first.
        runtime.handle(.key(.control("e")))
        #expect(runtime.state.form?.field.text == "Sing a song")
        runtime.handle(.key(.escape))
        runtime.handle(.key(.backTab))
        runtime.handle(.key(.enter))  // Squirrels' children
        runtime.handle(.key(.character("+")))
        for c in "Mio" { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        #expect(runtime.state.groups.children.index == 2)
    }

    /// The leaderboard scrolls until the last child is on the last row, and
    /// no further: ↓ past that would move nothing and cost ↑ presses back.
    @Test func theLeaderboardScrollsNoFurtherThanItsLastRow() throws {
        let f = try KioskFixture()
        try libraryOf(f, tasks: 1)
        let bears = f.daycare.roster.groups[1].id
        for n in 1...10 { try f.daycare.perform(.addChild(name: "Child \(n)", avatar: "🐻", group: bears)) }
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 40, height: 12))
        runtime.handle(.key(.tab))
        for _ in 0..<20 { runtime.handle(.key(.down)) }
        // 12 children, 7 rows on screen at 40x12.
        #expect(runtime.state.leaderboard.scroll == 12 - Kiosk.pageSize(runtime.state))
        let lines = runtime.render().textLines
        // The last ranked child on the last row, nothing said to be below.
        let last = try #require(f.daycare.leaderboard(.allGroups, .today).last?.child.name)
        #expect(lines[9].contains(last) && !lines[9].contains("▼") && lines[3].hasSuffix("▲"))
        runtime.handle(.key(.up))
        #expect(runtime.render().textLines != lines)
    }
}
