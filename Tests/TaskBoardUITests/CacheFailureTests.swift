import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 9, findings 2 and 3: the summary is a cache. When it cannot be
/// saved (a full disk), the kiosk goes on, says so once, and still confirms
/// a tick that was saved.
@Suite struct CacheFailureTests {
    @Test func finding2_aNewDayOnAFullDiskStillShowsTheBoardWithABanner() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        var logged: [String] = []
        faulty.failSummaryWrites = true
        f.clock.set(f.clock.now().addingTimeInterval(86_400))
        // What a start on the next morning does: the summary moves to the new day and cannot be saved.
        let daycare = try Daycare(store: faulty, clock: f.clock, pinHasher: PinHasher(iterations: 1_000))
        #expect(daycare.cacheProblem != nil)
        let runtime = KioskRuntime(daycare: daycare, screen: KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: true)),
                                   size: Size(width: 80, height: 24), log: { logged.append($0) })
        #expect(runtime.state.notice == .cannotWrite("the disk is full"))
        #expect(runtime.render().textLines.joined().contains("The data disk cannot be written"))
        #expect(logged == ["summary not saved (a cache; nothing lost): the disk is full"])

        // A tick is still saved and confirmed, and the banner is not repeated.
        let change = try daycare.toggle(child: f.aino, task: f.tasks[0])
        #expect(change.done)
        #expect(try f.store.marks(on: daycare.today).count == 1)
        runtime.handle(.tick(f.clock.now()))
        #expect(logged.count == 1)
    }

    @Test func finding3_aTickOnADayLongAgoIsSavedWhenOnlyTheSummaryFails() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        let longAgo = f.daycare.today.advanced(by: -100)
        // The record of the pending change is saved, then the tick; only the summary after it fails.
        var saves = 0
        faulty.onSummarySave = {
            saves += 1
            if saves == 2 { throw FaultyStore.DiskFull() }
        }
        let change = try f.daycare.setMark(child: f.aino, task: f.tasks[0], done: true, on: longAgo)
        #expect(change?.pointsDelta == 1)
        #expect(f.daycare.cacheProblem != nil)
        #expect(try f.store.marks(on: longAgo).count == 1)
        // The next start finishes the pending change from the saved record: the point counts once.
        faulty.onSummarySave = nil
        let again = try Daycare(store: faulty, clock: f.clock, pinHasher: PinHasher(iterations: 1_000))
        #expect(again.points(.allTime)[f.aino] == 1)
    }
}
