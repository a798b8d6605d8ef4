import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The admin's day sheet: move, tick, see it saved, celebrate, undo.
@Suite struct MarkTabTests {
    @Test func theSheetShowsChildrenDownAndTheirTasksAcross() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[1])
        let runtime = try f.runtime(admin: true)
        let screen = lines(runtime.render())
        #expect(Array(screen[2...5]) == [
            "  🦔 Squirrels",
            // Names 15 columns from x=2, then 14-column cells, symbols centred.
            "                 👕            🪥            Tidy the toys",
            "  🦊 Aino              ○             ✔             ○        1/3",
            "  🐢 Eero Äijälä       ○                                    0/1",
        ])
        #expect(screen[21] == "  👕 Get dressed +1")
        // The cursor cell is reversed, so it shows without colour.
        #expect(runtime.render()[20, 4].style.reverse)
    }

    @Test func spaceTicksTheCellAndTheStatusConfirmsWhatWasSaved() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.character(" ")))
        // On disk (the store) before the screen says so.
        #expect(f.store.journals[f.daycare.today]?.last?.done == true)
        #expect(lines(runtime.render())[22] == " Aino: Get dressed done, +1")
        // A blank cell (not on Eero's board) does nothing.
        for key: Key in [.down, .right, .character(" ")] { runtime.handle(.key(key)) }
        #expect(f.store.journals[f.daycare.today]?.count == 1)
        runtime.handle(.key(.control("z")))
        #expect(try !f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        #expect(lines(runtime.render())[22] == " Undone: the tick of Get dressed for Aino")
    }

    /// Issue 26: the undo notice names what was taken back, a tick or an
    /// untick, for one child or a column, or an away or here: never the
    /// state it left ("Undone: Ällä Öhman: Wash hands not done" for an untick).
    @Test(arguments: ["en", "fi"])
    func undoSaysWhatItTookBack(_ language: String) throws {
        let f = try KioskFixture(language: language)
        let runtime = try f.runtime(admin: true)
        let english = language == "en"
        runtime.handle(.key(.character(" ")))      // Aino: Get dressed ticked
        runtime.handle(.key(.character(" ")))      // and unticked
        runtime.handle(.key(.control("z")))        // the untick undone: ticked again
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        #expect(lines(runtime)[22] == (english ? " Undone: the untick of Get dressed for Aino" : " Kumottu: tehty-merkinnän poisto (Aino: Get dressed)"))
        runtime.handle(.key(.control("z")))        // the tick undone
        #expect(try !f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        #expect(lines(runtime)[22] == (english ? " Undone: the tick of Get dressed for Aino" : " Kumottu: tehty-merkintä (Aino: Get dressed)"))
        runtime.handle(.key(.character("*")))      // Get dressed for both
        runtime.handle(.key(.character("*")))      // and taken back from both
        runtime.handle(.key(.control("z")))
        #expect(lines(runtime)[22] == (english ? " Undone: the untick of Get dressed for 2 children"
                                               : " Kumottu: tehty-merkintöjen poisto (Get dressed: 2 lasta)"))
        runtime.handle(.key(.control("z")))
        #expect(lines(runtime)[22] == (english ? " Undone: the tick of Get dressed for 2 children"
                                               : " Kumottu: tehty-merkinnät (Get dressed: 2 lasta)"))
        runtime.handle(.key(.character("-")))      // Aino away
        runtime.handle(.key(.control("z")))
        #expect(!f.daycare.isAway(f.aino))
        #expect(lines(runtime)[22] == (english ? " Undone: marking Aino away" : " Kumottu: poissaolomerkintä (Aino)"))
    }

    @Test func finishingTheWholeBoardIsCelebrated() throws {
        let f = try KioskFixture()
        // A goal the group does not reach with Aino's board alone.
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", goalPerChild: 10))
        let runtime = try f.runtime(admin: true)
        for key: Key in [.character(" "), .right, .character(" "), .right, .character(" ")] { runtime.handle(.key(key)) }
        // The status line is a banner in reverse video, centred; the sheet keeps every row (issue 41).
        let buffer = runtime.render()
        #expect(lines(buffer)[22].trimmingCharacters(in: .whitespaces) == "🎉 Hooray! Aino finished every task today! 🎉")
        #expect(buffer.styleLines[22].allSatisfy { $0 == "R" })
        #expect(!buffer.styleLines[21].allSatisfy { $0 == "R" })
        // Another tab ends it: it does not stay where it does not belong.
        runtime.handle(.key(.tab))
        #expect(runtime.state.notice == nil)
        #expect(!lines(runtime.render())[22].contains("Hooray"))
        #expect(f.daycare.points(.today)[f.aino] == 6)
    }

    /// Issue 25: the tick that brings a group to today's goal (3 points for
    /// each of Aino and Eero, the default) is celebrated with the group's name, once.
    @Test func reachingTheGroupsGoalIsCelebrated() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.character(" ")))   // Aino: Get dressed, 1 of 6
        #expect(!lines(runtime.render())[22].contains("goal"))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))   // Brush teeth, +2: 3 of 6
        #expect(!lines(runtime.render())[22].contains("goal"))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))   // Tidy the toys, +3: 6 of 6, and her board
        #expect(lines(runtime.render())[22].trimmingCharacters(in: .whitespaces)
                == "🎉 Hooray! Squirrels reached today's goal! Aino finished every task today! 🎉")
        // Eero's board after it is no new goal.
        for key: Key in [.down, .left, .left, .character(" ")] { runtime.handle(.key(key)) }
        #expect(lines(runtime.render())[22].trimmingCharacters(in: .whitespaces) == "🎉 Hooray! Eero Äijälä finished every task today! 🎉")
    }

    @Test func enterShowsTheNextGroupsSheet() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.enter))
        #expect(lines(runtime.render())[2] == "  🐻 Bears")
        #expect(lines(runtime.render())[4] == "  Bears: no children yet. Add them on the Groups tab.")
    }

    /// Issue 11: `*` ticks the cursor's task for the whole group, one status
    /// line says what was saved, `*` again takes it back from all, and undo
    /// takes the whole column back in one step.
    @Test func starTicksTheColumnForTheWholeGroup() throws {
        let f = try KioskFixture()
        try f.daycare.perform(.addToBoard(f.tasks[1], child: f.eero))
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.right))                      // Brush teeth (+2)
        runtime.handle(.key(.character("*")))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[1]) && f.daycare.isDone(child: f.eero, task: f.tasks[1]))
        #expect(lines(runtime.render())[22] == " Brush teeth: 2 children, +4")
        runtime.handle(.key(.character("*")))
        #expect(try !f.daycare.isDone(child: f.aino, task: f.tasks[1]) && !f.daycare.isDone(child: f.eero, task: f.tasks[1]))
        #expect(lines(runtime.render())[22] == " Brush teeth taken back: 2 children, −4")
        // One child already has it: `*` ticks the other, and undo takes only that back.
        runtime.handle(.key(.character(" ")))             // Aino
        runtime.handle(.key(.character("*")))
        #expect(lines(runtime.render())[22] == " Brush teeth: 1 child, +2")
        runtime.handle(.key(.control("z")))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[1]) && !f.daycare.isDone(child: f.eero, task: f.tasks[1]))
        #expect(lines(runtime.render())[22].hasPrefix(" Undone: the tick of Brush teeth for 1 child"))
    }

    /// The issue's count: one task for a 25-child group with three already
    /// away and two exceptions (the 9th and the 22nd child), from the Mark
    /// tab with the cursor in the task's column, in at most 8 keys. A letter
    /// goes to the next child whose name starts with it.
    @Test func aWholeGroupWithThreeAwayAndTwoExceptionsInFiveKeys() throws {
        let f = try KioskFixture()
        let group = f.daycare.roster.groups[1].id
        let names = (1...25).map { String(format: "Child %02d", $0) }.enumerated().map { index, name in
            index == 8 ? "Niko" : index == 21 ? "Saara" : name
        }
        for name in names { try f.daycare.perform(.addChild(name: name, avatar: "🐻", group: group)) }
        let children = f.daycare.roster.children(in: group)
        for child in children { try f.daycare.perform(.addToBoard(f.tasks[0], child: child.id)) }
        for index in [2, 13, 24] { try f.daycare.setAway(child: children[index].id, away: true) }
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.enter))                      // Bears, the cursor on the task's column
        var keys = 0
        func press(_ key: Key) { runtime.handle(.key(key)); keys += 1 }
        press(.character("*"))
        #expect(lines(runtime.render())[22] == " Get dressed: 22 children, +22. 22 boards finished!")
        press(.character("n")); press(.character(" "))
        press(.character("s")); press(.character(" "))
        let marks = try f.daycare.marks(on: f.daycare.today)
        let done = children.filter { marks.isDone($0.id, f.tasks[0]) }.map(\.name)
        #expect(done.count == 20 && !done.contains("Niko") && !done.contains("Saara"))
        #expect(!done.contains(children[2].name) && !done.contains(children[13].name) && !done.contains(children[24].name))
        #expect(keys <= 8)
    }

    /// `-` marks the cursor's child away (the row dimmed, "away" for its
    /// count) and again here; the status line says which.
    @Test func minusMarksAChildAwayAndHereAgain() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(admin: true)
        runtime.handle(.key(.down))                       // Eero
        runtime.handle(.key(.character("-")))
        #expect(f.daycare.isAway(f.eero))
        var screen = lines(runtime.render())
        #expect(screen[22] == " Eero Äijälä is away today.")
        #expect(screen[5].hasSuffix("away"), "\(screen[5])")
        #expect(screen[23].contains("- here"))
        runtime.handle(.key(.character("-")))
        #expect(!f.daycare.isAway(f.eero))
        screen = lines(runtime.render())
        #expect(screen[22] == " Eero Äijälä is here today.")
        #expect(screen[5].hasSuffix("0/1"))
    }
}

