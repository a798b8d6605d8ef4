import Foundation
import Testing
@testable import TaskBoard

/// Issue 40: a group's day that is different (a trip, a visitor): an
/// activity added, a task cancelled or moved, on one date only.
@Suite struct DayChangeTests {
    /// Monday 2026-11-23, 10:00 in Helsinki; Squirrels (Aino: dress, tidy,
    /// teeth; Eero: dress, tidy), Bears (Ville: all three).
    private func small() throws -> Fixture.Small {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        try f.daycare.perform(.setTaskTime(f.dress, to: TimeOfDay(hour: 8)))
        try f.daycare.perform(.setTaskTime(f.tidy, to: TimeOfDay(hour: 14)))
        return f
    }

    private func roomDay(_ f: Fixture.Small, _ group: GroupID, _ day: String) throws -> RoomDay {
        try #require(RoomDay(group: group, on: Fixture.day(day), roster: f.daycare.roster, settings: f.daycare.settings, away: []))
    }

    @Test func aCancelledTaskIsOffThatDaysBoardsOnlyAndTheCountsFollow() throws {
        let f = try small()
        let today = f.daycare.today
        try f.daycare.perform(.cancelOnDay(f.tidy, group: f.squirrels, day: today))
        #expect(f.daycare.roster.boardTasks(of: f.aino, on: today).map(\.name) == ["Get dressed", "Brush teeth"])
        #expect(f.daycare.roster.boardTasks(of: f.aino, on: today.advanced(by: 1)).count == 3, "tomorrow is as usual")
        #expect(f.daycare.roster.boardTasks(of: f.ville, on: today).count == 3, "another group's day is as usual")
        // Eero's board that day is Get dressed alone: ticking it finishes the day.
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        let eero = try f.daycare.shownProgress(of: f.eero)
        #expect(eero.done == 1 && eero.total == 1 && eero.isComplete)
        let day = try roomDay(f, f.squirrels, "2026-11-23")
        #expect(day.isDifferent && day.cancelled.map(\.name) == ["Tidy the toys"])
        #expect(day.schedule.entries.map(\.item.task.name) == ["Get dressed"])
        #expect(try !roomDay(f, f.squirrels, "2026-11-24").isDifferent)
    }

    @Test func aMovedTaskIsAtItsNewTimeThatDayAndAnActivityIsForEveryoneHere() throws {
        let f = try small()
        let today = f.daycare.today
        try f.daycare.perform(.moveOnDay(f.dress, group: f.squirrels, day: today, to: try #require(TimeOfDay(hour: 15)),
                                         until: TimeOfDay(hour: 15, minute: 30)))
        let trip = DayChange.Activity(name: "Trip to the library", icon: "🚌", time: try #require(TimeOfDay(hour: 9)),
                                      until: TimeOfDay(hour: 11, minute: 30))
        try f.daycare.perform(.addDayActivity(trip, group: f.squirrels, day: today))
        let day = try roomDay(f, f.squirrels, "2026-11-23")
        #expect(day.schedule.entries.map(\.item.task.name) == ["Trip to the library", "Tidy the toys", "Get dressed"])
        #expect(day.schedule.entries.map { $0.item.change } == [.added, nil, .moved])
        #expect(day.schedule.entries.map(\.time.description) == ["9:00", "14:00", "15:00"])
        #expect(day.schedule.entries[0].item.children.map(\.name) == ["Aino", "Eero"] && day.schedule.entries[0].item.task.id.rawValue < 0)
        #expect(day.schedule.end(of: 0) == 11 * 60 + 30)
        // Tomorrow and the Bears are untouched.
        #expect(try roomDay(f, f.squirrels, "2026-11-24").schedule.entries.map(\.item.task.name) == ["Get dressed", "Tidy the toys"])
        #expect(try roomDay(f, f.bears, "2026-11-23").schedule.entries.map(\.item.task.name) == ["Get dressed", "Tidy the toys"])
    }

