import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The status line: it fades, it warns before the idle logout, and it says
/// afterwards what happened.
@Suite struct StatusLineTests {
    private func admin(_ f: KioskFixture) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        f.store.settings?.idleLogoutMinutes = 2
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        return runtime
    }

    private func wait(_ runtime: KioskRuntime, _ f: KioskFixture, _ seconds: Int) {
        for _ in 0..<seconds {
            f.clock.advance(by: 1)
            runtime.handle(.tick(f.clock.now()))
        }
    }

    private func status(_ runtime: KioskRuntime) -> String {
        String(runtime.render().textLines[22].reversed().drop { $0 == " " }.reversed())
    }

    @Test func aConfirmationFadesAfterSomeSecondsAProblemLater() throws {
        let f = try KioskFixture()
        let runtime = try admin(f)
        runtime.handle(.key(.character(" ")))
        #expect(status(runtime) == " Aino: Get dressed done, +1")
        wait(runtime, f, 5)
        #expect(status(runtime) == " Aino: Get dressed done, +1")
        wait(runtime, f, 5)
        #expect(status(runtime).isEmpty)
        // A problem stays longer. (Ctrl-L: on the Mark sheet letters go to names.)
        runtime.handle(.key(.control("l")))
        runtime.logIn(pin: "1357")
        #expect(status(runtime) == " Wrong PIN. 4 tries left.")
        wait(runtime, f, 20)
        #expect(status(runtime) == " Wrong PIN. 4 tries left.")
        wait(runtime, f, 11)
        #expect(status(runtime).isEmpty)
    }

    @Test func theIdleLogoutCountsDownThenSaysWhatHappened() throws {
        let f = try KioskFixture()
        let runtime = try admin(f)
        wait(runtime, f, 100)
        #expect(status(runtime).isEmpty)
        wait(runtime, f, 10)
        #expect(status(runtime) == " Logging out in 10 s.")
        wait(runtime, f, 10)
        #expect(runtime.state.side == .child(.tasks))
        #expect(status(runtime) == " Logged out automatically after 2 min.")
    }

    @Test func aHalfTypedFormLostToTheIdleLogoutIsSaid() throws {
        let f = try KioskFixture()
        let runtime = try admin(f)
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.character("+")))
        for c in "Sing" { runtime.handle(.key(.character(c))) }
        wait(runtime, f, 120)
        #expect(runtime.state.side == .child(.tasks))
        #expect(status(runtime) == " Logged out automatically after 2 min. The open form was not saved.")
        #expect(f.daycare.roster.tasks.allSatisfy { $0.name != "Sing" })
    }

    /// Issue 9, finding 9: the idle time is measured on a clock that only
    /// moves forward, so setting the wall clock back keeps nobody logged in.
    @Test func finding9_theIdleLogoutHappensAfterTheClockIsSetBack() throws {
        let f = try KioskFixture()
        let runtime = try admin(f)
        f.clock.set(f.clock.now().addingTimeInterval(-24 * 3600))
        runtime.handle(.tick(f.clock.now()))
        wait(runtime, f, 119)
        #expect(runtime.state.side == .admin(.mark))
        wait(runtime, f, 1)
        #expect(runtime.state.side == .child(.tasks))
    }
}
