import Foundation
import Testing
@testable import TaskBoard

@Suite struct PointsTests {
    private let monday = Fixture.instant("2026-11-23", 10, 0, utcOffsetHours: 2)

    @Test func aTaskCountsAtMostOncePerChildPerDay() throws {
        let f = try Fixture.small(at: monday)
        let first = try f.daycare.setMark(child: f.aino, task: f.teeth, done: true)
        #expect(first?.pointsDelta == 3)
        f.clock.advance(by: 3600)
        #expect(try f.daycare.setMark(child: f.aino, task: f.teeth, done: true) == nil)
        #expect(f.store.journals[Fixture.day("2026-11-23")]?.count == 1)
        #expect(f.daycare.points(.today)[f.aino] == 3)
        #expect(f.daycare.points(.allTime)[f.aino] == 3)
        // The same task for another child is a separate mark.
        try f.daycare.toggle(child: f.ville, task: f.teeth)
        #expect(f.daycare.points(.allTime) == [f.aino: 3, f.ville: 3])
    }

    @Test func aJournalThatSaysDoneTwiceStillCountsOnce() {
        // E.g. two writers, or a replayed append: the first tick's value counts.
        let c = ChildID(7), t = TaskID(9)
        let marks = DayMarks(replaying: [
            MarkEvent(child: c, task: t, done: true, points: 2, boardComplete: false, at: 0),
            MarkEvent(child: c, task: t, done: true, points: 5, boardComplete: false, at: 1),
        ])
        #expect(marks.points(of: c) == 2)
        #expect(marks.tally.points == [c: 2])
        let undone = DayMarks(replaying: [
            MarkEvent(child: c, task: t, done: true, points: 2, boardComplete: false, at: 0),
            MarkEvent(child: c, task: t, done: false, points: 2, boardComplete: false, at: 1),
            MarkEvent(child: c, task: t, done: false, points: 2, boardComplete: false, at: 2),
        ])
        #expect(undone.points(of: c) == 0)
        #expect(undone.tally.points == [:])
        #expect(undone.isDone(c, t) == false)
    }

    @Test func untickingRemovesExactlyItsPoints() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        #expect(f.daycare.points(.today)[f.aino] == 5)
        let back = try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(back.done == false)
        #expect(back.pointsDelta == -2)
        #expect(f.daycare.points(.today)[f.aino] == 3)
        #expect(f.daycare.points(.allTime)[f.aino] == 3)
        #expect(try f.daycare.setMark(child: f.aino, task: f.tidy, done: false) == nil)
        #expect(f.daycare.points(.allTime)[f.aino] == 3)
    }

    @Test func pointsEarnedKeepTheirValueWhenTheTaskChanges() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.toggle(child: f.aino, task: f.tidy) // worth 2 now
        try f.daycare.edit(RosterChange(.setTaskPoints, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in
            try r.setTaskPoints(f.tidy, to: 7)
        }
        #expect(f.daycare.points(.allTime)[f.aino] == 2)
        #expect(try f.restarted().points(.allTime)[f.aino] == 2)
        // Unticking takes back what the tick gave, not the new value.
        let back = try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(back.pointsDelta == -2)
        #expect(f.daycare.points(.allTime)[f.aino, default: 0] == 0)
        // A new tick earns the new value.
        let again = try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(again.pointsDelta == 7)
        #expect(f.daycare.points(.allTime)[f.aino] == 7)
        // Yesterday-style history: a tick on another day keeps its 7 after a change to 1.
        f.clock.advance(by: 86_400)
        try f.daycare.edit(RosterChange(.setTaskPoints, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in
            try r.setTaskPoints(f.tidy, to: 1)
        }
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(f.daycare.points(.allTime)[f.aino] == 8)
        #expect(Fixture.pointsFromJournals(f.store)[f.aino] == 8)
    }

    @Test func aDeletedTasksEarnedPointsRemain() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        try f.daycare.toggle(child: f.ville, task: f.teeth)
        try f.daycare.toggle(child: f.ville, task: f.dress)
        try f.daycare.edit(RosterChange(.deleteTask, "Brush teeth")) { (r: inout Roster) throws(TaskBoardError) in
            try r.deleteTask(f.teeth)
        }
        #expect(f.daycare.roster.task(f.teeth) == nil)
        #expect(f.daycare.points(.allTime) == [f.aino: 3, f.ville: 4])
        #expect(f.daycare.points(.today) == [f.aino: 3, f.ville: 4])
        #expect(Fixture.rows(f.daycare.leaderboard(.allGroups, .allTime)) == [
            .init("Ville", 1, 4), .init("Aino", 2, 3), .init("Eero", 3, 0),
        ])
        let restarted = try f.restarted()
        #expect(restarted.points(.allTime) == [f.aino: 3, f.ville: 4])
        // The day moves on: the points are history now, still counted.
        f.clock.advance(by: 86_400)
        #expect(try f.daycare.syncDay())
        #expect(f.daycare.points(.allTime) == [f.aino: 3, f.ville: 4])
        #expect(f.daycare.points(.today) == [:])
    }

    @Test func tickingATaskNotOnTheBoardIsRefusedAndWritesNothing() throws {
        let f = try Fixture.small(at: monday)
        #expect(throws: TaskBoardError.taskNotOnBoard(task: "Brush teeth", child: "Eero")) {
            try f.daycare.toggle(child: f.eero, task: f.teeth)
        }
        #expect(f.store.writes["mark", default: 0] == 0)
        #expect(throws: TaskBoardError.unknownChild(ChildID(999))) {
            try f.daycare.toggle(child: ChildID(999), task: f.teeth)
        }
    }

    @Test func aTickWritesOnlyTheJournal() throws {
        let f = try Fixture.small(at: monday)
        let before = f.store.writes
        try f.daycare.toggle(child: f.aino, task: f.dress)
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        try f.daycare.toggle(child: f.aino, task: f.dress)
        var expected = before
        expected["mark", default: 0] += 3
        #expect(f.store.writes == expected)
        #expect(f.store.writes["roster"] == before["roster"])
        #expect(f.store.writes["summary"] == before["summary"])
        // A later tick the same day, after a leaderboard and progress, is the same.
        _ = f.daycare.leaderboard(.allGroups, .week)
        _ = try f.daycare.progress(of: f.aino)
        f.clock.advance(by: 3600)
        try f.daycare.toggle(child: f.ville, task: f.dress)
        expected["mark", default: 0] += 1
        #expect(f.store.writes == expected)
    }
}
