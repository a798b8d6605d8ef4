import Foundation
import TaskBoard
@testable import TaskBoardUI

/// The kiosk in many states (every tab and step, the overlays, the PIN
/// screens) over a roster with lists long enough to move in: for tests that
/// must hold on every screen.
struct KioskScenes {
    let f: KioskFixture
    /// A name for each, the state, and the context it was reached in.
    let states: [(String, KioskState, KioskContext)]

    /// A roster with lists long enough to move in, and the kiosk in many states.
    private struct Scene {
        let f: KioskFixture
        var states: [(String, KioskState, KioskContext)] = []

        init(_ fixture: KioskFixture) throws {
            f = fixture
            let squirrels = f.daycare.roster.groups[0].id, bears = f.daycare.roster.groups[1].id
            try f.daycare.perform(.addChild(name: "Pia", avatar: "🐰", group: squirrels))
            try f.daycare.perform(.addChild(name: "Ville", avatar: "🦉", group: bears))
            try f.daycare.perform(.addTask(name: "Wash hands", icon: "🧼", points: 1))
            try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        }

        func context(canUndo: Bool = true, pinLocked: Bool = false, width: Int = 80) -> KioskContext {
            KioskContext(roster: f.daycare.roster, settings: Settings(idleLogoutMinutes: 2), now: f.clock.now(),
                         avatars: [AvatarCatalogue.Avatar(symbol: "🐻", ascii: "Br", name: ["en": "Bear"])],
                         icons: [IconCatalogue.Icon(symbol: "🍎", ascii: "Ap", name: ["en": "Apple"])],
                         canUndo: canUndo, pinLocked: pinLocked)
        }

        mutating func add(_ name: String, _ keys: [Key], from base: KioskState? = nil, _ context: KioskContext? = nil) {
            var state = base ?? f.state()
            let context = context ?? self.context()
            for key in keys { _ = Kiosk.update(&state, .key(key), context) }
            states.append((name, state, context))
        }
    }

    init(_ fixture: KioskFixture) throws {
        f = fixture
        var scene = try Scene(fixture)
        let f = scene.f
        let digits = { (text: String) in text.map { Key.character($0) } }
        // The child side.
        scene.add("groups", [])
        scene.add("groups, second", [.down])
        scene.add("children", [.enter])
        scene.add("children, second", [.enter, .down])
        scene.add("a board", [.enter, .enter])
        scene.add("leaderboard", [.tab])
        scene.add("leaderboard, scrolled", [.tab, .down])
        scene.add("leaderboard, one group", [.tab, .enter])
        scene.add("admin tab", [.backTab])
        scene.add("admin tab, typed", [.backTab] + digits("12"))
        var check = f.state()
        _ = Kiosk.update(&check, .key(.backTab), scene.context())
        scene.add("admin tab, answered", digits(String(check.pin.check.number)) + [.enter], from: check)
        scene.add("admin tab, PIN typed", digits(String(check.pin.check.number)) + [.enter] + digits("48"), from: check)
        // Right after a wrong answer, keys wait.
        scene.add("admin tab, waiting", digits(String(check.pin.check.number == 100 ? 101 : 100)) + [.enter], from: check)
        scene.add("admin tab, locked", [.backTab], scene.context(pinLocked: true))
        scene.add("first start", [], from: f.state(pinIsSet: false))
        scene.add("first start, typed", digits("4829"), from: f.state(pinIsSet: false))
        scene.add("first start, confirming", digits("4829") + [.enter], from: f.state(pinIsSet: false))
        scene.add("help", [.character("?")])

        // The admin side.
        var admin = f.state()
        Kiosk.apply(.login(.success), to: &admin)
        let tab = { (n: Int) in [Key](repeating: .tab, count: n) }
        scene.add("mark", [], from: admin)
        scene.add("mark, moved", [.down, .right], from: admin)
        scene.add("mark, nothing to undo", [], from: admin, scene.context(canUndo: false))
        scene.add("mark, one child", [.control("v")], from: admin)
        scene.add("mark, one child, moved", [.control("v"), .down, .right], from: admin)
        var narrow = admin
        narrow.size = Size(width: 50, height: 16)
        scene.add("mark, narrow", [], from: narrow)
        scene.add("boards", tab(1), from: admin)
        scene.add("boards, second", tab(1) + [.down], from: admin)
        scene.add("a board", tab(1) + [.enter], from: admin)
        scene.add("a board, second row", tab(1) + [.enter, .down], from: admin)
        scene.add("a board, last row", tab(1) + [.enter, .down, .down], from: admin)
        scene.add("a one-task board", tab(1) + [.down, .down, .down, .enter], from: admin)
        scene.add("add to board picker", tab(1) + [.enter, .character("+")], from: admin)
        scene.add("group boards picker", tab(1) + [.enter, .control("g"), .down], from: admin)
        scene.add("copy picker", tab(1) + [.enter, .control("d")], from: admin)
        scene.add("copy picker, marked", tab(1) + [.enter, .control("d"), .character(" "), .down], from: admin)
        scene.add("remove confirmation", tab(1) + [.enter, .delete], from: admin)
        scene.add("copy confirmation", tab(1) + [.enter, .control("d"), .enter], from: admin)
        scene.add("groups tab", tab(2), from: admin)
        scene.add("groups tab, second", tab(2) + [.down], from: admin)
        scene.add("a group", tab(2) + [.enter], from: admin)
        scene.add("a group, second", tab(2) + [.enter, .down], from: admin)
        scene.add("move child picker", tab(2) + [.enter, .control("x")], from: admin)
        scene.add("avatar picker", tab(2) + [.control("p")], from: admin)
        scene.add("new group form", tab(2) + [.character("+")], from: admin)
        scene.add("new child form, typed", tab(2) + [.enter, .character("+")] + digits("Li"), from: admin)
        scene.add("delete group confirmation", tab(2) + [.delete], from: admin)
        scene.add("library", tab(3), from: admin)
        scene.add("library, second", tab(3) + [.down], from: admin)
        scene.add("library, last", tab(3) + [.down, .down, .down], from: admin)
        scene.add("rename task form", tab(3) + [.control("e")], from: admin)
        scene.add("task icon picker", tab(3) + [.control("p")], from: admin)
        scene.add("delete task confirmation", tab(3) + [.delete], from: admin)
        for row in 0..<SettingsRow.allCases.count {
            scene.add("settings row \(row)", tab(4) + [Key](repeating: .down, count: row), from: admin)
        }
        scene.add("PIN form", tab(4) + [.enter], from: admin)
        scene.add("time zone form", tab(4) + [.down, .down, .down, .enter], from: admin)
        scene.add("quit confirmation", [.control("q")], from: admin)
        scene.add("help on the admin side", tab(3) + [.character("?")], from: admin)
        states = scene.states
    }
}
