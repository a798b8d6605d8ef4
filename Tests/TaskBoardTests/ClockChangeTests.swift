import Foundation
import Testing
@testable import TaskBoard

/// A kiosk that runs across midnight, and clocks that go backwards or jump.
@Suite struct ClockChangeTests {
    @Test func aRunAcrossMidnightShowsTheNewEmptyDayWithoutARestart() throws {
        // Sunday 2026-11-22 23:59 in Helsinki (+2).
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 23, 59, utcOffsetHours: 2))
        let sunday = Fixture.day("2026-11-22")
        let monday = Fixture.day("2026-11-23")
        try f.daycare.toggle(child: f.aino, task: f.dress)
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(try f.daycare.progress(of: f.aino).done == 2)

        f.clock.advance(by: 120) // 00:01 on Monday
        #expect(try f.daycare.syncDay() == true)
        #expect(try f.daycare.syncDay() == false)
        #expect(f.daycare.today == monday)
        #expect(try f.daycare.isDone(child: f.aino, task: f.dress) == false)
        #expect(try f.daycare.isDone(child: f.aino, task: f.dress, on: sunday) == true)
        #expect(try f.daycare.marks(on: monday) == DayMarks())
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 0, total: 3, streak: 0))
        // Sunday and Monday are in different weeks, the same month.
        #expect(f.daycare.points(.today)[f.aino, default: 0] == 0)
        #expect(f.daycare.points(.week)[f.aino, default: 0] == 0)
        #expect(f.daycare.points(.month)[f.aino] == 4)
        #expect(f.daycare.points(.allTime)[f.aino] == 4)

        // The first tick of the new day goes to Monday's journal.
        let change = try f.daycare.toggle(child: f.aino, task: f.dress)
        #expect(change.day == monday && change.done && change.pointsDelta == 1)
        #expect(f.store.journals[monday]?.count == 1)
        #expect(f.store.journals[sunday]?.count == 2)
        #expect(f.daycare.points(.week)[f.aino] == 1)
        #expect(f.daycare.points(.allTime)[f.aino] == 5)
    }

    /// `syncDay` remembers when today starts and ends; a new time zone
    /// must still move the day at once, and the day still ends at its
    /// midnight in the new zone.
    @Test func aNewTimeZoneMovesTheDayAtOnce() throws {
        // Monday 23:30 in Helsinki (+2) is Monday 21:30 UTC.
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 23, 30, utcOffsetHours: 2))
        #expect(try f.daycare.syncDay() == false)
        #expect(f.daycare.today == Fixture.day("2026-11-23"))
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Asia/Tokyo"))
        // 06:30 on Tuesday in Tokyo (+9).
        #expect(f.daycare.today == Fixture.day("2026-11-24"))
        #expect(try f.daycare.syncDay() == false)
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki"))
        #expect(f.daycare.today == Fixture.day("2026-11-23"))
        f.clock.advance(by: 29 * 60)
        #expect(try f.daycare.syncDay() == false)
        f.clock.advance(by: 60)
        #expect(try f.daycare.syncDay() == true)
        #expect(f.daycare.today == Fixture.day("2026-11-24"))
    }

    @Test func progressNoticesMidnightByItself() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 23, 59, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.eero, task: f.dress)
        f.clock.advance(by: 60)
        // No explicit syncDay: progress and toggle look at the clock themselves.
        #expect(try f.daycare.progress(of: f.eero).done == 0)
        let change = try f.daycare.toggle(child: f.eero, task: f.dress)
        #expect(change.done == true)
        #expect(change.day == Fixture.day("2026-11-23"))
    }

    @Test func settingTheClockBackAnHourNeitherAwardsNorRemoves() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, 0, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        let marksBefore = f.store.writes["mark"]

        f.clock.set(Fixture.instant("2026-11-23", 9, 0, utcOffsetHours: 2))
        #expect(try f.daycare.syncDay() == false)
        #expect(try f.daycare.setMark(child: f.aino, task: f.tidy, done: true) == nil)
        #expect(f.store.writes["mark"] == marksBefore)
        #expect(f.daycare.points(.today)[f.aino] == 2)
        #expect(f.daycare.points(.allTime)[f.aino] == 2)
        #expect(try f.daycare.isDone(child: f.aino, task: f.tidy) == true)
    }

    @Test func settingTheClockBackADayKeepsBothDaysApart() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, 0, utcOffsetHours: 2))
        let monday = Fixture.day("2026-11-23")
        let sunday = Fixture.day("2026-11-22")
        try f.daycare.toggle(child: f.aino, task: f.tidy)

        f.clock.set(Fixture.instant("2026-11-22", 10, 0, utcOffsetHours: 2))
        #expect(try f.daycare.syncDay() == true)
        #expect(f.daycare.today == sunday)
        // Moving the clock changed no points.
        #expect(f.daycare.points(.allTime)[f.aino] == 2)
        #expect(f.daycare.points(.today)[f.aino, default: 0] == 0)
        #expect(try f.daycare.progress(of: f.aino).done == 0)
        // Monday's tick is still Monday's.
        #expect(try f.daycare.isDone(child: f.aino, task: f.tidy, on: monday) == true)

        // A tick now belongs to Sunday, a different day.
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(f.store.journals[sunday]?.count == 1)
        #expect(f.daycare.points(.allTime)[f.aino] == 4)

        // Back to Monday: the Monday tick is there once, and ticking it again adds nothing.
        f.clock.set(Fixture.instant("2026-11-23", 11, 0, utcOffsetHours: 2))
        #expect(try f.daycare.syncDay() == true)
        #expect(try f.daycare.isDone(child: f.aino, task: f.tidy) == true)
        #expect(try f.daycare.setMark(child: f.aino, task: f.tidy, done: true) == nil)
        #expect(f.store.journals[monday]?.count == 1)
        #expect(f.daycare.points(.today)[f.aino] == 2)
        #expect(f.daycare.points(.allTime)[f.aino] == 4)

        let restarted = try f.restarted()
        #expect(restarted.points(.allTime)[f.aino] == 4)
        #expect(restarted.points(.today)[f.aino] == 2)
    }

    @Test func aJumpForwardAYearAndBackKeepsEveryPointOnce() throws {
        let start = Fixture.instant("2026-11-23", 10, 0, utcOffsetHours: 2)
        let f = try Fixture.small(at: start)
        let today = Fixture.day("2026-11-23")
        try f.daycare.toggle(child: f.aino, task: f.dress)
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        try f.daycare.toggle(child: f.ville, task: f.teeth)

        // A year later (2027-11-23 is a Tuesday).
        f.clock.set(Fixture.instant("2027-11-23", 10, 0, utcOffsetHours: 2))
        #expect(try f.daycare.syncDay() == true)
        #expect(f.daycare.today == Fixture.day("2027-11-23"))
        #expect(f.daycare.points(.allTime) == [f.aino: 3, f.ville: 3])
        #expect(f.daycare.points(.today) == [:])
        #expect(f.daycare.points(.week) == [:])
        #expect(f.daycare.points(.month) == [:])
        #expect(try f.daycare.progress(of: f.aino).done == 0)
        try f.daycare.toggle(child: f.eero, task: f.tidy)
        #expect(f.daycare.points(.allTime) == [f.aino: 3, f.ville: 3, f.eero: 2])

        // And back to the real day.
        f.clock.set(start.addingTimeInterval(60))
        #expect(try f.daycare.syncDay() == true)
        #expect(f.daycare.today == today)
        #expect(f.daycare.points(.allTime) == [f.aino: 3, f.ville: 3, f.eero: 2])
        #expect(try f.daycare.progress(of: f.aino).done == 2)
        #expect(try f.daycare.setMark(child: f.aino, task: f.dress, done: true) == nil)
        #expect(f.daycare.points(.today) == [f.aino: 3, f.ville: 3])
        #expect(f.daycare.points(.week) == [f.aino: 3, f.ville: 3])
        #expect(f.daycare.points(.month) == [f.aino: 3, f.ville: 3])

        // Finishing Aino's board today counts once, and the board shows it.
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(try f.daycare.isDone(child: f.aino, task: f.teeth) == true)
        #expect(try f.daycare.progress(of: f.aino).done == 3)
        #expect(f.daycare.points(.allTime) == [f.aino: 6, f.ville: 3, f.eero: 2])
        #expect(f.daycare.points(.today) == [f.aino: 6, f.ville: 3])
        #expect(Fixture.pointsFromJournals(f.store) == [f.aino: 6, f.ville: 3, f.eero: 2])

        #expect(try f.daycare.weekStrip(of: f.aino).last == DayStatus(day: today, points: 6, complete: true))

        let restarted = try f.restarted()
        #expect(restarted.points(.allTime) == [f.aino: 6, f.ville: 3, f.eero: 2])
        #expect(restarted.points(.today) == [f.aino: 6, f.ville: 3])
        #expect(try restarted.progress(of: f.aino).done == 3)
    }

    @Test func aDayOlderThanTheWindowIsTickedOnceAndShowsAsDone() throws {
        let start = Fixture.instant("2026-11-23", 10, 0, utcOffsetHours: 2)
        let f = try Fixture.small(at: start)
        try f.daycare.toggle(child: f.aino, task: f.dress)

        // The clock is set back 100 days, far before the summary window.
        f.clock.set(start.addingTimeInterval(-100 * 86_400))
        let old = Fixture.day("2026-08-15")
        #expect(try f.daycare.syncDay() == true)
        #expect(f.daycare.today == old)
        #expect(try #require(f.store.summary).firstDay > old)

        let change = try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(change.done == true && change.pointsDelta == 3 && change.day == old)
        #expect(f.daycare.points(.allTime)[f.aino] == 4)
        // The board shows the tick: it is done, and toggling again takes it back.
        #expect(try f.daycare.isDone(child: f.aino, task: f.teeth) == true)
        #expect(try f.daycare.progress(of: f.aino).done == 1)
        #expect(try f.daycare.setMark(child: f.aino, task: f.teeth, done: true) == nil)
        #expect(f.store.journals[old]?.count == 1)
        #expect(f.daycare.points(.today)[f.aino] == 3)
        #expect(try f.restarted().points(.allTime)[f.aino] == 4)

        let back = try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(back.done == false && back.pointsDelta == -3)
        #expect(f.daycare.points(.allTime)[f.aino] == 1)
        #expect(f.store.summary?.pendingOldDay == nil)
        #expect(try f.restarted().points(.allTime)[f.aino] == 1)

        // Saturday 08-15 and Sunday 08-16 are one week, both before the window.
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        f.clock.advance(by: 86_400)
        try f.daycare.toggle(child: f.aino, task: f.dress)
        #expect(f.daycare.today == Fixture.day("2026-08-16"))
        for daycare in [f.daycare, try f.restarted()] {
            #expect(daycare.points(.today) == [f.aino: 1])
            #expect(daycare.points(.week) == [f.aino: 4])
            #expect(daycare.points(.month) == [f.aino: 4])
            #expect(daycare.points(.allTime) == [f.aino: 5])
            #expect(try daycare.weekStrip(of: f.aino).suffix(2).map(\.points) == [3, 1])
        }
    }
}
