import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A morning with a group of 25: every child can be seen and reached, by
/// scrolling and by typing the name, and no stray letter logs out.
@Suite struct MorningAtTheKeyboardTests {
    /// Bears with 25 children (five starting with E, four with L), each with
    /// Get dressed and Brush teeth on the board.
    static let names = ["Aada", "Eero", "Eetu", "Elias", "Elsa", "Emma", "Frida", "Hugo", "Iida", "Jooa", "Julia", "Kalle", "Kasper",
                        "Leo", "Lilja", "Lumi", "Luka", "Mikael", "Niko", "Oona", "Pihla", "Saara", "Toivo", "Venla", "Väinö"]

    private func bears(_ language: String = "en") throws -> (KioskFixture, GroupID, [Child]) {
        let f = try KioskFixture(language: language)
        let group = f.daycare.roster.groups[1].id
        for name in Self.names { try f.daycare.perform(.addChild(name: name, avatar: "🐻", group: group)) }
        let children = f.daycare.roster.children(in: group)
        for child in children {
            try f.daycare.perform(.addToBoard(f.tasks[0], child: child.id))
            try f.daycare.perform(.addToBoard(f.tasks[1], child: child.id))
        }
        return (f, group, children)
    }

    @Test(arguments: Screenful.all.filter { $0.width >= 80 })
    func theSheetOf25ScrollsWithMarksAndHomeEndAndPages(_ at: Screenful) throws {
        let size = Size(width: at.width, height: at.height)
        let (f, _, _) = try bears(at.language)
        let runtime = try f.runtime(size.width, size.height, admin: true)
        runtime.handle(.key(.enter))  // Bears
        let rows = size.height - 8
        var screen = lines(runtime)
        let fits = rows >= 25
        #expect(screen[4].contains("Aada") && screen[4 + min(rows, 25) - 1].hasSuffix("▼") == !fits, "\(screen)")
        runtime.handle(.key(.end))
        screen = lines(runtime)
        #expect(runtime.state.mark.row == 24 && screen[4 + min(rows, 25) - 1].contains("Väinö") && screen[4].hasSuffix("▲") == !fits, "\(screen)")
        runtime.handle(.key(.home))
        #expect(runtime.state.mark.row == 0)
        runtime.handle(.key(.pageDown))
        #expect(runtime.state.mark.row == min(rows, 24))
        runtime.handle(.key(.pageUp))
        #expect(runtime.state.mark.row == 0)
        // Help says what letters do (at its end).
        runtime.handle(.key(.character("?")))
        let letters = String(f.strings["help.action.typeAhead"].prefix(20))
        for _ in 0..<30 where !lines(runtime).joined().contains(letters) { runtime.handle(.key(.down)) }
        #expect(lines(runtime).joined().contains(letters), "\(lines(runtime))")
    }

    @Test(arguments: Screenful.all)
    func theGroupWeekOf25Scrolls(_ at: Screenful) throws {
        let size = Size(width: at.width, height: at.height)
        let (f, _, _) = try bears(at.language)
        let runtime = try f.runtime(size.width, size.height, admin: true)
        for key: Key in [.tab, .tab, .down, .enter, .control("v")] { runtime.handle(.key(key)) }
        #expect(runtime.state.groups.weeksBack == 0)
        let shown = size.height - 7
        // At 40 columns a name is cut after three letters.
        func row(_ line: Int, has name: String) -> Bool { lines(runtime)[line].contains(String(name.prefix(3))) }
        var screen = lines(runtime)
        if shown >= 25 {
            // All 25 fit (120×40): no marks, and nothing to scroll.
            #expect(screen[5].contains("Aada") && screen[5 + 24].contains("Väinö"), "\(screen)")
            #expect(!screen.contains { $0.hasSuffix("▼") || $0.hasSuffix("▲") })
            runtime.handle(.key(.end))
            #expect(lines(runtime) == screen)
            return
        }
        #expect(screen[5].contains("Aada") && screen[5 + shown - 1].hasSuffix("▼"), "\(screen)")
        #expect(!screen.contains { $0.contains("Väinö") })
        runtime.handle(.key(.end))
        screen = lines(runtime)
        #expect(row(5 + shown - 1, has: "Väinö") && screen[5].hasSuffix("▲") && !screen[5 + shown - 1].hasSuffix("▼"), "\(screen)")
        runtime.handle(.key(.up))
        #expect(row(5 + shown - 1, has: "Venla"))
        runtime.handle(.key(.home))
        #expect(row(5, has: "Aada"))
        // A page on, as far as the last child at the bottom.
        runtime.handle(.key(.pageDown))
        #expect(row(5, has: Self.names[min(shown, 25 - shown)]))
        // ← and → still page the weeks, v still goes back.
        runtime.handle(.key(.left))
        #expect(runtime.state.groups.weeksBack == 1)
        runtime.handle(.key(.character("v")))
        #expect(runtime.state.groups.weeksBack == nil)
    }

