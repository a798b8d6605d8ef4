import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The admin Groups and Boards tabs, key by key, on a real Daycare.
@Suite struct GroupsBoardsTabTests {
    private let avatars = [
        AvatarCatalogue.Avatar(symbol: "🦊", ascii: "Fx", name: ["en": "Fox", "fi": "Kettu"]),
        AvatarCatalogue.Avatar(symbol: "🐻", ascii: "Br", name: ["en": "Bear", "fi": "Karhu"]),
        AvatarCatalogue.Avatar(symbol: "🐸", ascii: "Fr", name: ["en": "Frog", "fi": "Sammakko"]),
    ]

    private func admin(_ f: KioskFixture, tab: KioskState.AdminTab) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let screen = KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: true), avatars: avatars)
        let runtime = KioskRuntime(daycare: f.daycare, screen: screen, size: Size(width: 80, height: 24))
        runtime.logIn()
        while runtime.state.side != .admin(tab) { runtime.handle(.key(.tab)) }
        return runtime
    }

    private func send(_ runtime: KioskRuntime, _ keys: [Key]) { for key in keys { runtime.handle(.key(key)) } }
    private func type(_ text: String) -> [Key] { text.map { .character($0) } }
    @Test func groupsAndChildrenAreAddedRenamedAndGivenAvatars() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .groups)
        send(runtime, [.character("+")] + type("Pöllöt 🦉") + [.enter])
        #expect(f.daycare.roster.groups.map(\.name) == ["Squirrels", "Bears", "Pöllöt 🦉"])
        // The groups have 🦔 and 🐻: the new one gets the catalogue's first other.
        #expect(f.daycare.roster.groups[2].avatar == "🦊")
        send(runtime, [.down, .down, .enter, .character("+")] + type("Väinö") + [.enter])
        // Children are added in a row: the form for the next is open; Esc ends it.
        if case .newChild? = runtime.state.form?.purpose {} else { Issue.record("no form for the next child") }
        send(runtime, [.escape])
        let owls = f.daycare.roster.groups[2].id
        #expect(f.daycare.roster.children(in: owls).map(\.name) == ["Väinö"])
        // Aino has 🦊 and the groups' own are never a child's, so Väinö
        // starts with 🐸; the avatar key changes it.
        #expect(f.daycare.roster.children(in: owls).first?.avatar == "🐸")
        send(runtime, [.control("p"), .enter])
        #expect(f.daycare.roster.children(in: owls).first?.avatar == "🦊")
        send(runtime, [.control("e"), .backspace, .backspace] + type("ö!") + [.enter])
        #expect(f.daycare.roster.children(in: owls).first?.name == "Väiö!")
        #expect(lines(runtime.render())[3].hasPrefix(" 🦊 Väiö!"))
    }

    /// A new child gets a picture no child in the daycare has; when every
    /// one is taken, one no child of the group has; then the least used there.
    @Test func aNewChildGetsAPictureNoOtherChildHas() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .groups)
        let bears = try #require(f.daycare.roster.groups.last?.id)
        send(runtime, [.down, .enter])
        // One after another: after the first, each form opens by itself.
        send(runtime, [.character("+")])
        for name in ["Ville", "Pia", "Leo"] { send(runtime, type(name) + [.enter]) }
        send(runtime, [.escape])
        // Bears' own 🐻 is never a child's. Aino in Squirrels has 🦊: Ville
        // gets 🐸; then both are taken, and 🦊 is not in Bears; then each is
        // once in Bears, 🐸 once in the daycare.
        #expect(f.daycare.roster.children(in: bears).map { "\($0.name) \($0.avatar)" } == ["Ville 🐸", "Pia 🦊", "Leo 🐸"])
        // Those who had one keep it.
        #expect(f.daycare.roster.child(f.aino)?.avatar == "🦊")
        #expect(f.daycare.roster.child(f.eero)?.avatar == "🐢")
    }

    /// An empty list names the key that adds there: not a letter, which would go to a name.
    @Test func anEmptyListNamesTheKeyThatAdds() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .groups)
        send(runtime, [.down, .enter])  // Bears: no children
        #expect(lines(runtime.render())[3] == "  No children yet. Press + to add one.", "\(lines(runtime.render()))")
        send(runtime, [.character("a")])
        #expect(runtime.state.form == nil, "a is a letter of a name here")
        send(runtime, [.character("+")])
        #expect(runtime.state.form != nil)
    }

    @Test func aChildMovesToAnotherGroupAndDeletesAskFirst() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .groups)
        send(runtime, [.enter, .control("x")])
        #expect(lines(runtime.render())[3].hasSuffix("🐻 Bears"))
        send(runtime, [.enter])
        #expect(f.daycare.roster.child(f.aino)?.groupID == f.daycare.roster.groups[1].id)
        send(runtime, [.escape, .delete])
        #expect(lines(runtime.render())[17] == "    Squirrels: 1 child and 0 points will be deleted.")
        send(runtime, [.enter])
        #expect(f.daycare.roster.groups.map(\.name) == ["Bears"])
        #expect(f.daycare.roster.child(f.eero) == nil)
        // u is a letter of a name here; Ctrl-Z undoes.
        send(runtime, [.character("u")])
        #expect(f.daycare.roster.child(f.eero) == nil)
        send(runtime, [.control("z")])
        #expect(f.daycare.roster.child(f.eero) != nil)
    }

    @Test func aBoardGetsTasksFromTheLibraryInOrder() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .boards)
        send(runtime, [.down, .enter])  // Eero: Get dressed only
        #expect(runtime.state.boards.child == f.eero)
        send(runtime, [.character("+"), .down, .enter])  // the second task not on the board: Tidy the toys
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0], f.tasks[2]])
        // Letters go to the tasks' names (T: Tidy the toys), with Caps Lock too; < and > reorder.
        send(runtime, [.character("T")])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0], f.tasks[2]])
        #expect(runtime.state.boards.board.index == 1)
        send(runtime, [.character("<")])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[2], f.tasks[0]])
        // Taking a task off asks first; Esc keeps it.
        send(runtime, [.delete])
        #expect(lines(runtime.render())[17] == "    Take Tidy the toys off Eero Äijälä's board?")
        send(runtime, [.escape])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[2], f.tasks[0]])
        send(runtime, [.delete, .enter])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0]])
        #expect(lines(runtime.render())[2] == "  🐢 Eero Äijälä")
    }

    /// On a 40-column bar the weekdays' picker says how to save them: Enter
    /// leads on, so it is kept before ↓ (it was dropped, and ↓ kept).
    @Test func theWeekdaysPickerSaysEnterSavesOnANarrowBar() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .boards)
        runtime.handle(.resize(Size(width: 40, height: 12)))
        send(runtime, [.enter, .down, .control("w")])         // Aino, Brush teeth
        let bar = lines(runtime.render())[11]
        #expect(bar.contains("Enter save") && bar.contains("Esc close"), "\(bar)")
    }

    /// Issue 11: `w` on a board chooses the task's weekdays; on other days it
    /// is on neither the child's board nor the Mark sheet. (Today is a Sunday.)
    @Test func aTaskForSomeWeekdaysOnly() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .boards)
        send(runtime, [.enter, .down, .control("w")])         // Aino, Brush teeth
        #expect(lines(runtime.render())[2].contains("Brush teeth for Aino on"))
        send(runtime, [.down, .character(" "), .down, .down, .down, .character(" "), .enter])  // Tuesday, Friday
        #expect(f.daycare.roster.child(f.aino)?.boardDays[f.tasks[1]] == [2, 5])
        var screen = lines(runtime.render())
        #expect(screen.contains { $0.contains("Brush teeth") && $0.hasSuffix("T F  +2") }, "\(screen)")
        #expect(screen[22] == " Aino: Brush teeth on 2 days a week only.")
        // Sunday's sheet has no Brush teeth column, and Aino's count is of two tasks.
        send(runtime, [.escape, .backTab])
        screen = lines(runtime.render())
        #expect(!screen.joined().contains("🪥"))
        #expect(screen.contains { $0.contains("Aino") && $0.hasSuffix("0/2") })
        // Back to every day: none marked.
        send(runtime, [.tab, .enter, .down, .control("w"), .down, .character(" "), .down, .down, .down, .character(" "), .enter])
        #expect(f.daycare.roster.child(f.aino)?.boardDays.isEmpty == true)
        #expect(lines(runtime.render())[22] == " Aino: Brush teeth every day.")
    }
}

