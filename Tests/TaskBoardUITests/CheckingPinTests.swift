import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Checking a PIN hashes it slowly on purpose (a fraction of a second): the
/// key that asks for it gets a frame saying so first, not a frozen screen.
@Suite struct CheckingPinTests {
    private final class Frames {
        var all: [ScreenBuffer] = []
        var statusLines: [String] { all.map { $0.textLines[22] } }
    }

    private func kiosk(_ f: KioskFixture, _ frames: Frames) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.drawNow = { frames.all.append($0) }
        return runtime
    }

    @Test func theLoginKeyDrawsCheckingThePinBeforeTheHash() throws {
        let f = try KioskFixture()
        let frames = Frames()
        let runtime = try kiosk(f, frames)
        for _ in 0..<3 where runtime.state.side != .child(.admin) { runtime.handle(.key(.tab)) }
        for c in String(runtime.state.pin.check.number) { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        #expect(frames.all.isEmpty, "the grown-up check hashes nothing")
        for c in "1111" { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        #expect(frames.statusLines.count == 1)
        #expect(frames.statusLines.first?.hasPrefix(" Checking the PIN…") == true, "\(frames.statusLines)")
        // Then the answer, in place of it.
        #expect(runtime.render().textLines[22].hasPrefix(" Wrong PIN. 4 tries left."), "\(runtime.render().textLines[22])")
    }

    @Test func aProblemShownInTheFormLeavesTheStatusLineAsItWas() throws {
        let f = try KioskFixture()
        let frames = Frames()
        let runtime = try kiosk(f, frames)
        runtime.logIn()
        #expect(frames.statusLines.count == 1)
        // Settings: change the PIN, with a wrong current PIN: checked at once,
        // before a new one is asked for; the form says why.
        while runtime.state.side != .admin(.settings) { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.enter))
        for c in "1111" { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
        #expect(frames.statusLines.count == 2, "the current PIN is checked: \(frames.statusLines)")
        #expect(runtime.state.form?.purpose == .currentPin && runtime.state.form?.problem == .wrongPin)
        #expect(!runtime.render().textLines[22].contains("Checking the PIN"), "\(runtime.render().textLines[22])")
    }
}
