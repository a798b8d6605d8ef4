import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The table of keys in docs/using.md is made from the same bindings as the
/// hint bar and help: when a key changes, this test fails and prints the
/// table to paste between that page's `keys:begin` and `keys:end` markers.
@Suite struct KeyTableDocTests {
    private static let shared: Set<Action> = [.undo, .nextTab, .previousTab, .logOut, .quit, .help]

    private func table() throws -> String {
        let f = try KioskFixture()
        try f.daycare.perform(.addChild(name: "Pia", avatar: "🐰", group: f.daycare.roster.groups[0].id))
        let context = KioskContext(roster: f.daycare.roster, settings: Settings(idleLogoutMinutes: 2), now: f.clock.now(),
                                   avatars: [AvatarCatalogue.Avatar(symbol: "🐻", ascii: "Br", name: [:])],
                                   canUndo: true)
        func state(_ keys: [Key], admin: Bool = false, pinIsSet: Bool = true) -> KioskState {
            var state = f.state(pinIsSet: pinIsSet)
            if admin { Kiosk.apply(.login(.success), to: &state) }
            for key in keys { _ = Kiosk.update(&state, .key(key), context) }
            return state
        }
        let tab = { (n: Int) in [Key](repeating: .tab, count: n) }
        let rows: [(String, KioskState, Set<Action>?)] = [
            ("First start", state([], pinIsSet: false), nil),
            ("Every child tab", state([]), Self.shared),
            ("Tasks: a list", state([.enter]), nil),
            ("Tasks: a board", state([.enter, .enter]), nil),
            ("Leaderboard", state([.tab]), nil),
            ("Today: the groups", state(tab(2)), nil),
            ("Today: a group's day", state(tab(2) + [.enter]), nil),
            ("Admin (the PIN)", state([.backTab] + "1".map { Key.character($0) }), nil),
            ("Every admin tab", state([], admin: true), Self.shared),
            ("Mark", state([], admin: true), nil),
            ("Mark, one child", state([.control("v")], admin: true), nil),
            ("Boards: whose board", state(tab(1), admin: true), nil),
            ("Boards: a board", state(tab(1) + [.enter], admin: true), nil),
            ("Groups", state(tab(2), admin: true), nil),
            ("Groups: a group", state(tab(2) + [.enter], admin: true), nil),
            ("Groups: a group's day", state(tab(2) + [.enter, .control("t")], admin: true), nil),
            ("Tasks (library)", state(tab(3), admin: true), nil),
            ("Settings", state(tab(4) + [.down], admin: true), nil),
            ("A list to choose from", state(tab(1) + [.enter, .control("g")], admin: true), nil),
            ("Copy a board to", state(tab(1) + [.enter, .control("d")], admin: true), nil),
            ("A form", state(tab(3) + [.character("+")], admin: true), nil),
            ("Take a task off a board?", state(tab(1) + [.enter, .delete], admin: true), nil),
            ("Quit?", state([.control("q")], admin: true), nil),
            ("Help", state([.character("?")]), nil),
        ]
        let strings = f.strings
        var lines = ["| Where | Keys |", "|---|---|"]
        for (name, state, only) in rows {
            let keys = Kiosk.keys(state, context)
            // Where letters go to names, the keys without them, and a word on letters.
            let keyMap = only == nil ? keys.keyMap(KeyMap.standard) : KeyMap.standard
            var bindings = keys.bindings
            if let only {
                bindings = bindings.filter { only.contains($0.action) }
            } else if name != "First start" && name != "Help" {
                bindings = bindings.filter { !Self.shared.contains($0.action) }
            }
            let cells = bindings.map { binding in
                keyMap.keys(for: binding.action).map { "`\(strings.keyName($0, unicode: true))`" }.joined(separator: " / ")
                    + " " + strings[binding.label]
            } + (only == nil && keys.other == .typeAhead ? ["\(strings["key.letters"]) \(strings["action.typeAhead"])"] : [])
            lines.append("| \(name) | \(cells.joined(separator: ", ")) |")
        }
        return lines.joined(separator: "\n")
    }

    static let page = "docs/using.md"

    @Test func theUsingPagesTableIsTheBindings() throws {
        let text = try String(contentsOf: KioskFixture.repository.appendingPathComponent(Self.page), encoding: .utf8)
        let begin = "<!-- keys:begin -->\n", end = "\n<!-- keys:end -->"
        let start = try #require(text.range(of: begin), "\(Self.page) has no \(begin)")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "\(Self.page) has no \(end)")
        let expected = try table()
        let actual = String(text[start.upperBound..<stop.lowerBound])
        #expect(actual == expected, "\(Self.page)'s key table differs from the bindings; it should read:\n\(begin)\(expected)\(end)")
    }
}
