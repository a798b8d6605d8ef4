import Foundation
import Testing
@testable import TaskBoard

/// The day of a moment, on days when the clocks change. Instants are built
/// from explicit UTC offsets, so each expectation is independent of the code
/// under test. (DayCalendarAgreementTests checks the same arithmetic over
/// Foundation's offsets, and ZoneRulesTests the offsets against zdump.)
@Suite struct DaylightSavingTests {
    /// The days of `zone` as the kiosk works them out: from the system's time zone database.
    private func calendar(_ zone: String) throws -> DayCalendar {
        try #require(ZoneRules.system(zone) != nil, "no tzdata for \(zone) (apt-get install tzdata)")
        return DayCalendar(zoneIdentifier: zone)
    }

    // MARK: Europe/Helsinki

    @Test func helsinkiSpringForwardMomentsLandOnTheirDay() throws {
        let cal = try calendar(Fixture.helsinki)
        let day = Fixture.day("2026-03-29")
        // Clocks go from 03:00 EET (+2) to 04:00 EEST (+3); 03:30 does not exist.
        #expect(cal.day(of: Fixture.instant("2026-03-28", 23, 30, utcOffsetHours: 2)) == Fixture.day("2026-03-28"))
        #expect(cal.day(of: Fixture.instant("2026-03-29", 0, 0, utcOffsetHours: 2)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-29", 0, 30, utcOffsetHours: 2)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-29", 2, 30, utcOffsetHours: 2)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-29", 2, 59, utcOffsetHours: 2)) == day)
        // One minute later the wall clock reads 04:00 (+3).
        #expect(cal.day(of: Fixture.instant("2026-03-29", 4, 0, utcOffsetHours: 3)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-29", 4, 30, utcOffsetHours: 3)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-29", 23, 30, utcOffsetHours: 3)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-29", 23, 59, utcOffsetHours: 3)) == day)
        #expect(cal.day(of: Fixture.instant("2026-03-30", 0, 0, utcOffsetHours: 3)) == Fixture.day("2026-03-30"))
        // The day is 23 hours long.
        #expect(cal.start(of: day) == Fixture.instant("2026-03-29", 0, utcOffsetHours: 2))
        #expect(cal.end(of: day) == Fixture.instant("2026-03-30", 0, utcOffsetHours: 3))
        #expect(cal.end(of: day).timeIntervalSince(cal.start(of: day)) == 23 * 3600)
    }

    @Test func helsinkiFallBackDayIsOneDayOf25Hours() throws {
        let cal = try calendar(Fixture.helsinki)
        let day = Fixture.day("2026-10-25")
        // Clocks go from 04:00 EEST (+3) back to 03:00 EET (+2); 03:30 happens twice.
        #expect(cal.day(of: Fixture.instant("2026-10-24", 23, 59, utcOffsetHours: 3)) == Fixture.day("2026-10-24"))
        #expect(cal.day(of: Fixture.instant("2026-10-25", 0, 30, utcOffsetHours: 3)) == day)
        #expect(cal.day(of: Fixture.instant("2026-10-25", 3, 30, utcOffsetHours: 3)) == day)
        #expect(cal.day(of: Fixture.instant("2026-10-25", 3, 30, utcOffsetHours: 2)) == day)
        #expect(cal.day(of: Fixture.instant("2026-10-25", 23, 30, utcOffsetHours: 2)) == day)
        #expect(cal.day(of: Fixture.instant("2026-10-26", 0, 0, utcOffsetHours: 2)) == Fixture.day("2026-10-26"))
        #expect(cal.start(of: day) == Fixture.instant("2026-10-25", 0, utcOffsetHours: 3))
        #expect(cal.end(of: day).timeIntervalSince(cal.start(of: day)) == 25 * 3600)
    }

