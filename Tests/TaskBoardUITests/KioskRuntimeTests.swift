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
        #expect(runtime.state.side == .child(.tasks))
        for event in [.key(.backTab)] + keys("1111") + [.key(.enter)] { runtime.handle(event) }
        #expect(runtime.state.notice == .wrongPin(triesLeft: 4))
        #expect(runtime.render().textLines[22].hasPrefix(" Wrong PIN. 4 tries left."))
        for event in keys("4829") + [.key(.enter)] { runtime.handle(event) }
        #expect(runtime.state.side == .admin(.mark))
        #expect(runtime.handle(.key(.character("Q"))) == false)
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
