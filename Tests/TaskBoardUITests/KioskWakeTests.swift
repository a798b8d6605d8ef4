import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// An idle kiosk sleeps until the next moment its screen changes by itself
/// (issue 44): a minute on the wall clock, the child side's fresh start,
/// the admin side's idle logout, a notice's end, a countdown's next second.
@Suite struct KioskWakeTests {
    /// 10:00:15 in Helsinki (08:00:15 UTC), Sunday 2026-11-22.
    static let now = Date(timeIntervalSince1970: 1_795_334_415)

    func state(side: KioskState.Side = .child(.tasks), lastInput: TimeInterval = 0) -> KioskState {
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true, uptime: lastInput)
        state.side = side
        return state
    }

    func seconds(_ state: KioskState, uptime: TimeInterval, now: Date = now, idle: Int = 5, lockedUntil: Date? = nil) -> TimeInterval {
        KioskWake.seconds(for: state, now: now, uptime: uptime, idleLogoutMinutes: idle, lockedUntil: lockedUntil)
    }

    @Test func anIdleChildSideWakesOnTheNextMinute() {
        // Long after the last key: the fresh start is made; the clock's next minute is 45 s away.
        #expect(abs(seconds(state(), uptime: 500) - 45) < 0.01)
        // Exactly on a minute: a whole minute.
        #expect(abs(seconds(state(), uptime: 500, now: Self.now - 15) - 60) < 0.01)
    }

    /// Equal to the moment plus the margin that keeps a look from coming a hair early.
    func isAbout(_ seconds: TimeInterval, _ expected: TimeInterval) -> Bool {
        abs(seconds - expected) < 0.01
    }

    @Test func aChildSideLooksAgainWhenItsFreshStartIsDue() {
        // 20 s after a key: the fresh start comes in 40 s, before the minute (45 s).
        #expect(isAbout(seconds(state(lastInput: 100), uptime: 120), 40))
    }

    @Test func theAdminSideWakesForItsIdleWarningThenEachSecondToTheLogout() {
        // 5 minutes' logout: 240 s after the last key, the countdown starts in 45 s.
        #expect(isAbout(seconds(state(side: .admin(.mark), lastInput: 10), uptime: 250), 45))
        // 10.5 s left: the status line shows 11, then 10 half a second later.
        #expect(isAbout(seconds(state(side: .admin(.mark), lastInput: 10), uptime: 299.5), 0.5))
        #expect(isAbout(seconds(state(side: .admin(.mark), lastInput: 10), uptime: 300), 1))
        // Past it: at once.
        #expect(seconds(state(side: .admin(.mark), lastInput: 10), uptime: 400) == 0)
    }

    @Test func aNoticeIsLookedAtAtOnceThenAtItsEnd() {
        var shown = state(lastInput: 0)
        shown.notice = .pinSet
        #expect(seconds(shown, uptime: 500) == 0, "its time starts at the first look")
        shown.noticeSince = 497
        #expect(isAbout(seconds(shown, uptime: 500), 5), "a notice shows 8 seconds")
    }

    @Test func aLockoutNoticeThatOutlastsItsLockoutDoesNotSpin() {
        var shown = state(lastInput: 0)
        shown.notice = .locked(until: Self.now - 3)
        shown.noticeSince = 495
        // Its 30 s end, not a look at once again and again.
        #expect(isAbout(seconds(shown, uptime: 500), 25))
    }

    @Test func aLockoutCountsDownByTheSecond() {
        let until = Self.now + 299.25
        var login = state(side: .child(.admin), lastInput: 0)
        #expect(abs(seconds(login, uptime: 500, lockedUntil: until) - 0.25) < 0.01)
        // The same countdown on the status line, from another tab.
        login.side = .child(.tasks)
        login.notice = .locked(until: until)
        login.noticeSince = 499
        #expect(abs(seconds(login, uptime: 500) - 0.25) < 0.01)
    }

    @Test func theGrownUpCheckWakesWhenItsWaitEnds() {
        var login = state(side: .child(.admin), lastInput: 0)
        _ = login.pin.check.answer(at: 499.5)  // wrong: a second's wait
        #expect(isAbout(seconds(login, uptime: 500), 0.5))
    }

    /// A terminal where no key comes: each wait lasts its whole timeout,
    /// on the fixture's clock, until `minutes` have passed.
    final class QuietTerminal: Terminal {
        let size = Size(width: 80, height: 24)
        let clock: FixedClock
        let until: TimeInterval
        var waits: [TimeInterval] = []
        var frames: [[String]] = []
        /// Keys given first, one per wait.
        var keys: [Key]

        init(clock: FixedClock, minutes: Double, keys: [Key] = []) {
            self.clock = clock
            until = clock.uptime() + minutes * 60
            self.keys = keys
        }

        func draw(_ buffer: ScreenBuffer) { frames.append(lines(buffer)) }
        func nextEvent(timeout: TimeInterval) -> InputEvent? {
            if !keys.isEmpty { return .key(keys.removeFirst()) }
            waits.append(timeout)
            clock.advance(by: min(timeout, 3600))
            return nil
        }
        var isGone: Bool { keys.isEmpty && clock.uptime() >= until }
    }

    @Test func fiveMinutesIdleAreAHandfulOfWakeUps() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime()
        // A child opens their board (the group, then the first child), then nobody touches the kiosk.
        let terminal = QuietTerminal(clock: f.clock, minutes: 5, keys: [.enter, .enter])
        try runtime.run(on: terminal)
        // Every second until now; asleep now: the fresh start after a minute, then each minute.
        #expect(terminal.waits.count <= 7, "\(terminal.waits)")
        #expect(runtime.state.tasks.step != .board(f.aino) && runtime.state.tasks.opened == nil, "the board closed for the next child")
        // The board closed a minute after the last key, not at a later wake.
        let closed = try #require(terminal.frames.firstIndex { $0.joined().contains("Who are you") && !$0.joined().contains("Brush teeth") })
        #expect(closed > 0)
        #expect(terminal.waits.first.map { $0 <= Kiosk.childSideIdleSeconds + 0.01 } == true)
    }

    @Test func aNoticeGoesAfterItsSecondsWithoutAKey() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime()
        runtime.announce(.pinSet)
        let terminal = QuietTerminal(clock: f.clock, minutes: 0.5)
        try runtime.run(on: terminal)
        #expect(runtime.state.notice == nil)
        // A look at once (its time starts), one at its end, then the clock's minute.
        #expect(terminal.waits.first == 0 && terminal.waits.dropFirst().first.map { isAbout($0, Notice.pinSet.seconds) } == true,
                "\(terminal.waits)")
    }
}