    @Test func marksThroughoutTheFallBackDayBelongToOneDay() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-10-25", 0, 30, utcOffsetHours: 3))
        let day = Fixture.day("2026-10-25")
        try f.daycare.toggle(child: f.aino, task: f.dress)
        f.clock.set(Fixture.instant("2026-10-25", 3, 30, utcOffsetHours: 3))
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        // The second 03:30: the same task again is the same mark, so the toggle takes it back...
        f.clock.set(Fixture.instant("2026-10-25", 3, 30, utcOffsetHours: 2))
        let back = try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(back.done == false && back.day == day && back.pointsDelta == -2)
        // ...and ticks it again.
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        f.clock.set(Fixture.instant("2026-10-25", 23, 30, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.aino, task: f.teeth)

        #expect(f.daycare.today == day)
        #expect(Array(f.store.journals.keys) == [day])
        #expect(f.store.journals[day]?.count == 5)
        #expect(try f.daycare.marks(on: day).tasksDone(by: f.aino) == [f.dress, f.tidy, f.teeth])
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 3, total: 3, streak: 1))
        #expect(f.daycare.points(.today)[f.aino] == 6)

        // 00:30 the next morning is a new, empty day.
        f.clock.set(Fixture.instant("2026-10-26", 0, 30, utcOffsetHours: 2))
        #expect(try f.daycare.progress(of: f.aino).done == 0)
        #expect(f.daycare.today == Fixture.day("2026-10-26"))
        #expect(f.daycare.points(.allTime)[f.aino] == 6)
    }

    @Test func marksAroundTheSpringForwardGapBelongToOneDay() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-03-29", 0, 30, utcOffsetHours: 2))
        let day = Fixture.day("2026-03-29")
        try f.daycare.toggle(child: f.ville, task: f.dress)
        f.clock.set(Fixture.instant("2026-03-29", 2, 30, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.ville, task: f.tidy)
        // An hour later the wall clock reads 04:30, not 03:30.
        f.clock.advance(by: 3600)
        try f.daycare.toggle(child: f.ville, task: f.teeth)
        f.clock.set(Fixture.instant("2026-03-29", 23, 30, utcOffsetHours: 3))
        let again = try f.daycare.setMark(child: f.ville, task: f.teeth, done: true)
        #expect(again == nil)
        #expect(Array(f.store.journals.keys) == [day])
        #expect(try f.daycare.marks(on: day).points(of: f.ville) == 6)
        #expect(f.daycare.points(.today)[f.ville] == 6)
    }

    // MARK: Zones where midnight is skipped or repeated

    @Test func santiagoSkipsMidnightAndTheDayStartsAtOne() throws {
        let cal = try calendar("America/Santiago")
        let day = Fixture.day("2026-09-06")
        // 2026-09-06 00:00 -04 never happens: the clock jumps to 01:00 -03.
        #expect(cal.day(of: Fixture.instant("2026-09-05", 23, 59, utcOffsetHours: -4)) == Fixture.day("2026-09-05"))
        #expect(cal.day(of: Fixture.instant("2026-09-06", 1, 0, utcOffsetHours: -3)) == day)
        #expect(cal.start(of: day) == Fixture.instant("2026-09-06", 1, 0, utcOffsetHours: -3))
        #expect(cal.end(of: Fixture.day("2026-09-05")) == cal.start(of: day))
        #expect(cal.end(of: day).timeIntervalSince(cal.start(of: day)) == 23 * 3600)
        try expectOneDayPerDate(cal, from: "2026-09-03", to: "2026-09-09")
    }

    @Test func havanaSkipsMidnightInMarch() throws {
        let cal = try calendar("America/Havana")
        let day = Fixture.day("2026-03-08")
        #expect(cal.day(of: Fixture.instant("2026-03-07", 23, 59, utcOffsetHours: -5)) == Fixture.day("2026-03-07"))
        #expect(cal.start(of: day) == Fixture.instant("2026-03-08", 1, 0, utcOffsetHours: -4))
        #expect(cal.end(of: day).timeIntervalSince(cal.start(of: day)) == 23 * 3600)
        try expectOneDayPerDate(cal, from: "2026-03-05", to: "2026-03-11")
    }

    @Test func havanaRepeatsMidnightInNovember() throws {
        let cal = try calendar("America/Havana")
        let day = Fixture.day("2026-11-01")
        // 00:00-00:59 happens at -4 and again at -5; the day starts at the first.
        let first = Fixture.instant("2026-11-01", 0, 30, utcOffsetHours: -4)
        let second = Fixture.instant("2026-11-01", 0, 30, utcOffsetHours: -5)
        #expect(second.timeIntervalSince(first) == 3600)
        #expect(cal.day(of: first) == day)
        #expect(cal.day(of: second) == day)
        #expect(cal.day(of: Fixture.instant("2026-10-31", 23, 59, utcOffsetHours: -4)) == Fixture.day("2026-10-31"))
        #expect(cal.start(of: day) == Fixture.instant("2026-11-01", 0, 0, utcOffsetHours: -4))
        #expect(cal.end(of: day).timeIntervalSince(cal.start(of: day)) == 25 * 3600)
        try expectOneDayPerDate(cal, from: "2026-10-29", to: "2026-11-04")
    }

    @Test func aDaycareInSantiagoRollsOverAtTheSkippedMidnight() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-09-05", 23, 58, utcOffsetHours: -4), zone: "America/Santiago")
        try f.daycare.toggle(child: f.eero, task: f.dress)
        f.clock.advance(by: 120) // 01:00 -03 on the 6th
        try f.daycare.toggle(child: f.eero, task: f.dress)
        #expect(f.store.journals.keys.sorted() == [Fixture.day("2026-09-05"), Fixture.day("2026-09-06")])
        #expect(f.store.journals[Fixture.day("2026-09-06")]?.map(\.done) == [true])
        #expect(f.daycare.points(.allTime)[f.eero] == 2)
        #expect(f.daycare.points(.today)[f.eero] == 1)
    }

    /// Walks the span every 10 minutes: the day never goes backwards, every
    /// date appears in exactly one unbroken run, and each run begins at
    /// `start(of:)` of its date.
    private func expectOneDayPerDate(_ cal: DayCalendar, from: String, to: String) throws {
        let start = cal.start(of: Fixture.day(from))
        let end = cal.start(of: Fixture.day(to))
        var runs: [(day: Day, first: Date)] = []
        var moment = start
        while moment < end {
            let day = cal.day(of: moment)
            if let last = runs.last {
                if day != last.day {
                    #expect(day == last.day.advanced(by: 1), "after \(last.day) came \(day) at \(moment)")
                    runs.append((day, moment))
                }
            } else {
                runs.append((day, moment))
            }
            moment += 600
        }
        #expect(runs.map(\.day) == (0..<Fixture.day(from).distance(to: Fixture.day(to))).map { Fixture.day(from).advanced(by: $0) })
        for run in runs {
            #expect(cal.start(of: run.day) == run.first, "start of \(run.day)")
            #expect(cal.day(of: cal.start(of: run.day).addingTimeInterval(-1)) == run.day.advanced(by: -1))
        }
    }
}
