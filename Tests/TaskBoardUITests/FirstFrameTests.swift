import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 13: the kiosk's first frame needs only the roster and the settings,
/// so it is drawn before the marks are read (most of the start on a daycare
/// with a year behind it) and before the daily backup.
@Suite struct FirstFrameTests {
    /// Records what is drawn; says the terminal is gone at the first read.
    private final class RecordingTerminal: Terminal {
        let size = Size(width: 80, height: 24)
        var frames: [ScreenBuffer] = []
        var reads = 0
        var isGone: Bool { true }
        func draw(_ buffer: ScreenBuffer) { frames.append(buffer) }
        func nextEvent(timeout: TimeInterval) -> InputEvent? {
            reads += 1
            return nil
        }
    }

    /// The fixture with a tick today, over a store that can fail.
    private func fixture() throws -> (KioskFixture, FaultyStore) {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        return (f, faulty)
    }

    private func runtime(_ f: KioskFixture, over daycare: Daycare, log: @escaping (String) -> Void = { _ in }) -> KioskRuntime {
        KioskRuntime(daycare: daycare, screen: KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: true)),
                     size: Size(width: 80, height: 24), log: log)
    }

    @Test func theFirstFrameIsDrawnBeforeADamagedJournalStopsTheRun() throws {
        let (f, faulty) = try fixture()
        let today = f.daycare.today
        faulty.unreadableDay = today
        // Read at once, today's journal stops the start before any frame.
        #expect(throws: FaultyStore.DiskFull.self) { try Daycare(store: faulty, clock: f.clock) }

        let later = try Daycare(store: faulty, clock: f.clock, marksLater: true)
        let terminal = RecordingTerminal()
        #expect(throws: FaultyStore.DiskFull.self) { try runtime(f, over: later).run(on: terminal) }
        #expect(terminal.frames.count == 1)
        let first = terminal.frames.first?.textLines.joined(separator: "\n") ?? ""
        #expect(first.contains("Choose your group"), "\(first)")
        #expect(terminal.reads == 0, "no key is read over marks that could not be read")
    }

    @Test func theMarksAndTheBackupWaitForFinishOpening() throws {
        let (f, faulty) = try fixture()
        let eager = try Daycare(store: faulty, clock: f.clock)
        let writes = faulty.writeAttempts
        faulty.unreadableDay = f.daycare.today
        let later = try Daycare(store: faulty, clock: f.clock, marksLater: true)
        #expect(faulty.writeAttempts == writes, "the daily backup waits too")
        #expect(throws: FaultyStore.DiskFull.self) { try later.finishOpening() }

        faulty.unreadableDay = nil
        try later.finishOpening()
        #expect(faulty.writeAttempts == writes + 1, "the daily backup, once")
        try later.finishOpening()
        #expect(faulty.writeAttempts == writes + 1, "opened once only")
        #expect(try later.isDone(child: f.aino, task: f.tasks[0]))
        #expect(later.points(.today) == eager.points(.today))
    }

    @Test func aReadThatCannotFailReadsTheMarksItself() throws {
        let (f, faulty) = try fixture()
        let later = try Daycare(store: faulty, clock: f.clock, marksLater: true)
        #expect(later.points(.today) == [f.aino: 1])
        #expect(later.leaderboard(.allGroups, .today).first?.points == 1)
        // The backup still comes with finishOpening, once.
        let writes = faulty.writeAttempts
        try later.finishOpening()
        try later.finishOpening()
        #expect(faulty.writeAttempts == writes + 1)
    }

    /// A leaderboard ranked while the marks could not be read shows no points; once they are read, it does.
    @Test func aLeaderboardRankedBeforeTheMarksCouldBeReadIsNotKept() throws {
        let (f, faulty) = try fixture()
        let later = try Daycare(store: faulty, clock: f.clock, marksLater: true)
        faulty.unreadableDay = later.today
        #expect(later.leaderboard(.allGroups, .today).allSatisfy { $0.points == 0 })
        faulty.unreadableDay = nil
        try later.finishOpening()
        #expect(later.leaderboard(.allGroups, .today).first?.points == 1)
    }

    /// The other languages' texts are read after the first frame too; one
    /// that cannot be read stops the run as a damaged journal does.
    @Test func theOtherLanguagesAreReadAfterTheFirstFrame() throws {
        let (f, faulty) = try fixture()
        struct Unreadable: Error {}
        let later = try Daycare(store: faulty, clock: f.clock, marksLater: true)
        var asked = 0
        let terminal = RecordingTerminal()
        let runtime = KioskRuntime(daycare: later, screen: KioskScreen(strings: f.strings, theme: Theme(color: false, unicode: true)),
                                   size: Size(width: 80, height: 24), otherLanguages: {
                                       asked += 1
                                       #expect(terminal.frames.count == 1, "read after the first frame")
                                       throw Unreadable()
                                   })
        #expect(asked == 0)
        #expect(throws: Unreadable.self) { try runtime.run(on: terminal) }
        #expect(asked == 1)
        #expect(terminal.reads == 0)
    }

    @Test func theRunLogsABackupThatFailedOnceTheBoardIsUp() throws {
        let (f, faulty) = try fixture()
        faulty.failWrites = true
        let later = try Daycare(store: faulty, clock: f.clock, marksLater: true)
        var logged: [String] = []
        let terminal = RecordingTerminal()
        try runtime(f, over: later, log: { logged.append($0) }).run(on: terminal)
        #expect(logged == ["backup failed: the disk is full", "the terminal is gone (hung up); stopping"])
        #expect(terminal.frames.count >= 2, "the first frame, then the loop's")
    }

    /// The backup made at the day's change, while the kiosk runs, is logged
    /// when it fails too: once, not on every look after it.
    @Test func aBackupThatFailsAtTheDaysChangeIsLoggedOnce() throws {
        let (f, faulty) = try fixture()
        let daycare = try Daycare(store: faulty, clock: f.clock)
        var logged: [String] = []
        let runtime = runtime(f, over: daycare, log: { logged.append($0) })
        faulty.failBackups = true
        runtime.handle(.tick(f.clock.now()))
        #expect(logged.isEmpty, "the day has not changed: no backup yet")
        f.clock.advance(by: 15 * 3600)
        for _ in 0..<3 { runtime.handle(.tick(f.clock.now())) }
        #expect(logged == ["backup failed: the disk is full"])
    }
}
