import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

@Suite("A viewer: the child side only, never writing, following the kiosk")
struct ViewerTests {
    @Test func theAdminTabTakesNoPinAndNothingIsWritten() throws {
        let fixture = try KioskFixture()
        let writesBefore = fixture.store.writes
        let runtime = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: 80, height: 24),
                                   viewerChanges: { _ in [] })
        #expect(runtime.state.side == .child(.tasks))
        runtime.handle(.key(.backTab))
        #expect(runtime.state.side == .child(.admin))
        for key in "4793" { runtime.handle(.key(.character(key))) }
        runtime.handle(.key(.enter))
        let text = runtime.render().textLines.joined(separator: "\n")
        #expect(text.contains("This screen only shows the board; nothing can be changed here."))
        #expect(!text.contains("PIN:"))
        #expect(runtime.state.side == .child(.admin))
        #expect(fixture.store.writes == writesBefore)
    }

    @Test func aViewerNeverAsksForAFirstPin() throws {
        let fixture = try KioskFixture()
        #expect(!fixture.daycare.pin.isSet)
        let kiosk = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: 80, height: 24))
        #expect(kiosk.state.side == .firstStart)
        let viewer = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: 80, height: 24),
                                  viewerChanges: { _ in [] })
        #expect(viewer.state.side == .child(.tasks))
    }

    @Test func aTickShowsWhatTheKioskChanged() throws {
        let shown = try KioskFixture()
        // The kiosk beside it, a moment later: Aino has brushed her teeth (2 points).
        let kiosk = try Daycare(store: shown.store, clock: shown.clock, pinHasher: PinHasher(iterations: 1_000))
        try kiosk.toggle(child: shown.aino, task: shown.tasks[1])
        var pending: Set<StoreChange> = [.marks(shown.daycare.today)]
        var asked: [Day] = []
        let runtime = KioskRuntime(daycare: shown.daycare, screen: shown.screen(), size: Size(width: 80, height: 24),
                                   viewerChanges: { day in asked.append(day); defer { pending = [] }; return pending })
        runtime.handle(.key(.tab))
        #expect(asked.isEmpty, "a key asked the files")
        #expect(Self.points(of: "Aino", on: runtime.render()) == "0")
        runtime.handle(.tick(shown.clock.now()))
        #expect(asked == [shown.daycare.today], "asked with the day shown")
        #expect(runtime.daycare === shown.daycare)
        #expect(Self.points(of: "Aino", on: runtime.render()) == "2")
    }

    /// The last word on the leaderboard row that names the child.
    static func points(of name: String, on screen: ScreenBuffer) -> String? {
        screen.textLines.first { $0.contains(name) }?.split(separator: " ").last.map(String.init)
    }
}
