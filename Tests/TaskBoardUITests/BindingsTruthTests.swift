import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// For every screen state: every key that acts is in its hint and help
/// list, and every listed key acts. Generated from the states and the key
/// table, not hand-listed: a key handled but not shown (or shown but dead)
/// fails here.
@Suite struct BindingsTruthTests {
    /// Every key of the table, their capitals (Caps Lock), and keys nothing is bound to.
    static let universe: [Key] = {
        var keys = KeyMap.standard.bindings.flatMap(\.keys)
        for case .character(let c) in keys where c.isLetter { keys.append(.character(Character(c.uppercased()))) }
        keys += [.character("x"), .character("Z"), .character("5"), .character("0"), .character("!"), .control("c"), .control("z"),
                 .control("\\"), .function(1), .function(10), .home, .end, .pageUp, .pageDown, .backspace]
        return keys
    }()

    /// A roster with lists long enough to move in, and the kiosk in many states.
    private struct Scene {
        let f: KioskFixture
        var states: [(String, KioskState, KioskContext)] = []

        init() throws {
            f = try KioskFixture()
            let squirrels = f.daycare.roster.groups[0].id, bears = f.daycare.roster.groups[1].id
            try f.daycare.perform(.addChild(name: "Pia", avatar: "🐰", group: squirrels))
            try f.daycare.perform(.addChild(name: "Ville", avatar: "🦉", group: bears))
            try f.daycare.perform(.addTask(name: "Wash hands", icon: "🧼", points: 1))
            try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        }

        func context(canUndo: Bool = true, pinLocked: Bool = false, width: Int = 80) -> KioskContext {
            KioskContext(roster: f.daycare.roster, settings: Settings(idleLogoutMinutes: 2), now: f.clock.now(),
                         childTabWidths: f.screen().childTabWidths, avatars: [AvatarCatalogue.Avatar(symbol: "🐻", ascii: "Br", name: ["en": "Bear"])],
                         canUndo: canUndo, pinLocked: pinLocked)
        }

        mutating func add(_ name: String, _ keys: [Key], from base: KioskState? = nil, _ context: KioskContext? = nil) {
            var state = base ?? f.state()
            let context = context ?? self.context()
            for key in keys { _ = Kiosk.update(&state, .key(key), context) }
            states.append((name, state, context))
        }
    }

    private static func scene() throws -> Scene {
        var scene = try Scene()
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
        scene.add("admin tab, answered", digits(String(check.adultCheck.number)) + [.enter], from: check)
        scene.add("admin tab, PIN typed", digits(String(check.adultCheck.number)) + [.enter] + digits("48"), from: check)
        // Right after a wrong answer, keys wait.
        scene.add("admin tab, waiting", digits(String(check.adultCheck.number == 100 ? 101 : 100)) + [.enter], from: check)
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
        scene.add("mark, one child", [.character("v")], from: admin)
        scene.add("mark, one child, moved", [.character("v"), .down, .right], from: admin)
        var narrow = admin
        narrow.size = Size(width: 50, height: 16)
        scene.add("mark, narrow", [], from: narrow)
        scene.add("boards", tab(1), from: admin)
        scene.add("boards, second", tab(1) + [.down], from: admin)
        scene.add("a board", tab(1) + [.enter], from: admin)
        scene.add("a board, second row", tab(1) + [.enter, .down], from: admin)
        scene.add("a board, last row", tab(1) + [.enter, .down, .down], from: admin)
        scene.add("a one-task board", tab(1) + [.down, .down, .down, .enter], from: admin)
        scene.add("add to board picker", tab(1) + [.enter, .character("a")], from: admin)
        scene.add("group boards picker", tab(1) + [.enter, .character("g"), .down], from: admin)
        scene.add("copy picker", tab(1) + [.enter, .character("c")], from: admin)
        scene.add("copy picker, marked", tab(1) + [.enter, .character("c"), .character(" "), .down], from: admin)
        scene.add("remove confirmation", tab(1) + [.enter, .character("d")], from: admin)
        scene.add("copy confirmation", tab(1) + [.enter, .character("c"), .enter], from: admin)
        scene.add("groups tab", tab(2), from: admin)
        scene.add("groups tab, second", tab(2) + [.down], from: admin)
        scene.add("a group", tab(2) + [.enter], from: admin)
        scene.add("a group, second", tab(2) + [.enter, .down], from: admin)
        scene.add("move child picker", tab(2) + [.enter, .character("m")], from: admin)
        scene.add("avatar picker", tab(2) + [.character("i")], from: admin)
        scene.add("new group form", tab(2) + [.character("a")], from: admin)
        scene.add("new child form, typed", tab(2) + [.enter, .character("a")] + digits("Li"), from: admin)
        scene.add("delete group confirmation", tab(2) + [.character("d")], from: admin)
        scene.add("library", tab(3), from: admin)
        scene.add("library, second", tab(3) + [.down], from: admin)
        scene.add("library, last", tab(3) + [.down, .down, .down], from: admin)
        scene.add("rename task form", tab(3) + [.character("e")], from: admin)
        scene.add("delete task confirmation", tab(3) + [.character("d")], from: admin)
        for row in 0..<SettingsRow.allCases.count {
            scene.add("settings row \(row)", tab(4) + [Key](repeating: .down, count: row), from: admin)
        }
        scene.add("PIN form", tab(4) + [.enter], from: admin)
        scene.add("time zone form", tab(4) + [.down, .down, .down, .enter], from: admin)
        scene.add("quit confirmation", [.character("q")], from: admin)
        scene.add("help on the admin side", tab(3) + [.character("?")], from: admin)
        return scene
    }

    /// The state without what any key press changes by itself (the time of the last key).
    private func same(_ a: KioskState, _ b: KioskState) -> Bool {
        var a = a, b = b
        a.lastInput = b.lastInput
        return a == b
    }

    @Test func everyKeyThatActsIsShownAndEveryShownKeyActs() throws {
        let scene = try Self.scene()
        #expect(scene.states.count > 50)
        var checked = 0
        for (name, state, context) in scene.states {
            let keys = Kiosk.keys(state, context)
            for key in Self.universe {
                var after = state
                let effects = Kiosk.update(&after, .key(key), context)
                let acted = !effects.isEmpty || !same(after, state)
                if keys.binding(for: context.keyMap.action(for: key)) != nil {
                    #expect(acted, "\(name): \(key) is shown but does nothing")
                    checked += 1
                    continue
                }
                switch keys.other {
                case .ignored: #expect(!acted, "\(name): \(key) acts but is not shown")
                case .close: #expect(acted && effects.isEmpty, "\(name): \(key) should close and nothing else")
                case .typed: break  // typing into the field the screen shows
                }
            }
        }
        #expect(checked > 300)
    }

    @Test func everyShownBindingHasItsWordsInBothLanguages() throws {
        let scene = try Self.scene()
        for language in ["en", "fi"] {
            let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/\(language).json")))
            for (name, state, context) in scene.states {
                for binding in Kiosk.keys(state, context).bindings {
                    #expect(strings.text(for: binding.label) != nil, "\(language) \(name): \(binding.label)")
                    #expect(strings.text(for: binding.helpLabel) != nil, "\(language) \(name): \(binding.helpLabel)")
                }
            }
        }
    }
}
