import Foundation
import Testing
@testable import TaskBoard

/// Eero's board in `Fixture.small` is "Get dressed" (1) and "Tidy the toys" (2).
@Suite struct ProgressStreakTests {
    @Test func doneOutOfTotalToday() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 0, total: 3, streak: 0))
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 1, total: 3, streak: 0))
        try f.daycare.toggle(child: f.aino, task: f.dress)
        let last = try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(last.finishedBoard == true)
        let full = try f.daycare.progress(of: f.aino)
        #expect(full == Progress(done: 3, total: 3, streak: 1))
        #expect(full.isComplete)
        let back = try f.daycare.toggle(child: f.aino, task: f.dress)
        #expect(back.finishedBoard == false)
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 2, total: 3, streak: 0))
        // Eero is untouched by Aino's ticks.
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 0, total: 2, streak: 0))
    }

    /// One truth for a tick: a task taken off a board takes today's tick and
    /// its points with it (no screen could show or untick it), and undo
    /// brings both back.
    @Test func aTaskTakenOffABoardTakesTodaysTickWithIt() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(try f.daycare.ticksTaken(by: .removeFromBoard(f.teeth, child: f.aino)).map(\.points) == [3])
        try f.daycare.perform(.removeFromBoard(f.teeth, child: f.aino))
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 0, total: 2, streak: 0))
        #expect(f.daycare.points(.today)[f.aino] ?? 0 == 0)
        #expect(try !f.daycare.isDone(child: f.aino, task: f.teeth))
        try f.daycare.undo()
        #expect(f.daycare.roster.child(f.aino)?.board.contains(f.teeth) == true)
        #expect(try f.daycare.isDone(child: f.aino, task: f.teeth))
        #expect(f.daycare.points(.today)[f.aino] == 3)
    }

    @Test func streakSkipsClosedDaysAndCountsTodayOnceComplete() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.finishEero()                     // Mon 11-02 complete
        #expect(try f.daycare.progress(of: f.eero).streak == 1)
        try f.at("2026-11-03"); try f.finishEero() // Tue complete
        try f.at("2026-11-04")                    // Wed: nobody ticks anything (closed)
        try f.at("2026-11-05"); try f.finishEero() // Thu complete
        try f.at("2026-11-06")                    // Fri, today
        // Not complete today: the streak that ended yesterday, still alive.
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 0, total: 2, streak: 3))
        try f.daycare.toggle(child: f.eero, task: f.dress)
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 1, total: 2, streak: 3))
        try f.daycare.toggle(child: f.eero, task: f.tidy)
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 2, total: 2, streak: 4))
        // A restart sees the same.
        #expect(try f.restarted().progress(of: f.eero).streak == 4)
    }

    @Test func aMissedActiveDayBreaksTheStreak() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.finishEero()                                   // Mon complete
        try f.at("2026-11-03"); try f.finishEero()         // Tue complete
        try f.at("2026-11-04")                             // Wed: Eero does only half...
        try f.daycare.toggle(child: f.eero, task: f.dress)
        try f.at("2026-11-05")                             // Thu: Eero nothing, Ville ticks
        #expect(try f.daycare.progress(of: f.eero).streak == 0)
        try f.daycare.toggle(child: f.ville, task: f.dress)
        try f.at("2026-11-06"); try f.finishEero()         // Fri complete
        try f.at("2026-11-07")
        #expect(try f.daycare.progress(of: f.eero).streak == 1)

        // Finishing, then taking a task back, leaves the day incomplete.
        try f.finishEero()
        #expect(try f.daycare.progress(of: f.eero).streak == 2)
        try f.daycare.toggle(child: f.eero, task: f.tidy)
        #expect(try f.daycare.progress(of: f.eero).streak == 1)
        try f.at("2026-11-08")
        #expect(try f.daycare.progress(of: f.eero).streak == 0)
    }

    @Test func aStreakLongerThanTheSummaryWindow() throws {
        let days = MarkSummary.windowLength + 18 // 60
        let first = Fixture.day("2026-01-05")
        let f = try Fixture.small(at: Fixture.instant("2026-01-05", 10, utcOffsetHours: 2))
        var restarts = 0
        for offset in 0..<days {
            let day = first.advanced(by: offset)
            // Noon UTC is the same local day in Helsinki, summer or winter.
            f.clock.set(Date(timeIntervalSince1970: TimeInterval(day.number * 86_400 + 12 * 3600)))
            try f.daycare.syncDay()
            #expect(f.daycare.today == day)
            #expect(try f.daycare.progress(of: f.eero).streak == offset, "before ticking on \(day)")
            try f.finishEero()
            // Aino ticks a task but never finishes her board.
            try f.daycare.toggle(child: f.aino, task: f.dress)
            #expect(try f.daycare.progress(of: f.eero).streak == offset + 1, "after ticking on \(day)")
            #expect(try f.daycare.progress(of: f.aino).streak == 0)
            if offset % 25 == 24 {
                #expect(try f.restarted().progress(of: f.eero).streak == offset + 1)
                restarts += 1
            }
        }
        #expect(restarts == 2)
        // The oldest days are outside the window now: their part is in streakBefore.
        let summary = try #require(f.store.summary)
        #expect(summary.firstDay == first.advanced(by: days - MarkSummary.windowLength))
        #expect(summary.streakBefore[f.eero] == days - MarkSummary.windowLength)
        #expect(summary.streakBefore[f.aino] == nil)

        // A closed day changes nothing; a missed active day ends it.
        let closed = first.advanced(by: days)
        f.clock.set(Date(timeIntervalSince1970: TimeInterval(closed.advanced(by: 1).number * 86_400 + 12 * 3600)))
        #expect(try f.daycare.progress(of: f.eero).streak == days)
        try f.finishEero()
        #expect(try f.daycare.progress(of: f.eero).streak == days + 1)
        #expect(try f.restarted().progress(of: f.eero).streak == days + 1)
        f.clock.set(Date(timeIntervalSince1970: TimeInterval(closed.advanced(by: 2).number * 86_400 + 12 * 3600)))
        try f.daycare.toggle(child: f.ville, task: f.dress)
        f.clock.set(Date(timeIntervalSince1970: TimeInterval(closed.advanced(by: 3).number * 86_400 + 12 * 3600)))
        #expect(try f.daycare.progress(of: f.eero).streak == 0)
        #expect(try f.restarted().progress(of: f.eero).streak == 0)
    }

    @Test func weekStripShowsTheLastSevenDays() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.finishEero()                                        // Mon 3 points, complete
        try f.at("2026-11-04"); try f.daycare.toggle(child: f.eero, task: f.tidy) // Wed 2, not complete
        try f.at("2026-11-08"); try f.daycare.toggle(child: f.eero, task: f.dress) // Sun 1, not yet complete
        var strip = try f.daycare.weekStrip(of: f.eero)
        #expect(strip.map(\.day) == (2...8).map { Fixture.day(String(format: "2026-11-%02d", $0)) })
        #expect(strip.map(\.points) == [3, 0, 2, 0, 0, 0, 1])
        #expect(strip.map(\.complete) == [true, false, false, false, false, false, false])
        try f.daycare.toggle(child: f.eero, task: f.tidy)
        strip = try f.daycare.weekStrip(of: f.eero)
        #expect(strip.last == DayStatus(day: Fixture.day("2026-11-08"), points: 3, complete: true))
    }
}
