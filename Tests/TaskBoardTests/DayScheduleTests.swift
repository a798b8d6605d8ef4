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

    /// What a child is shown and told: now then the next; before the day's first, the next and the one after; after the last, only it.
    @Test func firstThenIsNowAndTheOneAfter() throws {
        let day = try day()
        func shown(_ clock: TimeOfDay) -> (String, Bool, String?)? {
            day.firstThen(at: clock).map { (day.entries[$0.first].item, $0.firstIsNow, $0.then.map { day.entries[$0].item }) }
        }
        #expect(shown(try time(7, 59))! == ("breakfast", false, "outdoors"))
        #expect(shown(try time(8))! == ("breakfast", true, "outdoors"))
        #expect(shown(try time(11))! == ("lunch", true, "rest"))
        #expect(shown(try time(15, 30))! == ("home", true, nil))
        #expect(DaySchedule<String>([]).firstThen(at: try time(11)) == nil)
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

    /// Now and next change only at the day's six times (and at midnight):
    /// the other minutes of the day leave the screen as it was.
    @Test func onlySomeMinutesMoveTheMarker() throws {
        let day = try day()
        func moves(_ earlier: TimeOfDay, _ later: TimeOfDay) -> Bool {
            let (a, b) = (day.position(at: earlier), day.position(at: later))
            return (a.now, a.next, a.isOver) != (b.now, b.next, b.isOver)
        }
        #expect(moves(try time(10, 59), try time(11)))
        #expect(!moves(try time(11), try time(11, 59)))
        #expect(moves(try time(23, 59), .midnight), "a new day starts before breakfast")
        let minutes = (0..<24 * 60).compactMap { TimeOfDay(hour: $0 / 60, minute: $0 % 60) }
        #expect(zip(minutes, minutes.dropFirst()).filter { moves($0, $1) }.count == 6)
    }

    /// Issue 40: each lasts until the next one's time, the last until the
    /// closing time; then the day is over and nothing is now. What is left of
    /// now goes from 1 to near 0; the next is coming within the warning.
    @Test func nowLastsUntilTheNextOrTheClosingAndThenTheDayIsOver() throws {
        let day = DaySchedule(try self.day().entries.map { (item: $0.item, time: $0.time) }, closing: try time(17))
        #expect(day.end(of: 0) == 9 * 60 && day.end(of: 5) == 17 * 60)
        #expect(day.position(at: try time(8)).left == 1)
        #expect(day.position(at: try time(8, 30)).left == 0.5)
        #expect(day.position(at: try time(8, 59)).left.map { $0 > 0 && $0 < 0.02 } == true)
        #expect(nowAndNext(day, try time(16, 59)) == ("home", nil))
        let closed = day.position(at: try time(17))
        #expect(closed.isOver && closed.now == nil && closed.next == nil && closed.left == nil)
        #expect(day.position(at: try time(23, 59)).isOver, "not now until midnight")
        #expect(!day.position(at: .midnight).isOver, "a new day starts before breakfast")
        // Without a closing time, the last stays now until the day ends, as before.
        #expect(try self.day().position(at: try time(23, 59)).now == 5)
        // A last one at or after closing lasts half an hour.
        let late = DaySchedule([("party", try time(18))], closing: try time(17))
        #expect(late.end(of: 0) == 18 * 60 + 30)
        // Two at the same time end together, at the next later one's time.
        let pair = DaySchedule([("wash", try time(11)), ("lunch", try time(11)), ("rest", try time(12))], closing: try time(17))
        #expect(pair.end(of: 0) == 12 * 60 && pair.end(of: 1) == 12 * 60)
        // Coming: the next one within the warning's minutes, and not at its own time.
        #expect(day.coming(at: try time(8, 55), within: 5) == 1)
        #expect(day.coming(at: try time(8, 54), within: 5) == nil)
        #expect(day.coming(at: try time(9), within: 5) == nil, "lunch is two hours away")
        #expect(day.coming(at: try time(8, 58), within: 0) == nil, "no warning asked for")
        #expect(day.coming(at: try time(7, 58), within: 2) == 0, "before the first")
    }

    /// A task with its own end (outdoors 9:00–10:30): after it, nothing is
    /// now until the next one's time; the last one's own end ends the day.
    @Test func aTaskWithItsOwnEndLeavesTimeBetween() throws {
        let day = DaySchedule(withEnds: [("outdoors", try time(9), try time(10, 30)), ("lunch", try time(11), nil),
                                         ("party", try time(14), try time(15))], closing: try time(17))
        #expect(day.end(of: 0) == 10 * 60 + 30 && day.end(of: 1) == 14 * 60 && day.end(of: 2) == 15 * 60)
        #expect(day.position(at: try time(9, 45)).left == 0.5)
        #expect(nowAndNext(day, try time(10, 30)) == (nil, "lunch"), "between: only what comes next")
        #expect(day.coming(at: try time(10, 55), within: 5) == 1)
        #expect(nowAndNext(day, try time(14, 59)) == ("party", nil))
        #expect(day.position(at: try time(15)).isOver, "its own end, before the closing time")
        // An end past the next one's time gives way to it.
        let long = DaySchedule(withEnds: [("outdoors", try time(9), try time(12)), ("lunch", try time(11), nil)], closing: try time(17))
        #expect(long.end(of: 0) == 11 * 60)
    }

    @Test func aTimeIsTypedWithOrWithoutItsEnd() throws {
        #expect(try TypedTaskTime.parse("9") == TypedTaskTime(start: try time(9), end: nil))
        #expect(try TypedTaskTime.parse(" 9.00-10.30 ") == TypedTaskTime(start: try time(9), end: try time(10, 30)))
        #expect(try TypedTaskTime.parse("9:00 – 10:30") == TypedTaskTime(start: try time(9), end: try time(10, 30)))
        #expect(throws: TaskBoardError.endsBeforeItStarts("10.30-9")) { try TypedTaskTime.parse("10.30-9") }
        #expect(throws: TaskBoardError.endsBeforeItStarts("9-9")) { try TypedTaskTime.parse("9-9") }
        #expect(throws: TaskBoardError.invalidTimeOfDay("25")) { try TypedTaskTime.parse("9-25") }
        #expect(throws: TaskBoardError.invalidTimeOfDay("9-10-11")) { try TypedTaskTime.parse("9-10-11") }
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
        let nine = schedule.position(at: try #require(TimeOfDay(hour: 9)))
        #expect(nine.now == 0 && nine.next == 1)
        #expect([LibraryTask]().inDayOrder.isEmpty)
    }
}

/// A group's day on the wall: the timed tasks of the children who are here.
@Suite struct RoomDayTests {
    private static let monday = Day("2026-11-23")!, tuesday = Day("2026-11-24")!

    /// Squirrels: Aino and Eero with breakfast 8:00 and lunch 11:00; Eero
    /// also rests at 12:00, on Mondays only; Aino tidies (no time). Bears:
    /// Olli with lunch. Saturday is closed.
    private func roster() throws -> (Roster, GroupID, [ChildID]) {
        var roster = Roster()
        let squirrels = try roster.addGroup(name: "Squirrels", avatar: "squirrel")
        let bears = try roster.addGroup(name: "Bears", avatar: "bear")
        let aino = try roster.addChild(name: "Aino", avatar: "cat", group: squirrels)
        let eero = try roster.addChild(name: "Eero", avatar: "dog", group: squirrels)
        let olli = try roster.addChild(name: "Olli", avatar: "fox", group: bears)
        let lunch = try roster.addTask(name: "Lunch"), breakfast = try roster.addTask(name: "Breakfast")
        let rest = try roster.addTask(name: "Rest"), tidy = try roster.addTask(name: "Tidy")
        try roster.setTaskTime(lunch, to: TimeOfDay(hour: 11))
        try roster.setTaskTime(breakfast, to: TimeOfDay(hour: 8))
        try roster.setTaskTime(rest, to: TimeOfDay(hour: 12))
        for task in [lunch, breakfast, tidy] { try roster.addToBoard(task, child: aino) }
        for task in [breakfast, lunch, rest] { try roster.addToBoard(task, child: eero) }
        try roster.setTaskDays(rest, child: eero, to: [1])
        try roster.addToBoard(lunch, child: olli)
        return (roster, squirrels, [aino, eero, olli])
    }

    private let settings = Settings(closedWeekdays: [6, 7])

    @Test func theTimedTasksOfTheChildrenHereEachOnceByTime() throws {
        let (roster, squirrels, children) = try roster()
        let day = try #require(RoomDay(group: squirrels, on: Self.monday, roster: roster, settings: settings, away: []))
        #expect(day.isOpen && day.groupSize == 2 && day.present.map(\.name) == ["Aino", "Eero"])
        #expect(day.schedule.entries.map(\.item.task.name) == ["Breakfast", "Lunch", "Rest"])
        #expect(day.schedule.entries.map { $0.item.children.map(\.name) } == [["Aino", "Eero"], ["Aino", "Eero"], ["Eero"]])
        #expect(day.schedule.entries.map { day.isForEveryone($0.item) } == [true, true, false])
        #expect(day.schedule.position(at: try #require(TimeOfDay(hour: 7, minute: 59))) == .init(now: nil, next: 0))
        let eleven = day.schedule.position(at: try #require(TimeOfDay(hour: 11)))
        #expect(eleven.now == 1 && eleven.next == 2)
        // Another group's tasks are not in it; an unknown group has no day.
        #expect(RoomDay(group: GroupID(999), on: Self.monday, roster: roster, settings: settings, away: []) == nil)
        _ = children
    }

    @Test func aWeekdayTaskIsThereOnItsDayOnly() throws {
        let (roster, squirrels, _) = try roster()
        let day = try #require(RoomDay(group: squirrels, on: Self.tuesday, roster: roster, settings: settings, away: []))
        #expect(day.schedule.entries.map(\.item.task.name) == ["Breakfast", "Lunch"])
    }

    @Test func aChildAwayTakesTheirTasksAlong() throws {
        let (roster, squirrels, children) = try roster()
        let eeroAway = try #require(RoomDay(group: squirrels, on: Self.monday, roster: roster, settings: settings, away: [children[1]]))
        #expect(eeroAway.present.map(\.name) == ["Aino"] && eeroAway.groupSize == 2)
        #expect(eeroAway.schedule.entries.map(\.item.task.name) == ["Breakfast", "Lunch"], "rest was only Eero's")
        let nobody = try #require(RoomDay(group: squirrels, on: Self.monday, roster: roster, settings: settings, away: Set(children)))
        #expect(nobody.present.isEmpty && nobody.schedule.isEmpty)
    }

    @Test func aClosedDayHasNoProgram() throws {
        let (roster, squirrels, _) = try roster()
        let saturday = try #require(Day("2026-11-28"))
        let day = try #require(RoomDay(group: squirrels, on: saturday, roster: roster, settings: settings, away: []))
        #expect(!day.isOpen && day.schedule.isEmpty)
        let closedMonday = Settings(closedDays: [Self.monday])
        #expect(RoomDay(group: squirrels, on: Self.monday, roster: roster, settings: closedMonday, away: [])?.isOpen == false)
    }
}