@Suite struct BoardsForManyTests {
    @Test func aTaskGoesOnEveryBoardOfTheGroupAndABoardIsCopied() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        for event: InputEvent in [.key(.tab)] { runtime.handle(event) }
        #expect(runtime.state.side == .admin(.boards))
        for key: Key in [.enter, .control("g"), .down, .down, .enter] { runtime.handle(.key(key)) }
        // Tidy the toys onto Aino's (already there) and Eero's boards.
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0], f.tasks[2]])
        for key: Key in [.control("d"), .enter] { runtime.handle(.key(key)) }
        // The copy names the board it replaces before it does.
        #expect(runtime.render().textLines[17].hasPrefix("    Aino's board (3 tasks) will replace Eero Äijälä's board."))
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0], f.tasks[2]])
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.child(f.eero)?.board == f.daycare.roster.child(f.aino)?.board)
        // Still there for another task, in help (the bar has no room at 80 columns).
        runtime.handle(.key(.character("?")))
        for _ in 0..<6 { runtime.handle(.key(.down)) }
        #expect(runtime.render().textLines.contains { $0.contains("Ctrl-G") }, "\(runtime.render().textLines.joined(separator: "\n"))")
    }

    /// The copy picker has a title; Space marks several children, Enter
    /// asks, naming every board it replaces, and a second Enter copies.
    @Test func aBoardIsCopiedToSeveralChildrenAfterAConfirmation() throws {
        let f = try KioskFixture()
        let bears = try #require(f.daycare.roster.groups.last?.id)
        try f.daycare.perform(.addChild(name: "Ville", avatar: "🦉", group: bears))
        try f.daycare.perform(.addChild(name: "Pia", avatar: "🐰", group: bears))
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        runtime.handle(.key(.tab))
        for key: Key in [.enter, .control("d")] { runtime.handle(.key(key)) }
        var screen = runtime.render().textLines
        #expect(screen[2].contains("Copy Aino's board to"))
        #expect(screen[23].contains("Space"))
        // Eero, Ville, Pia: mark Eero, mark Ville and unmark him again, mark Pia.
        for key: Key in [.character(" "), .down, .character(" "), .character(" "), .down, .character(" ")] {
            runtime.handle(.key(key))
        }
        #expect(runtime.state.picker?.marked == [0, 2])
        screen = runtime.render().textLines
        #expect(screen[3].contains("Eero Äijälä") && screen[3].contains("✔"))
        #expect(screen[4].contains("Ville") && !screen[4].contains("✔"))
        runtime.handle(.key(.enter))
        #expect(runtime.render().textLines[17].hasPrefix("    Aino's board (3 tasks) will replace the boards of Eero Äijälä, Pia."))
        let aino = f.daycare.roster.child(f.aino)?.board
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.children.filter { $0.board == aino }.map(\.name) == ["Aino", "Eero Äijälä", "Pia"])
        #expect(f.daycare.roster.children.first { $0.name == "Ville" }?.board == [])
    }

    @Test func aClickOutsideAnOpenPickerChoosesNothing() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        runtime.handle(.key(.tab))
        for key: Key in [.down, .enter, .character("+")] { runtime.handle(.key(key)) }
        #expect(runtime.state.picker != nil)
        let board = f.daycare.roster.child(f.eero)?.board
        runtime.handle(.click(x: 5, y: 5))
        #expect(runtime.state.picker == nil)
        #expect(f.daycare.roster.child(f.eero)?.board == board)
        // A tap on a picker row takes that row (a second later: not a double tap).
        f.clock.advance(by: 1)
        runtime.handle(.key(.character("+")))
        runtime.handle(.click(x: 50, y: 4))
        #expect(f.daycare.roster.child(f.eero)?.board == (board ?? []) + [f.tasks[2]])
    }
}

