import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The admin Tasks tab: the library, its form and its delete confirmation.
@Suite struct LibraryTabTests {
    private func atLibrary(_ f: KioskFixture) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        #expect(runtime.state.side == .admin(.library))
        return runtime
    }

    private func type(_ runtime: KioskRuntime, _ text: String) {
        for c in text { runtime.handle(.key(.character(c))) }
    }

    @Test func theLibraryListsPointsAndBoards() throws {
        let f = try KioskFixture()
        let screen = lines(try atLibrary(f).render())
        #expect(screen[2] == "  Task library")
        #expect(screen[3].hasPrefix(" 👕 Get dressed") && screen[3].hasSuffix("+1   2 boards"))
        #expect(screen[5].hasPrefix("    Tidy the toys") && screen[5].hasSuffix("+3    1 board"))
        // The points stand in one column whatever the board count's width.
        func pointsColumn(_ line: String) -> Int? { line.firstIndex(of: "+").map { DisplayWidth.of(line[..<$0]) } }
        #expect(pointsColumn(screen[3]) != nil && pointsColumn(screen[3]) == pointsColumn(screen[5]))
    }

    @Test func aNewTaskIsTypedSavedAndShown() throws {
        let f = try KioskFixture()
        let runtime = try atLibrary(f)
        runtime.handle(.key(.character("+")))
        // Letters that are keys elsewhere ("a", "d", "u", "?") are typed here.
        type(runtime, "Read a book? u d")
        #expect(runtime.state.form?.field.text == "Read a book? u d")
        runtime.handle(.key(.enter))
        #expect(runtime.state.form == nil)
        #expect(f.store.roster?.tasks.last?.name == "Read a book? u d")
        #expect(lines(runtime.render())[22] == " Task Read a book? u d added.")
    }

    @Test func aRefusedNameKeepsWhatWasTypedAndSaysWhy() throws {
        let f = try KioskFixture()
        let runtime = try atLibrary(f)
        runtime.handle(.key(.character("+")))
        type(runtime, "brush teeth")
        runtime.handle(.key(.enter))
        #expect(runtime.state.form?.field.text == "brush teeth")
        #expect(runtime.state.form?.problem == .duplicateTaskName("brush teeth"))
        #expect(lines(runtime.render()).contains { $0.contains("already has a task called brush teeth") })
        runtime.handle(.key(.escape))
        #expect(runtime.state.form == nil)
        #expect(f.daycare.roster.tasks.count == 3)
    }

    @Test func arrowsChangePointsWithinOneToTen() throws {
        let f = try KioskFixture()
        let runtime = try atLibrary(f)
        runtime.handle(.key(.right))
        runtime.handle(.key(.right))
        #expect(f.daycare.roster.task(f.tasks[0])?.points == 3)
        for _ in 0..<5 { runtime.handle(.key(.left)) }
        #expect(f.daycare.roster.task(f.tasks[0])?.points == 1)
    }

    @Test func deletingAsksFirstAndSaysHowManyBoardsUseTheTask() throws {
        let f = try KioskFixture()
        let runtime = try atLibrary(f)
        runtime.handle(.key(.delete))
        let dialog = lines(runtime.render())
        #expect(dialog[15] == "   Are you sure?")
        #expect(dialog[17] == "    Get dressed is on 2 boards. It will be removed from every board.")
        #expect(dialog[19] == "    Enter deletes, Esc cancels. You can undo this with Ctrl-Z.")
        #expect(dialog[21] == "     Delete    Cancel")
        runtime.handle(.key(.escape))
        #expect(f.daycare.roster.tasks.count == 3)
        runtime.handle(.key(.delete))
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.tasks.count == 2)
        #expect(f.daycare.roster.child(f.aino)?.board == Array(f.tasks[1...]))
        runtime.handle(.key(.control("z")))
        #expect(f.daycare.roster.tasks.count == 3)
    }
}

/// A task's icon is chosen from the catalogue, as avatars are, with "no icon" first.
@Suite struct TaskIconPickerTests {
    @Test func iOpensTheIconPickerAndEnterSetsTheIcon() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let icons = [IconCatalogue.Icon(symbol: "🍎", ascii: "Ap", name: ["en": "Apple", "fi": "Omena"]),
                     IconCatalogue.Icon(symbol: "📚", ascii: "Bk", name: ["en": "Books", "fi": "Kirjat"])]
        let screen = KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: true), icons: icons)
        let runtime = KioskRuntime(daycare: f.daycare, screen: screen, size: Size(width: 80, height: 24))
        runtime.logIn()
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.control("p")))
        let lines = runtime.render().textLines
        #expect(lines[2].contains("Icon for Get dressed"))
        #expect(lines[3].contains("No icon") && lines[4].contains("🍎 Apple") && lines[5].contains("📚 Books"))
        for key: Key in [.down, .down, .enter] { runtime.handle(.key(key)) }
        #expect(f.daycare.roster.task(f.tasks[0])?.icon == "📚")
        #expect(runtime.render().textLines[22] == " Get dressed: icon changed." + String(repeating: " ", count: 53))
        for key: Key in [.control("p"), .enter] { runtime.handle(.key(key)) }
        #expect(f.daycare.roster.task(f.tasks[0])?.icon == nil)
        // In an ASCII locale, the stand-in shows.
        try f.daycare.perform(.setTaskIcon(f.tasks[1], to: "🍎"))
        let ascii = KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: false), icons: icons)
        #expect(ascii.render(runtime.state, over: f.daycare).textLines[4].contains("Ap Brush teeth"))
    }
}