/// The style layer of the day sheet: what shows without colour.
@Suite struct MarkSheetStyleTests {
    @Test func theCursorIsReversedDoneIsBoldAndTheRestPlain() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[1])
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        let styles = runtime.render().styleLines
        // Aino's row: her name in her (plain, no colour) style, the cursor cell
        // reversed (13 columns), the done cell bold, the other cell plain.
        let row = Array(styles[4])
        #expect(String(row[17..<30]) == String(repeating: "R", count: 13))
        #expect(row[30] == "." && row[37] == "B" && row[51] == ".")
        // The active tab and the hint bar are reversed; the title is bold.
        #expect(styles[0].hasPrefix("RRRRRR."))
        #expect(styles[2].hasPrefix("..BB"))
        #expect(styles[23].allSatisfy { $0 == "R" || $0 == "B" })
    }
}

/// One child at a time: chosen with v, and always on a narrow screen.
@Suite struct MarkOneChildTests {
    @Test func aNarrowScreenShowsOneChildAndArrowsWalkTheBoardAndTheChildren() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(44, admin: true)
        #expect(runtime.state.showsOneChild)
        for key: Key in [.down, .character(" ")] { runtime.handle(.key(key)) }
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[1]))
        let screen = lines(runtime.render())
        #expect(screen[3] == "  ◂ 🦊 Aino ▸  1/3")
        #expect(screen[5] == "   ○ 👕 Get dressed +1")
        #expect(screen[6] == "   ✔ 🪥 Brush teeth +2")
        runtime.handle(.key(.right))
        #expect(lines(runtime.render())[3] == "  ◂ 🐢 Eero Äijälä ▸  0/1")
    }

    @Test func theViewKeySwitchesOnAWideScreen() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(80, admin: true)
        #expect(!runtime.state.showsOneChild)
        // v is a letter of a name here: Ctrl-V switches.
        runtime.handle(.key(.character("v")))
        #expect(!runtime.state.showsOneChild)
        runtime.handle(.key(.control("v")))
        #expect(runtime.state.showsOneChild)
        runtime.handle(.key(.control("v")))
        #expect(!runtime.state.showsOneChild)
    }
}
