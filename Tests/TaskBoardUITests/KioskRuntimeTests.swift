import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The runtime performs effects on a real Daycare and shows their outcome.
@Suite struct KioskRuntimeTests {
    private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    @Test func firstStartSetsThePinThenTheAdminLoginChecksIt() throws {
        let f = try KioskFixture()
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        #expect(runtime.state.side == .firstStart)
        for event in keys("4829") + [.key(.enter)] + keys("4829") + [.key(.enter)] { runtime.handle(event) }
        #expect(f.daycare.pin.isSet)
        #expect(f.store.pin?.hash != nil)
        // Whoever set the PIN is the grown-up: the admin side asks the open days.
        #expect(runtime.state.side == .admin(.mark))
        #expect(runtime.render().textLines.joined().contains("Which days is it open?"))
        runtime.handle(.key(.enter))
        #expect(f.daycare.settings.closedWeekdays == [6, 7])
        #expect(runtime.state.side == .admin(.mark), "groups there already: no form for the first")
        runtime.handle(.key(.control("l")))
        runtime.logIn(pin: "1111")
        #expect(runtime.state.notice == .wrongPin(triesLeft: 4))
        #expect(runtime.render().textLines[22].hasPrefix(" Wrong PIN. 4 tries left."))
        runtime.logIn()
        #expect(runtime.state.side == .admin(.mark))
        // On the Mark sheet q is a letter of a name; Ctrl-Q asks to quit.
        #expect(runtime.handle(.key(.character("q"))))
        #expect(!runtime.render().textLines.joined().contains("Quit the task board?"))
        #expect(runtime.handle(.key(.control("q"))))
        #expect(runtime.render().textLines.joined().contains("Quit the task board?"))
        #expect(runtime.handle(.key(.enter)) == false)
    }

    /// Logging out starts the child side afresh, as a minute alone does: the
    /// board the last child left open before the grown-up came is not the
    /// next child's screen (before, it came back, a month view too).
    @Test func loggingOutStartsTheChildSideAfresh() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.handle(.key(.enter))
        // A child's fresh start, as after a minute alone: "Who are you?" in the room's group.
        let fresh = runtime.render().textLines
        #expect(fresh.joined().contains("Who are you?"))
        runtime.handle(.key(.enter))
        let board = runtime.render().textLines
        #expect(board != fresh, "a child's board is open")
        runtime.logIn()
        #expect(runtime.state.side == .admin(.mark))
        runtime.handle(.key(.control("l")))
        #expect(runtime.state.side == .child(.tasks))
        #expect(runtime.render().textLines == fresh)
    }

    @Test func inKioskModeCtrlCNeverQuitsButWithoutItItDoes() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let kiosk = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        for key: Key in [.control("c"), .control("z"), .control("\\"), .character("q"), .escape] {
            #expect(kiosk.handle(.key(key)))
        }
        let testing = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), kiosk: false)
        #expect(testing.handle(.key(.control("c"))) == false)
    }

    @Test func theScreenMovesToTheNewDayAtMidnightWithoutAKey() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        #expect(runtime.render().textLines[0].contains("Sunday 22/11/2026"))
        f.clock.advance(by: 14 * 3600)  // 00:00 on Monday in Helsinki
        runtime.handle(.tick(f.clock.now()))
        #expect(runtime.render().textLines[0].contains("Monday 23/11/2026"))
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let f = try KioskFixture()
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.handle(.resize(Size(width: 120, height: 40)))
        #expect(runtime.render().size == Size(width: 120, height: 40))
        runtime.handle(.resize(Size(width: 1, height: 1)))
        #expect(runtime.render().textLines.count == 1)
    }
}

/// Five wrong PINs lock the entry; the screen says for how long and counts down.
@Suite struct LockoutScreenTests {
    @Test func fiveWrongPinsLockTheEntryWithACountdownThatSurvivesARestart() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        for attempt in 1...5 {
            runtime.logIn(pin: "1357")
            if attempt == 4 { #expect(runtime.state.notice == .wrongPin(triesLeft: 1)) }
        }
        let lines = runtime.render().textLines
        #expect(lines[4].hasPrefix("  Too many wrong PINs. Try again in 1:00."))
        // The right PIN is not even checked while locked.
        runtime.logIn()
        #expect(runtime.state.side == .child(.admin))
        f.clock.advance(by: 30)
        runtime.handle(.tick(f.clock.now()))
        #expect(runtime.render().textLines[4].hasPrefix("  Too many wrong PINs. Try again in 0:30."))
        // A restart still shows the lock.
        let restarted = KioskRuntime(daycare: try Daycare(store: f.store, clock: f.clock, pinHasher: PinHasher(iterations: 1_000)),
                                     screen: f.screen(), size: Size(width: 80, height: 24))
        restarted.handle(.key(.backTab))
        #expect(restarted.render().textLines[4].hasPrefix("  Too many wrong PINs. Try again in 0:30."))
    }
}

@Suite struct DeleteChildConfirmationTests {
    @Test func deletingAChildSaysHowManyPointsGoWithIt() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        for event: InputEvent in [.key(.tab), .key(.tab)] { runtime.handle(event) }
        for key: Key in [.enter, .delete] { runtime.handle(.key(key)) }
        #expect(runtime.render().textLines[17].hasPrefix("    Aino: the child and 3 points will be deleted."))
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.child(f.aino) == nil)
    }
}
