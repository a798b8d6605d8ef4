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
                 .control("a"), .control("b"), .control("y"), .control("\\"), .function(1), .function(10), .home, .end, .pageUp, .pageDown, .backspace]
        return keys
    }()

    /// The state without what any key press changes by itself (the time of
    /// the last key, the letters typed ahead, which any other key ends).
    private func same(_ a: KioskState, _ b: KioskState) -> Bool {
        var a = a, b = b
        a.lastInput = b.lastInput
        a.typeAhead = b.typeAhead
        return a == b
    }

    @Test func everyKeyThatActsIsShownAndEveryShownKeyActs() throws {
        let scene = try KioskScenes(KioskFixture())
        #expect(scene.states.count > 50)
        var checked = 0
        for (name, state, context) in scene.states {
            let keys = Kiosk.keys(state, context)
            for key in Self.universe {
                var after = state
                let effects = Kiosk.update(&after, .key(key), context)
                let acted = !effects.isEmpty || !same(after, state)
                if keys.binding(for: keys.keyMap(context.keyMap).action(for: key)) != nil {
                    #expect(acted, "\(name): \(key) is shown but does nothing")
                    checked += 1
                    continue
                }
                switch keys.other {
                case .ignored: #expect(!acted, "\(name): \(key) acts but is not shown")
                case .close: #expect(acted && effects.isEmpty, "\(name): \(key) should close and nothing else")
                case .typed: break  // typing into the field the screen shows
                case .typeAhead:
                    // Every letter goes to the names, and does nothing else.
                    if key.isLetter {
                        var moved = after
                        moved.mark = state.mark
                        moved.picker = state.picker
                        if let list = Kiosk.screenList(state, context) { moved[keyPath: list.selection] = state[keyPath: list.selection] }
                        #expect(effects.isEmpty && same(moved, state), "\(name): \(key) does more than go to a name")
                        #expect(!keys.keyMap(context.keyMap).bindings.flatMap(\.keys).contains(key), "\(name): \(key) is bound where letters go to names")
                        break
                    }
                    #expect(!acted, "\(name): \(key) acts but is not shown")
                }
            }
        }
        #expect(checked > 300)
    }

    @Test func everyShownBindingHasItsWordsInBothLanguages() throws {
        let scene = try KioskScenes(KioskFixture())
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