    @Test func aNewerChangeReplacesTheOldAndTakingBackRestoresTheDay() throws {
        let f = try small()
        let today = f.daycare.today
        try f.daycare.perform(.cancelOnDay(f.dress, group: f.squirrels, day: today))
        try f.daycare.perform(.moveOnDay(f.dress, group: f.squirrels, day: today, to: try #require(TimeOfDay(hour: 9))))
        #expect(f.daycare.roster.dayChanges.count == 1, "the move replaced the cancel")
        try f.daycare.perform(.takeBackDayChange(group: f.squirrels, day: today, task: f.dress, activity: nil))
        #expect(f.daycare.roster.dayChanges.isEmpty && !f.daycare.roster.isDifferent(f.squirrels, on: today))
        #expect(throws: TaskBoardError.noDayChange("Get dressed")) {
            try f.daycare.perform(.takeBackDayChange(group: f.squirrels, day: today, task: f.dress, activity: nil))
        }
        // Undo takes a change back as any roster edit.
        try f.daycare.perform(.cancelOnDay(f.tidy, group: f.squirrels, day: today))
        _ = try f.daycare.undo()
        #expect(f.daycare.roster.dayChanges.isEmpty)
    }

    @Test func whatCannotBeChangedIsRefusedWithItsReason() throws {
        let f = try small()
        let today = f.daycare.today
        #expect(throws: TaskBoardError.dayPassed(today.advanced(by: -1))) {
            try f.daycare.perform(.cancelOnDay(f.dress, group: f.squirrels, day: today.advanced(by: -1)))
        }
        // With Brush teeth on no Squirrel's board, cancelling it for them is refused.
        try f.daycare.perform(.removeFromBoard(f.teeth, child: f.aino))
        #expect(throws: TaskBoardError.notOnGroupsDay(task: "Brush teeth", group: "Squirrels")) {
            try f.daycare.perform(.cancelOnDay(f.teeth, group: f.squirrels, day: today))
        }
        let noon = try #require(TimeOfDay(hour: 12))
        #expect(throws: TaskBoardError.endsBeforeItStarts("12:00-12:00")) {
            try f.daycare.perform(.addDayActivity(DayChange.Activity(name: "Visitor", time: noon, until: noon), group: f.squirrels, day: today))
        }
        #expect(throws: TaskBoardError.emptyName(.task)) {
            try f.daycare.perform(.addDayActivity(DayChange.Activity(name: "  ", time: noon), group: f.squirrels, day: today))
        }
        for index in 0..<Roster.maxDayChanges {
            try f.daycare.perform(.addDayActivity(DayChange.Activity(name: "Visit \(index)", time: noon), group: f.squirrels, day: today))
        }
        #expect(throws: TaskBoardError.tooManyDayChanges(max: Roster.maxDayChanges)) {
            try f.daycare.perform(.addDayActivity(DayChange.Activity(name: "One more", time: noon), group: f.squirrels, day: today))
        }
        #expect(f.daycare.roster.dayChanges.count == Roster.maxDayChanges, "nothing changed by a refusal")
    }

    @Test func theChangesTravelInTheRostersJSONAndGoWithTheirTaskOrGroup() throws {
        let f = try small()
        let today = f.daycare.today
        try f.daycare.perform(.cancelOnDay(f.tidy, group: f.squirrels, day: today))
        try f.daycare.perform(.moveOnDay(f.dress, group: f.bears, day: today.advanced(by: 2), to: try #require(TimeOfDay(hour: 9)),
                                         until: TimeOfDay(hour: 9, minute: 30)))
        try f.daycare.perform(.addDayActivity(DayChange.Activity(name: "Party", icon: "🎉", time: try #require(TimeOfDay(hour: 13))),
                                              group: f.squirrels, day: today))
        let roster = f.daycare.roster
        let json = try JSONEncoder().encode(roster)
        #expect(try Roster(json: JSONValue.parse(json)) == roster)
        #expect(String(decoding: json, as: UTF8.self).contains(#""cancel":"#))
        // A roster without any writes no key: files of older versions stay as they were.
        #expect(!String(decoding: try JSONEncoder().encode(Roster()), as: UTF8.self).contains("dayChanges"))
        // A task deleted takes its changes along; a group deleted, its own.
        try f.daycare.perform(.deleteTask(f.tidy))
        #expect(f.daycare.roster.dayChanges.count == 2)
        try f.daycare.perform(.deleteGroup(f.bears))
        #expect(f.daycare.roster.dayChanges.map(\.task) == [nil])
    }
}
