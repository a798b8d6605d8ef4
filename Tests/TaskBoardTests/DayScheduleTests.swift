import Foundation
import Testing
@testable import TaskBoard

/// Issue 27: a time for a task, and where the clock is among a day's times.
@Suite struct TimeOfDayTests {
    private func time(_ hour: Int, _ minute: Int = 0) throws -> TimeOfDay {
        try #require(TimeOfDay(hour: hour, minute: minute))
    }

    @Test func aTimeIsTypedAsTheHourOrWithAColonOrAPeriod() throws {
        #expect(try TimeOfDay.parse("11") == time(11))
        #expect(try TimeOfDay.parse("11:00") == time(11))
        #expect(try TimeOfDay.parse("11.00") == time(11))
        #expect(try TimeOfDay.parse(" 8.30 ") == time(8, 30))
        #expect(try TimeOfDay.parse("08:05") == time(8, 5))
        #expect(try TimeOfDay.parse("0") == time(0))
        #expect(try TimeOfDay.parse("23:59") == time(23, 59))
        #expect(try TimeOfDay.parse("15.30").description == "15:30")
        #expect(try TimeOfDay.parse("8.05").description == "8:05")
    }

    @Test func aTimeNoClockShowsIsRefusedWithWhatWasTyped() {
        for typed in ["25:00", "24", "11:60", "11.5", "11:", ":30", "klo 11", "11am", "eleven", "", "1.2.3", "-1", "١١", "11:00:00", "123"] {
            #expect(throws: TaskBoardError.invalidTimeOfDay(typed.trimmingCharacters(in: .whitespaces)), "\(typed)") {
                try TimeOfDay.parse(typed)
            }
        }
        #expect(TimeOfDay(hour: 25) == nil && TimeOfDay(hour: 11, minute: 60) == nil && TimeOfDay(hour: -1) == nil)
        #expect(TaskBoardError.invalidTimeOfDay("25:00").description == "\"25:00\" is not a time of day.")
    }

    @Test func theWallClockOfTheKiosksZone() throws {
        let helsinki = DayCalendar(zoneIdentifier: "Europe/Helsinki")
        // 9:00 UTC is 11:00 in Helsinki in winter (+2).
        #expect(helsinki.timeOfDay(of: Fixture.instant("2026-11-26", 9, 0, utcOffsetHours: 0)) == (try time(11)))
        #expect(helsinki.timeOfDay(of: Fixture.instant("2026-11-26", 10, 59, utcOffsetHours: 2)) == (try time(10, 59)))
        #expect(helsinki.timeOfDay(of: Fixture.instant("2026-11-26", 23, 59, utcOffsetHours: 2)) == (try time(23, 59)))
        #expect(helsinki.timeOfDay(of: Fixture.instant("2026-11-27", 0, 0, utcOffsetHours: 2)) == .midnight)
        // Spring forward: one minute after 2:59 (+2) the clock reads 4:00 (+3).
        #expect(helsinki.timeOfDay(of: Fixture.instant("2026-03-29", 2, 59, utcOffsetHours: 2)) == (try time(2, 59)))
        #expect(helsinki.timeOfDay(of: Fixture.instant("2026-03-29", 4, 0, utcOffsetHours: 3)) == (try time(4)))
        #expect(helsinki.timeOfDay(of: Date(timeIntervalSince1970: .nan)) == .midnight)
    }
}

@Suite struct DayScheduleTests {
    private func time(_ hour: Int, _ minute: Int = 0) throws -> TimeOfDay {
        try #require(TimeOfDay(hour: hour, minute: minute))
    }

    /// A daycare's day, given out of order: breakfast 8:00, outdoors 9:00,
    /// lunch 11:00, rest 12:00, snack 14:00, going home 15:30.
    private func day() throws -> DaySchedule<String> {
        DaySchedule([("lunch", try time(11)), ("breakfast", try time(8)), ("outdoors", try time(9)),
                     ("rest", try time(12)), ("home", try time(15, 30)), ("snack", try time(14))])
    }

    private func nowAndNext(_ schedule: DaySchedule<String>, _ clock: TimeOfDay) -> (String?, String?) {
        let position = schedule.position(at: clock)
        return (position.now.map { schedule.entries[$0].item }, position.next.map { schedule.entries[$0].item })
    }

