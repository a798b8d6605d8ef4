import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Drawing reads and never writes; what it cannot read it says.
@Suite struct PureRenderTests {
    private let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 50, height: 16), Size(width: 120, height: 40)]

    @Test func drawingEveryScreenWritesNothingEvenPastMidnight() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        let scenes = try KioskScenes(f)
        // Past midnight in Helsinki: a drawing that moved the day would save
        // the summary and make a backup; every write fails from here on.
        f.clock.advance(by: 14 * 3600)
        faulty.failWrites = true
        let before = faulty.writeAttempts
        let screen = f.screen()
        for (_, state, _) in scenes.states {
            for size in sizes {
                var sized = state
                sized.size = size
                _ = screen.render(sized, over: f.daycare)
            }
        }
        #expect(faulty.writeAttempts == before)
    }

    /// Issue 28: a tick that may be on disk is never said as "Not saved".
    @Test(arguments: ["en", "fi"])
    func aTickThatMayBeOnDiskIsSaidSo(_ language: String) throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(language: language, faulty: faulty)
        let runtime = try f.runtime(80, 24, admin: true)
        faulty.uncertainAppends = true
        runtime.handle(.key(.character(" ")))
        let status = lines(runtime)[22]
        #expect(status.hasPrefix(language == "en" ? " Perhaps saved, perhaps not: fdatasync failed" : " Ehkä tallennettu, ehkä ei: fdatasync failed"),
                "\(status)")
        #expect(runtime.state.notice?.isProblem == true)
    }

    @Test func aJournalThatCannotBeReadShowsAsAnErrorNotAsAnEmptyBoard() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        // A new day whose journal cannot be read.
        faulty.unreadableDay = f.daycare.today.advanced(by: 1)
        f.clock.advance(by: 14 * 3600)
        runtime.handle(.tick(f.clock.now()))
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
        #expect(runtime.state.tasks.step == .board(f.aino))
        let board = runtime.render().textLines.joined(separator: "\n")
        #expect(board.contains("Could not read today's marks: the disk is full"))
        #expect(!board.contains("0 / 3"))
        runtime.logIn()
        #expect(runtime.state.side == .admin(.mark))
        #expect(runtime.render().textLines.joined(separator: "\n").contains("Could not read today's marks: the disk is full"))
    }
}
