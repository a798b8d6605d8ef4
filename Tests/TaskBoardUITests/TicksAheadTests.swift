import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 38: ticks made while the clock was a day ahead land on a day still
/// to come, where no board shows them. The kiosk says so, at start and once
/// the clock is set back, in the log and on the status line, with what an
/// adult runs; never twice for the same days.
@Suite struct TicksAheadTests {
    @Test func aKioskStartedAfterTheClockWasAheadSaysWhichDayAndWhatToRun() throws {
        let f = try KioskFixture()
        let today = f.daycare.today
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        f.clock.set(f.clock.now().addingTimeInterval(86_400))
        _ = try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        f.clock.set(f.clock.now().addingTimeInterval(-86_400))

        // The next start, with the clock right again.
        let daycare = try Daycare(store: f.store, clock: f.clock, pinHasher: PinHasher(iterations: 1_000))
        #expect(daycare.today == today)
        #expect(daycare.daysTickedAhead == [today.advanced(by: 1)])
        var logged: [String] = []
        let runtime = KioskRuntime(daycare: daycare, screen: f.screen(), size: Size(width: 120, height: 24), log: { logged.append($0) })
        #expect(runtime.state.notice == .tickedAhead([today.advanced(by: 1)]))
        #expect(lines(runtime).contains(" Clock was ahead: ticks saved for 23/11/2026. Run taskboard check --repair."))
        #expect(logged == ["ticks saved for 2026-11-23 while the clock was ahead (today is 2026-11-22): no board shows them; "
                           + "taskboard check --repair keeps them aside with the commands that count them on their day"])
        // Said once: the next events do not say it again.
        runtime.handle(.tick(f.clock.now()))
        runtime.handle(.tick(f.clock.now()))
        #expect(logged.count == 1)
    }

    @Test func aClockSetBackWhileRunningIsSaidAtTheDayChangeInFinnish() throws {
        let f = try KioskFixture(language: "fi")
        var logged: [String] = []
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 130, height: 24), log: { logged.append($0) })
        #expect(runtime.state.notice == nil)

        // Two days ahead, a tick on each; then the clock is put right.
        for _ in 1...2 {
            f.clock.set(f.clock.now().addingTimeInterval(86_400))
            runtime.handle(.tick(f.clock.now()))
            _ = try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        }
        #expect(logged.isEmpty)
        f.clock.set(f.clock.now().addingTimeInterval(-2 * 86_400))
        runtime.handle(.tick(f.clock.now()))
        let today = f.daycare.today
        #expect(runtime.state.notice == .tickedAhead([today.advanced(by: 1), today.advanced(by: 2)]))
        #expect(lines(runtime).contains(" Koneen kello oli edellä: merkintöjä tallentui 2 päivälle 23.11.2026 alkaen. Aja komento taskboard check --repair."))
        #expect(logged.count == 1)
        // Today's board does not count them.
        #expect(try f.daycare.marks(on: today).tally.points.isEmpty)

        // Once the clock reaches the first of them, only the second is still to come.
        f.clock.set(f.clock.now().addingTimeInterval(86_400))
        runtime.handle(.tick(f.clock.now()))
        #expect(runtime.state.notice == .tickedAhead([today.advanced(by: 2)]))
        #expect(logged.count == 2)
        f.clock.set(f.clock.now().addingTimeInterval(86_400))
        runtime.handle(.tick(f.clock.now()))
        #expect(f.daycare.daysTickedAhead.isEmpty)
        #expect(logged.count == 2)
    }
}
