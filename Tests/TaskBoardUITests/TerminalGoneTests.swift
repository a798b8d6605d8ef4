import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A kiosk whose terminal went away (a closed window, a killed tmux pane)
/// stops, instead of drawing and reading in a loop at full speed forever.
@Suite struct TerminalGoneTests {
    final class HungUpTerminal: Terminal {
        let size = Size(width: 80, height: 24)
        var reads = 0
        func draw(_ buffer: ScreenBuffer) {}
        func nextEvent(timeout: TimeInterval) -> InputEvent? {
            reads += 1
            return nil
        }
        /// Gone after a few quiet seconds, as a hung-up tty reads.
        var isGone: Bool { reads >= 3 }
    }

    @Test func theLoopEndsWhenTheTerminalIsGone() throws {
        let f = try KioskFixture()
        var logged: [String] = []
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), log: { logged.append($0) })
        let terminal = HungUpTerminal()
        try runtime.run(on: terminal)
        #expect(terminal.reads == 3)
        #expect(logged == ["the terminal is gone (hung up); stopping"])
    }
}