    /// The morning at 50×16: three away, a task for all, two
    /// exceptions reached by typing (Lilja, among four L names, and Emma,
    /// among five E names), one undone: at most 15 keys from the Mark tab.
    @Test func aMorningOf25InFifteenKeysAt50x16() throws {
        let (f, _, children) = try bears()
        let runtime = try f.runtime(50, 16, admin: true)
        var keys = 0
        func press(_ typed: Key...) {
            for key in typed {
                runtime.handle(.key(key))
                keys += 1
                f.clock.advance(by: 0.3)
            }
        }
        press(.enter)                                                      // Bears, one child at a time at 50 columns
        #expect(runtime.state.showsOneChild)
        press(.character("f"), .character("-"))                            // Frida away
        press(.character("h"), .character("-"))                            // Hugo away
        press(.character("o"), .character("-"))                            // Oona away
        press(.character("*"))                                             // Get dressed for all who are here
        #expect(lines(runtime)[14].contains("Get dressed: 22 children, +22"), "\(lines(runtime))")
        press(.character("l"), .character("i"), .character(" "))           // not Lilja
        press(.character("e"), .character("m"), .character(" "))           // not Emma
        press(.control("z"))                                               // Emma after all
        #expect(keys <= 15, "\(keys) keys")
        let marks = try f.daycare.marks(on: f.daycare.today)
        let done = Set(children.filter { marks.isDone($0.id, f.tasks[0]) }.map(\.name))
        #expect(done == Set(Self.names).subtracting(["Frida", "Hugo", "Oona", "Lilja"]), "\(done.sorted())")
        #expect(runtime.state.side == .admin(.mark), "no letter logged out")
    }

    @Test func spaceOnAChildAwayTicksNothingAndSaysSo() throws {
        let f = try KioskFixture()
        try f.daycare.setAway(child: f.aino, away: true)
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.character(" ")))
        #expect(try !f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        #expect(lines(runtime)[22] == " Aino: away, not ticked. - marks here.")
        runtime.handle(.key(.character("-")))
        runtime.handle(.key(.character(" ")))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[0]))
    }

    @Test func theFinnishWordsForTheNewKeys() throws {
        let f = try KioskFixture()
        try f.daycare.setAway(child: f.aino, away: true)
        let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/fi.json")))
        let runtime = try f.runtime(admin: true, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)))
        runtime.handle(.key(.character(" ")))
        #expect(lines(runtime)[22] == " Aino: poissa, ei merkitty. Paikalla: -")
        runtime.handle(.key(.character("?")))
        #expect(lines(runtime).joined().contains("Kirjaimet"))
    }

    /// On a short bar the keys that lead on stay: the next child, the next tab, help.
    @Test(arguments: ["en", "fi"])
    func aShortBarKeepsTheKeysThatLeadOn(_ language: String) throws {
        let (f, _, _) = try bears()
        let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/\(language).json")))
        let runtime = try f.runtime(40, 12, admin: true, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)))
        runtime.handle(.key(.enter))
        let bar = lines(runtime)[11]
        // The screen's own key first, then help and the next child; Tab where it fits (Finnish: not at 50).
        let space = strings["key.space"] + " "
        #expect(bar.hasPrefix(space) || bar.hasPrefix(" " + space), "\(bar)")
        #expect(bar.contains("→ ") && bar.contains("? "), "\(bar)")
        let fifty = try bears().0.runtime(50, 16, admin: true, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)))
        fifty.handle(.key(.enter))
        let wider = lines(fifty)[15]
        #expect(wider.contains(space) && wider.contains("→ ") && wider.contains("? "), "\(wider)")
        // A board at 80 columns keeps Esc.
        let wide = try KioskFixture().runtime(80, 24, admin: true, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)))
        for key: Key in [.tab, .enter] { wide.handle(.key(key)) }
        #expect(lines(wide)[23].contains("Esc "), "\(lines(wide)[23])")
    }
}