    @Test func nowAndNextMoveWithTheClock() throws {
        let day = try day()
        #expect(day.entries.map(\.item) == ["breakfast", "outdoors", "lunch", "rest", "snack", "home"])
        #expect(nowAndNext(day, .midnight) == (nil, "breakfast"))
        #expect(nowAndNext(day, try time(7, 59)) == (nil, "breakfast"))
        #expect(nowAndNext(day, try time(8)) == ("breakfast", "outdoors"))
        #expect(nowAndNext(day, try time(10, 59)) == ("outdoors", "lunch"))
        #expect(nowAndNext(day, try time(11)) == ("lunch", "rest"))
        #expect(nowAndNext(day, try time(15, 29)) == ("snack", "home"))
        // After the last, the last stays now until the day ends.
        #expect(nowAndNext(day, try time(15, 30)) == ("home", nil))
        #expect(nowAndNext(day, try time(23, 59)) == ("home", nil))
    }

    @Test func aDayWithNothingTimedHasNoNow() throws {
        let closed = DaySchedule<String>([])
        #expect(closed.isEmpty)
        #expect(closed.position(at: try time(11)) == .init(now: nil, next: nil))
        let one = DaySchedule([("lunch", try time(11))])
        #expect(nowAndNext(one, try time(10)) == (nil, "lunch"))
        #expect(nowAndNext(one, try time(11)) == ("lunch", nil))
    }

    /// Two at the same time keep their order; once their time has come the later given is now.
    @Test func thingsAtTheSameTimeKeepTheirOrder() throws {
        let day = DaySchedule([("wash hands", try time(11)), ("lunch", try time(11)), ("rest", try time(12))])
        #expect(day.entries.map(\.item) == ["wash hands", "lunch", "rest"])
        #expect(nowAndNext(day, try time(10, 59)) == (nil, "wash hands"))
        #expect(nowAndNext(day, try time(11)) == ("lunch", "rest"))
    }

    /// The screen is drawn again only when the clock moves now or next.
    @Test func onlySomeMinutesMoveTheMarker() throws {
        let day = try day()
        #expect(day.moves(from: try time(10, 59), to: try time(11)))
        #expect(!day.moves(from: try time(11), to: try time(11, 59)))
        #expect(day.moves(from: try time(23, 59), to: .midnight), "a new day starts before breakfast")
        let minutes = (0..<24 * 60).compactMap { TimeOfDay(hour: $0 / 60, minute: $0 % 60) }
        #expect(zip(minutes, minutes.dropFirst()).filter { day.moves(from: $0, to: $1) }.count == 6)
    }

    /// On the day the clocks go forward, a 3:30 task is past when the clock jumps from 2:59 to 4:00.
    @Test func aClockChangeIsReadOnTheWallClock() throws {
        let helsinki = DayCalendar(zoneIdentifier: "Europe/Helsinki")
        let day = DaySchedule([("sleep", try time(2)), ("night snack", try time(3, 30)), ("wake", try time(6))])
        let before = helsinki.timeOfDay(of: Fixture.instant("2026-03-29", 2, 59, utcOffsetHours: 2))
        let after = helsinki.timeOfDay(of: Fixture.instant("2026-03-29", 4, 0, utcOffsetHours: 3))
        #expect(nowAndNext(day, before) == ("sleep", "night snack"))
        #expect(nowAndNext(day, after) == ("night snack", "wake"))
        // Falling back, 3:30 comes twice: the second time it is still now, not next again.
        let fallBack1 = helsinki.timeOfDay(of: Fixture.instant("2026-10-25", 3, 30, utcOffsetHours: 3))
        let fallBack2 = helsinki.timeOfDay(of: Fixture.instant("2026-10-25", 3, 30, utcOffsetHours: 2))
        #expect(fallBack1 == fallBack2)
        #expect(nowAndNext(day, fallBack2) == ("night snack", "wake"))
    }
}

@Suite struct DayOrderTests {
    @Test func timedTasksGoByTheirTimeAndTheOthersFollowInTheirOrder() throws {
        let tasks = [LibraryTask(id: TaskID(1), name: "Tidy", time: nil),
                     LibraryTask(id: TaskID(2), name: "Lunch", time: TimeOfDay(hour: 11)),
                     LibraryTask(id: TaskID(3), name: "Read", time: nil),
                     LibraryTask(id: TaskID(4), name: "Breakfast", time: TimeOfDay(hour: 8))]
        #expect(tasks.inDayOrder.map(\.name) == ["Breakfast", "Lunch", "Tidy", "Read"])
        let schedule = DaySchedule(tasks: tasks)
        #expect(schedule.entries.map(\.item.name) == ["Breakfast", "Lunch"])
        #expect(schedule.position(at: try #require(TimeOfDay(hour: 9))) == .init(now: 0, next: 1))
        #expect([LibraryTask]().inDayOrder.isEmpty)
    }
}
