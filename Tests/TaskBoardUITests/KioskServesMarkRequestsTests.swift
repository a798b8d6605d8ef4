import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

@Suite("The kiosk applies ticks that taskboard mark hands to it")
struct KioskServesMarkRequestsTests {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "marks/2026-11-22.jsonl: the disk is full" }
    }

    @Test func anAppliedTickShowsOnTheStatusLine() throws {
        let fixture = try KioskFixture()
        var pending: [Result<HandedChange, Error>] = [.success(.mark(try fixture.daycare.toggle(child: fixture.aino, task: fixture.tasks[1])))]
        let runtime = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: 80, height: 24),
                                   serveRequests: { _ in defer { pending = [] }; return pending })
        runtime.handle(.tick(fixture.clock.now()))
        #expect(runtime.render().textLines.contains { $0.contains("Aino: Brush teeth done, +2") })
    }

    @Test func aRefusalIsTheCommandsBusinessButAFailedSaveIsShownAndLogged() throws {
        let fixture = try KioskFixture()
        var logged: [String] = []
        var pending: [Result<HandedChange, Error>] = [.failure(TaskBoardError.taskNotOnBoard(task: "Eat lunch", child: "Aino"))]
        let runtime = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: 80, height: 24),
                                   log: { logged.append($0) }, serveRequests: { _ in defer { pending = [] }; return pending })
        runtime.handle(.tick(fixture.clock.now()))
        #expect(runtime.state.notice == nil)
        #expect(logged.isEmpty)
        pending = [.failure(DiskFull())]
        runtime.handle(.tick(fixture.clock.now()))
        #expect(runtime.state.notice == .saveFailed("marks/2026-11-22.jsonl: the disk is full"))
        #expect(logged == ["taskboard mark: marks/2026-11-22.jsonl: the disk is full"])
    }
}
