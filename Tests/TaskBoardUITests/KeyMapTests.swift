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
        for key: Key in [.control("c"), .control("z"), .control("\\"), .character("q")] {
            #expect(KeyMap.standard.action(for: key) == nil)
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
