import Foundation
import Testing
@testable import TaskBoard

/// Issue 11: a task on a board for some weekdays only. In `Fixture.small`
/// Eero has Get dressed (1) and Tidy the toys (2); 2026-11-03 is a Tuesday.
@Suite struct WeekdayTasksTests {
    /// Tidy the toys on Tuesdays only: on Tuesday's board, not on Wednesday's;
    /// on Wednesday Get dressed alone completes the board.
    @Test func aTuesdayTaskIsOnlyOnTuesdaysBoard() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-03", 10, utcOffsetHours: 2))
        try f.daycare.perform(.setTaskDays(f.tidy, child: f.eero, to: [2]))
        #expect(f.daycare.roster.boardTasks(of: f.eero, on: Day("2026-11-03")!).map(\.name) == ["Get dressed", "Tidy the toys"])
        #expect(f.daycare.roster.boardTasks(of: f.eero, on: Day("2026-11-04")!).map(\.name) == ["Get dressed"])
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 1, total: 2, streak: 0))
        try f.at("2026-11-04")
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 0, total: 1, streak: 0))
        let change = try #require(try f.daycare.setMark(child: f.eero, task: f.dress, done: true))
        #expect(change.finishedBoard)
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 1, total: 1, streak: 1))
        #expect(try f.daycare.weekStrip(of: f.eero).last?.complete == true)
    }

    @Test func daysAreKeptCleanAndGoWithTheTask() throws {
        var roster = try Fixture.small(at: Fixture.instant("2026-11-03", 10, utcOffsetHours: 2)).daycare.roster
        let eero = roster.children[1].id, aino = roster.children[0].id, tidy = roster.tasks[1].id
        try roster.setTaskDays(tidy, child: eero, to: [5, 2, 2, 9])
        #expect(roster.child(eero)?.boardDays[tidy] == [2, 5])
        // A copy of the board copies its days; all seven, or none, is every day.
        try roster.copyBoard(from: eero, to: [aino])
        #expect(roster.child(aino)?.boardDays[tidy] == [2, 5])
        try roster.setTaskDays(tidy, child: aino, to: Array(1...7))
        #expect(roster.child(aino)?.boardDays.isEmpty == true)
        // Off the board, or out of the library: the days go too.
        try roster.removeFromBoard(tidy, child: eero)
        #expect(roster.child(eero)?.boardDays.isEmpty == true)
        #expect(throws: TaskBoardError.self) { try roster.setTaskDays(tidy, child: eero, to: [1]) }
    }

    /// A roster saved before weekday tasks has none; one without any is
    /// written as before, so older versions can read it.
    @Test func aRosterWithoutWeekdaysIsWrittenAsBefore() throws {
        let child = Child(id: ChildID(4), name: "Aino", avatar: "🦊", groupID: GroupID(1), board: [TaskID(2)])
        let json = String(decoding: try JSONEncoder().encode(child), as: UTF8.self)
        #expect(!json.contains("boardDays"))
        #expect(try Child(json: JSONValue.parse(Data(json.utf8))) == child)
        var limited = child
        limited.boardDays = [TaskID(2): [2]]
        let written = try JSONEncoder().encode(limited)
        #expect(String(decoding: written, as: UTF8.self).contains(#""boardDays":{"2":[2]}"#))
        #expect(try Child(json: JSONValue.parse(written)) == limited)
    }
}
