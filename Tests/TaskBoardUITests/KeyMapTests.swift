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

    @Test func kioskKeysMeanNothing() {
        for key: Key in [.control("c"), .control("z"), .control("\\")] {
            #expect(KeyMap.standard.action(for: key) == nil)
        }
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
