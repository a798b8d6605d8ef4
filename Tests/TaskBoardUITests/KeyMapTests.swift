import Testing
@testable import TaskBoardUI

@Suite struct KeyMapTests {
    @Test func theIssuesKeysMeanWhatItSays() {
        let map = KeyMap.standard
        #expect(map.action(for: .tab) == .nextTab)
        #expect(map.action(for: .backTab) == .previousTab)
        #expect(map.action(for: .character("j")) == .down)
        #expect(map.action(for: .character("k")) == .up)
        #expect(map.action(for: .enter) == .choose)
        #expect(map.action(for: .character(" ")) == .toggle)
        #expect(map.action(for: .escape) == .back)
        #expect(map.action(for: .character("d")) == .delete)
        #expect(map.action(for: .delete) == .delete)
        #expect(map.action(for: .character("u")) == .undo)
        #expect(map.action(for: .character("?")) == .help)
    }

    /// Ctrl-C and Ctrl-\ (signals in a cooked terminal) mean nothing; Ctrl-Z
    /// is undo, as in every program, and only the admin side has undo.
    @Test func kioskKeysMeanNothing() {
        for key: Key in [.control("c"), .control("\\")] {
            #expect(KeyMap.standard.action(for: key) == nil)
        }
        #expect(KeyMap.standard.action(for: .control("z")) == .undo)
    }

    /// Where letters go to names, the letter actions keep a Ctrl key, and no letter is left.
    @Test func withoutLettersKeepsTheCtrlKeys() {
        let map = KeyMap.standard.withoutLetters()
        #expect(!map.bindings.flatMap(\.keys).contains { $0.isLetter })
        #expect(map.action(for: .character("u")) == nil && map.action(for: .character("L")) == nil)
        #expect(map.action(for: .control("z")) == .undo)
        #expect(map.action(for: .control("l")) == .logOut)
        #expect(map.action(for: .control("q")) == .quit)
        #expect(map.action(for: .control("v")) == .view)
        #expect(map.action(for: .down) == .down && map.action(for: .character("*")) == .tickAll)
    }

    /// With Caps Lock on, a letter means what it means without: nothing is
    /// bound to a capital, so j never becomes "reorder" nor q an instant quit.
    @Test func capsLockChangesNoKey() {
        for binding in KeyMap.standard.bindings {
            for case .character(let c) in binding.keys {
                #expect(!(c.isLetter && c.isUppercase), "\(binding.action) is bound to \(c)")
                if c.isLetter {
                    #expect(KeyMap.standard.action(for: .character(Character(c.uppercased()))) == binding.action)
                }
            }
        }
    }

    @Test func noKeyIsBoundTwiceAndEveryActionHasAKey() {
        let keys = KeyMap.standard.bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
        for action in Action.allCases {
            #expect(!KeyMap.standard.keys(for: action).isEmpty, "\(action) has no key")
        }
    }
}
