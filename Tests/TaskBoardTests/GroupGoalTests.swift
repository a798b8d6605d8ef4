import Foundation
import Testing
@testable import TaskBoard

/// Issue 25: a group goal every group can reach in the period shown,
/// whatever its size and however many are away: the points per child
/// (3 by default) for each child here on each open day so far.
@Suite struct GroupGoalTests {
    /// Thursday 26 November 2026: this week so far is Monday 23 to today.
    private func fixture() throws -> Fixture.Small { try Fixture.small(at: FirstDayTests.thursday) }

    private func goals(_ f: Fixture.Small, _ period: Period) throws -> [String: (goal: Int, days: Int?)] {
        Dictionary(uniqueKeysWithValues: try f.daycare.groupGoals(.allGroups, period).map { ($0.group.name, ($0.goal, $0.daysReached)) })
    }

    @Test func theGoalGrowsWithTheChildrenHereAndTheOpenDays() throws {
        let f = try fixture()
        // Squirrels: Aino and Eero; Bears: Ville.
        #expect(try goals(f, .today)["Squirrels"]?.goal == 6)
        #expect(try goals(f, .today)["Bears"]?.goal == 3)
        #expect(try goals(f, .week)["Squirrels"]?.goal == 24)
        #expect(try goals(f, .month)["Bears"]?.goal == 3 * 26)

        // Away today: Eero adds nothing today.
        try f.daycare.setAway(child: f.eero, away: true)
        #expect(try goals(f, .today)["Squirrels"]?.goal == 3)
        #expect(try goals(f, .week)["Squirrels"]?.goal == 21)
        // Closed on Wednesdays: that day aims for nothing.
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: Fixture.helsinki, closedWeekdays: [3], goalPerChild: 2))
        #expect(try goals(f, .week)["Bears"]?.goal == 2 * 3)
    }

    @Test func aNewcomerAddsFromTheirFirstDay() throws {
        let f = try fixture()
        try f.daycare.edit(RosterChange(.addChild, "Sofia")) { (roster: inout Roster) throws(TaskBoardError) in
            _ = try roster.addChild(name: "Sofia", avatar: "🦋", group: f.bears)
        }
        #expect(try goals(f, .today)["Bears"]?.goal == 6)
        #expect(try goals(f, .week)["Bears"]?.goal == 12 + 3)
    }

    @Test func theGoalIsReachedAndAllTimeCountsTheDaysReached() throws {
        let f = try fixture()
        // Ville's whole board today: 6 points, Bears' goal 3.
        for task in [f.dress, f.tidy, f.teeth] { try f.daycare.setMark(child: f.ville, task: task, done: true) }
        let today = try f.daycare.groupGoals(.group(f.bears), .today)
        #expect(today.first?.reached == true && today.first?.points == 6)
        #expect(try goals(f, .week)["Bears"]?.days == 1)
        #expect(try goals(f, .week)["Squirrels"]?.days == 0)
        #expect(f.daycare.hasReachedGoalToday(f.bears) && !f.daycare.hasReachedGoalToday(f.squirrels))
        // A day in September, before the six weeks the summary keeps: read from its journal.
        for task in [f.dress, f.tidy] { try f.daycare.setMark(child: f.ville, task: task, done: true, on: Fixture.day("2026-09-15")) }
        #expect(try goals(f, .allTime)["Bears"]?.days == 2)
        // Read once, then kept up to date by a change to an old day.
        try f.daycare.setMark(child: f.ville, task: f.tidy, done: false, on: Fixture.day("2026-09-15"))
        #expect(try goals(f, .allTime)["Bears"]?.days == 1)
    }

    @Test func aTickThatReachesTheGoalSaysSoOnce() throws {
        let f = try fixture()
        let first = try f.daycare.setMark(child: f.ville, task: f.dress, done: true)   // 1 of 3
        #expect(first?.reachedGoal == nil)
        let second = try f.daycare.setMark(child: f.ville, task: f.tidy, done: true)   // 3 of 3
        #expect(second?.reachedGoal?.name == "Bears")
        let third = try f.daycare.setMark(child: f.ville, task: f.teeth, done: true)
        #expect(third?.reachedGoal == nil)
        // The whole group ticked at once: each group that reaches its goal is named.
        let column = try f.daycare.setMarks(task: f.tidy, children: [f.aino, f.eero], done: true)
        #expect(column.reachedGoals.map(\.name) == [])
        let more = try f.daycare.setMarks(task: f.teeth, children: [f.aino], done: true)
        #expect(more.reachedGoals.map(\.name) == ["Squirrels"])
    }
}
