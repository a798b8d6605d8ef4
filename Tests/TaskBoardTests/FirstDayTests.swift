import Foundation
import Testing
@testable import TaskBoard

/// Issue 25: a child who joined today has no month of failures. Days before
/// a child's first day are blank on the strip, the month and the group week,
/// and count for nothing in streaks and the share ranking.
@Suite struct FirstDayTests {
    /// Thursday 26 November 2026, 10:00 in Helsinki.
    static let thursday = Fixture.instant("2026-11-26", 10, utcOffsetHours: 2)

    @Test func aChildAddedTodayStartsTodayAndHasNoMissedDays() throws {
        let f = try Fixture.small(at: Self.thursday)
        let sofia = try addSofia(to: f)
        #expect(f.daycare.roster.child(sofia)?.firstDay == Fixture.day("2026-11-26"))
        #expect(f.store.roster?.child(sofia)?.firstDay == Fixture.day("2026-11-26"))
        try f.daycare.setMark(child: sofia, task: f.dress, done: true)

        let strip = try f.daycare.weekStrip(of: sofia).map(\.mark)
        #expect(strip == [.beforeFirstDay, .beforeFirstDay, .beforeFirstDay, .beforeFirstDay, .beforeFirstDay, .beforeFirstDay, .all])
        let month = try f.daycare.monthHistory(of: sofia, month: Fixture.day("2026-11-26"))
        #expect(month.filter { $0.day < Fixture.day("2026-11-26") }.allSatisfy { $0.cell == .beforeFirstDay })
        #expect(month.first { $0.day == Fixture.day("2026-11-26") }?.cell == .share(done: 1, total: 1))
        // Aino, here since September, missed those days.
        #expect(try f.daycare.historyCell(of: f.aino, on: Fixture.day("2026-11-25")) == .share(done: 0, total: 3))
        #expect(try f.daycare.progress(of: sofia).streak == 1)
    }

    @Test func theShareRankingCountsANewcomerFromTheirFirstDay() throws {
        let f = try Fixture.small(at: Self.thursday)
        let sofia = try addSofia(to: f)
        try f.daycare.setMark(child: sofia, task: f.dress, done: true)
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        try f.daycare.setMark(child: f.eero, task: f.tidy, done: true)
        // Sofia did all she could since joining: 100 % for the week and the
        // month, as Eero's whole board today is 100 % of today only.
        for period in [Period.today, .week, .month, .allTime] {
            let share = f.daycare.leaderboardByShare(.allGroups, period)
            #expect(share.first { $0.child.id == sofia }?.points == 100, "\(period)")
        }
        // Eero, here since September, did one day of four this week (Mon–Thu).
        #expect(f.daycare.leaderboardByShare(.allGroups, .week).first { $0.child.id == f.eero }?.points == 25)
    }

    @Test func aChildFromAnOlderDataDirectoryStartsOnTheirFirstTick() throws {
        let store = Fixture.store()
        var roster = Roster()
        let group = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        let task = try roster.addTask(name: "Wash hands")
        let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
        let eero = try roster.addChild(name: "Eero", avatar: "🐢", group: group)
        for child in [aino, eero] { try roster.addToBoard(task, child: child) }
        store.roster = roster
        // Aino's first tick was in August, before the summary's six weeks; Eero never ticked.
        store.journals[Fixture.day("2026-08-10")] = [MarkEvent(child: aino, task: task, done: true, points: 1, boardComplete: true, at: 0)]
        store.journals[Fixture.day("2026-11-20")] = [MarkEvent(child: aino, task: task, done: true, points: 1, boardComplete: true, at: 0)]

        let first = try Daycare(store: store, clock: FixedClock(Self.thursday))
        #expect(first.firstDay(of: try #require(first.roster.child(aino))) == Fixture.day("2026-08-10"))
        #expect(first.firstDay(of: try #require(first.roster.child(eero))) == Fixture.day("2026-11-26"))
        #expect(store.summary?.firstTicks?[aino] == Fixture.day("2026-08-10"))

        // A summary saved by an older taskboard has no first ticks: the journals are read for them once.
        store.summary?.firstTicks = nil
        let again = try Daycare(store: store, clock: FixedClock(Self.thursday))
        #expect(again.firstDay(of: try #require(again.roster.child(aino))) == Fixture.day("2026-08-10"))
        #expect(store.summary?.firstTicks?[aino] == Fixture.day("2026-08-10"))
        #expect(try again.historyCell(of: eero, on: Fixture.day("2026-11-25")) == .beforeFirstDay)
        #expect(try again.historyCell(of: aino, on: Fixture.day("2026-11-25")) == .share(done: 0, total: 1))
    }

    @Test func aBrandNewDaycareHasNoMissedDays() throws {
        let store = Fixture.store()
        let daycare = try Daycare(store: store, clock: FixedClock(Self.thursday))
        try daycare.edit(RosterChange(.addGroup, "setup")) { (roster: inout Roster) throws(TaskBoardError) in
            let group = try roster.addGroup(name: "Oravat", avatar: "🐿️")
            let task = try roster.addTask(name: "Wash hands")
            for name in ["Aino", "Eero", "Väinö"] { try roster.addToBoard(task, child: try roster.addChild(name: name, avatar: "🦊", group: group)) }
        }
        for child in daycare.roster.children {
            let strip = try daycare.weekStrip(of: child.id).map(\.mark)
            #expect(strip.dropLast().allSatisfy { $0 == .beforeFirstDay })
            #expect(strip.last == DayMark.none)
        }
    }

    @Test func aTickOnADayBeforeTheFirstMovesTheFirstDayBack() throws {
        let f = try Fixture.small(at: Self.thursday)
        let sofia = try addSofia(to: f)
        try f.daycare.setMark(child: sofia, task: f.dress, done: true, on: Fixture.day("2026-11-24"))
        let child = try #require(f.daycare.roster.child(sofia))
        #expect(f.daycare.firstDay(of: child) == Fixture.day("2026-11-24"))
        #expect(try f.daycare.historyCell(of: sofia, on: Fixture.day("2026-11-24")) == .share(done: 1, total: 1))
        #expect(try f.daycare.historyCell(of: sofia, on: Fixture.day("2026-11-23")) == .beforeFirstDay)
    }

    private func addSofia(to f: Fixture.Small) throws -> ChildID {
        try f.daycare.edit(RosterChange(.addChild, "Sofia")) { (roster: inout Roster) throws(TaskBoardError) in
            let sofia = try roster.addChild(name: "Sofia", avatar: "🦋", group: f.squirrels)
            try roster.addToBoard(f.dress, child: sofia)
            return sofia
        }
    }
}
