import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Every screen at 120x40, as text and as its style layer (what shows
/// without colour: R reverse, B bold, . plain).
@Suite struct ScreensAt120x40Tests {
    private func trimmed(_ lines: [String]) -> [String] {
        lines.map { String($0.reversed().drop { $0 == " " || $0 == "." }.reversed()) }
    }

    private func runtime(_ f: KioskFixture, admin: Bool) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 120, height: 40))
        if admin {
            for event in [InputEvent.key(.backTab)] + "4829".map({ .key(.character($0)) }) + [.key(.enter)] { runtime.handle(event) }
        }
        return runtime
    }

    @Test func aChildsBoard() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        let r = try runtime(f, admin: false)
        for key: Key in [.enter, .enter] { r.handle(.key(key)) }
        let buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...6])) == [
            "  🦊 Aino   1 / 3 done today", "", "    ✔   👕 Get dressed", "    ○   🪥 Brush teeth", "    ○   Tidy the toys"])
        #expect(trimmed(Array(buffer.styleLines[2...6])) == [
            // The name in the child's colour (none here), the count bold, done rows bold, marks bold.
            "............BBBBBBBBBBBBBBBB", "", "....B...BBBBBBBBBBBBBB", "....B", "....B"])
        #expect(buffer.textLines[37].hasPrefix("  Last 7 days: M ○  T ○  W ○  T ○  F ○  S ○  S ○"))
    }

    @Test func theMarkSheet() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        let r = try runtime(f, admin: true)
        let buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...5])) == [
            "  🦔 Squirrels",
            "                 👕            🪥            Tidy the toys",
            "  🦊 Aino              ○             ○             ○        0/3",
            "  🐢 Eero Äijälä       ✔                                    1/1",
        ])
        #expect(trimmed(Array(buffer.styleLines[4...5])) == [
            // The cursor cell reversed, Eero's done cell bold.
            ".................RRRRRRRRRRRRR",
            ".......................B",
        ])
        #expect(buffer.textLines[39].hasPrefix(" Space toggle  ↓ down  ↑ up  → right  ← left  Enter choose  v view  u undo"))
    }

    @Test func groupsLibraryAndSettings() throws {
        let f = try KioskFixture()
        let r = try runtime(f, admin: true)
        r.handle(.key(.tab))
        r.handle(.key(.tab))
        var buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...4])) == [
            "  Groups",
            " 🦔 Squirrels" + String(repeating: " ", count: 96) + "2 children",
            " 🐻 Bears" + String(repeating: " ", count: 100) + "0 children"])
        #expect(buffer.styleLines[3].allSatisfy { $0 == "R" })
        r.handle(.key(.tab))
        buffer = r.render()
        // The trailing column ends one cell before the right edge.
        #expect(trimmed(Array(buffer.textLines[3...3])) == [" 👕 Get dressed" + String(repeating: " ", count: 91) + "+1   2 boards"])
        #expect(DisplayWidth.of(trimmed(Array(buffer.textLines[3...3]))[0]) == 119)
        r.handle(.key(.tab))
        buffer = r.render()
        #expect(trimmed(Array(buffer.textLines[2...6])) == [
            "  Settings",
            " PIN" + String(repeating: " ", count: 101) + "Change the PIN",
            " Language" + String(repeating: " ", count: 103) + "English",
            " Idle logout (minutes)" + String(repeating: " ", count: 92) + "◂ 2 ▸",
            " Time zone" + String(repeating: " ", count: 94) + "Europe/Helsinki",
        ])
    }
}