/// One truth for a tick: a task taken off a board after it was ticked today
/// takes the tick with it, and the sheet, the board and the leaderboard agree.
@Suite struct TickAndRemoveTests {
    @Test func theConfirmationSaysTheTickGoesAndEveryScreenAgrees() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[1])  // Brush teeth, 2 points
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        #expect(lines(runtime.render())[4].contains("✔"))
        runtime.handle(.key(.tab))
        for key: Key in [.enter, .down, .delete] { runtime.handle(.key(key)) }
        let dialog = lines(runtime.render())
        #expect(dialog[16] == "    Take Brush teeth off Aino's board?")
        #expect(dialog[17] == "    Ticked today, taken back with it: 1 tick (2 points).")
        #expect(dialog[19].hasPrefix("    Enter takes it off, Esc cancels."))
        // The answers as buttons too, for a finger.
        #expect(dialog[21] == "     Take off    Cancel")
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.child(f.aino)?.board == [f.tasks[0], f.tasks[2]])
        // The sheet: no tick left for Aino.
        runtime.handle(.key(.backTab))
        #expect(runtime.state.side == .admin(.mark))
        let sheet = lines(runtime.render())
        #expect(sheet[4].hasPrefix("  🦊 Aino") && !sheet[4].contains("✔") && sheet[4].hasSuffix("0/2"))
        // The leaderboard: no points today.
        #expect(f.daycare.points(.today)[f.aino] ?? 0 == 0)
        runtime.handle(.key(.control("l")))
        // The child's own board: two tasks, neither done.
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
        let board = lines(runtime.render())
        #expect(board[2].hasSuffix("Aino   ○○  0 / 2 done today") && !board.contains { $0.contains("✔") })
        runtime.handle(.key(.escape))
        runtime.handle(.key(.escape))
        runtime.handle(.key(.tab))
        #expect(lines(runtime.render()).contains { $0.contains("Aino") && $0.hasSuffix(" 0") })
        // Undo on the admin side brings the task and its tick back together.
        runtime.logIn()
        runtime.handle(.key(.control("z")))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[1]))
        #expect(f.daycare.points(.today)[f.aino] == 2)
    }
}
