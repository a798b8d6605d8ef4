import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The admin Groups and Boards tabs, key by key, on a real Daycare.
@Suite struct GroupsBoardsTabTests {
    private let avatars = [
        AvatarCatalogue.Avatar(symbol: "🦊", ascii: "Fx", name: ["en": "Fox", "fi": "Kettu"]),
        AvatarCatalogue.Avatar(symbol: "🐻", ascii: "Br", name: ["en": "Bear", "fi": "Karhu"]),
    ]

    private func admin(_ f: KioskFixture, tab: KioskState.AdminTab) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let screen = KioskScreen(daycare: f.daycare, strings: f.strings, theme: Theme(color: false, unicode: true), avatars: avatars)
        let runtime = KioskRuntime(daycare: f.daycare, screen: screen, size: Size(width: 80, height: 24))
        runtime.logIn()
        while runtime.state.side != .admin(tab) { runtime.handle(.key(.tab)) }
        return runtime
    }

    private func send(_ runtime: KioskRuntime, _ keys: [Key]) { for key in keys { runtime.handle(.key(key)) } }
    private func type(_ text: String) -> [Key] { text.map { .character($0) } }
    private func lines(_ buffer: ScreenBuffer) -> [String] {
        buffer.textLines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func groupsAndChildrenAreAddedRenamedAndGivenAvatars() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .groups)
        send(runtime, [.character("a")] + type("Pöllöt 🦉") + [.enter])
        #expect(f.daycare.roster.groups.map(\.name) == ["Squirrels", "Bears", "Pöllöt 🦉"])
        send(runtime, [.down, .down, .enter, .character("a")] + type("Väinö") + [.enter])
        let owls = f.daycare.roster.groups[2].id
        #expect(f.daycare.roster.children(in: owls).map(\.name) == ["Väinö"])
        send(runtime, [.character("i"), .down, .enter])
        #expect(f.daycare.roster.children(in: owls).first?.avatar == "🐻")
        send(runtime, [.character("e"), .backspace, .backspace] + type("ö!") + [.enter])
        #expect(f.daycare.roster.children(in: owls).first?.name == "Väiö!")
        #expect(lines(runtime.render())[3].hasPrefix(" 🐻 Väiö!"))
    }

    @Test func aChildMovesToAnotherGroupAndDeletesAskFirst() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .groups)
        send(runtime, [.enter, .character("m")])
        #expect(lines(runtime.render())[3].hasSuffix("🐻 Bears"))
        send(runtime, [.enter])
        #expect(f.daycare.roster.child(f.aino)?.groupID == f.daycare.roster.groups[1].id)
        send(runtime, [.escape, .character("d")])
        #expect(lines(runtime.render())[19] == "    Squirrels: 1 child and 0 points will be deleted.")
        send(runtime, [.enter])
        #expect(f.daycare.roster.groups.map(\.name) == ["Bears"])
        #expect(f.daycare.roster.child(f.eero) == nil)
        send(runtime, [.character("u")])
        #expect(f.daycare.roster.child(f.eero) != nil)
    }

    @Test func aBoardGetsTasksFromTheLibraryInOrder() throws {
        let f = try KioskFixture()
        let runtime = try admin(f, tab: .boards)
        send(runtime, [.down, .enter])  // Eero: Get dressed only
        #expect(runtime.state.boardsChild == f.eero)
        send(runtime, [.character("a"), .down, .enter])  // the second task not on the board: Tidy the toys
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0], f.tasks[2]])
        send(runtime, [.down, .character("K")])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[2], f.tasks[0]])
        send(runtime, [.character("d")])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0]])
        #expect(lines(runtime.render())[2] == "  🐢 Eero Äijälä")
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
        for key: Key in [.enter, .character("g"), .down, .down, .enter] { runtime.handle(.key(key)) }
        // Tidy the toys onto Aino's (already there) and Eero's boards.
        #expect(f.daycare.roster.child(f.eero)?.board == [f.tasks[0], f.tasks[2]])
        for key: Key in [.character("c"), .enter] { runtime.handle(.key(key)) }
        #expect(f.daycare.roster.child(f.eero)?.board == f.daycare.roster.child(f.aino)?.board)
        #expect(runtime.render().textLines[23].contains("g add to group"))
    }
}
