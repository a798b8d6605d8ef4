import Foundation
import Testing
@testable import TaskBoard

@Suite struct FutureDayTests {
    @Test func aMarkForADayThatHasNotComeIsRefused() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        let tomorrow = Fixture.day("2026-11-24")
        #expect(throws: TaskBoardError.dayInFuture(tomorrow)) {
            try f.daycare.setMark(child: f.aino, task: f.dress, done: true, on: tomorrow)
        }
        #expect(f.store.journals[tomorrow] == nil)
        // Yesterday is fine: a correction.
        let change = try f.daycare.setMark(child: f.aino, task: f.dress, done: true, on: Fixture.day("2026-11-22"))
        #expect(change?.pointsDelta == 1)
        #expect(f.daycare.points(.allTime)[f.aino] == 1)
    }
}
