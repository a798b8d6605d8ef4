import Foundation
import Testing
@testable import TaskBoard

@Suite struct LeaderboardTests {
    typealias Row = Fixture.Row

    /// Group "Owls": Onni, aino (lower case), Bertta, Celia, Zero; group "Foxes": Kalle.
    /// Everyone has the same board: tasks worth 1, 2 and 5 points.
    private struct Owls {
        let daycare: Daycare
        let clock: FixedClock
        let store: InMemoryStore
        let owls: GroupID
        let foxes: GroupID
        let kids: [String: ChildID]
        let tasks: [TaskID]

        func tick(_ name: String, _ taskIndex: Int) throws {
            let change = try daycare.setMark(child: kids[name]!, task: tasks[taskIndex], done: true)
            #expect(change != nil, "\(name) task \(taskIndex) was already done")
        }
    }

    private func owls(at now: Date) throws -> Owls {
        let store = Fixture.store()
        let clock = FixedClock(now)
        let daycare = try Daycare(store: store, clock: clock)
        var result: (GroupID, GroupID, [String: ChildID], [TaskID])!
        try daycare.edit(RosterChange(.addGroup, "setup")) { (r: inout Roster) throws(TaskBoardError) in
            let owls = try r.addGroup(name: "Owls", avatar: "🦉")
            let foxes = try r.addGroup(name: "Foxes", avatar: "🦊")
            let tasks = [try r.addTask(name: "One", points: 1), try r.addTask(name: "Two", points: 2),
                         try r.addTask(name: "Five", points: 5)]
            var kids: [String: ChildID] = [:]
            for name in ["Onni", "aino", "Bertta", "Celia", "Zero"] {
                kids[name] = try r.addChild(name: name, avatar: "🙂", group: owls)
            }
            kids["Kalle"] = try r.addChild(name: "Kalle", avatar: "🙂", group: foxes)
            for child in kids.values { for task in tasks { try r.addToBoard(task, child: child) } }
            result = (owls, foxes, kids, tasks)
        }
        return Owls(daycare: daycare, clock: clock, store: store, owls: result.0, foxes: result.1,
                    kids: result.2, tasks: result.3)
    }

    @Test func largestFirstTiesShareARankAndGoByNameZerosListed() throws {
        let o = try owls(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        try o.tick("Onni", 2)                      // 5
        try o.tick("Bertta", 2)                    // 5
        try o.tick("aino", 2)                      // 5
        try o.tick("Celia", 0); try o.tick("Celia", 1) // 3
        try o.tick("Kalle", 0); try o.tick("Kalle", 1); try o.tick("Kalle", 2) // 8

        #expect(Fixture.rows(o.daycare.leaderboard(.group(o.owls), .today)) == [
            Row("aino", 1, 5), Row("Bertta", 1, 5), Row("Onni", 1, 5), Row("Celia", 4, 3), Row("Zero", 5, 0),
        ])
        #expect(Fixture.rows(o.daycare.leaderboard(.allGroups, .today)) == [
            Row("Kalle", 1, 8), Row("aino", 2, 5), Row("Bertta", 2, 5), Row("Onni", 2, 5),
            Row("Celia", 5, 3), Row("Zero", 6, 0),
        ])
        #expect(Fixture.rows(o.daycare.leaderboard(.group(o.foxes), .allTime)) == [Row("Kalle", 1, 8)])
    }

    @Test func rankOneOneThree() {
        let g = GroupID(1)
        let children = [Child(id: ChildID(3), name: "Cecilia", avatar: "", groupID: g),
                        Child(id: ChildID(1), name: "Aada", avatar: "", groupID: g),
                        Child(id: ChildID(2), name: "Bea", avatar: "", groupID: g)]
        let rows = Fixture.rows(Leaderboard.rank(children, points: [ChildID(1): 4, ChildID(2): 4, ChildID(3): 2]))
        #expect(rows == [Row("Aada", 1, 4), Row("Bea", 1, 4), Row("Cecilia", 3, 2)])
        // Everyone at zero shares rank 1, in name order.
        #expect(Fixture.rows(Leaderboard.rank(children, points: [:])) ==
                [Row("Aada", 1, 0), Row("Bea", 1, 0), Row("Cecilia", 1, 0)])
        // Equal names fall back to the id, so the order never flickers.
        let twins = [Child(id: ChildID(9), name: "Aino", avatar: "", groupID: g),
                     Child(id: ChildID(5), name: "Aino", avatar: "", groupID: GroupID(2))]
        #expect(Leaderboard.rank(twins, points: [:]).map(\.child.id) == [ChildID(5), ChildID(9)])
        #expect(Leaderboard.rank([], points: [ChildID(1): 3]).isEmpty)
    }

    @Test func periodsTodayWeekMonthAllTime() throws {
        // Ticks on Fri 2026-10-30, Sat 10-31, Sun 11-01, Sun 11-22, Mon 11-23, Tue 11-24.
        let o = try owls(at: Fixture.instant("2026-10-30", 10, utcOffsetHours: 2))
        func at(_ date: String) throws {
            o.clock.set(Fixture.instant(date, 10, utcOffsetHours: 2))
            #expect(try o.daycare.syncDay())
        }
        try o.tick("Onni", 0)                        // Fri 10-30: Onni 1
        try at("2026-10-31"); try o.tick("Onni", 1)   // Sat 10-31: Onni 2
        try at("2026-11-01"); try o.tick("Bertta", 2) // Sun 11-01: Bertta 5
        try at("2026-11-22"); try o.tick("Onni", 2)   // Sun 11-22: Onni 5
        try o.tick("Kalle", 0)                        //            Kalle 1
        try at("2026-11-23"); try o.tick("Bertta", 0) // Mon 11-23: Bertta 1
        try at("2026-11-24"); try o.tick("Celia", 1)  // Tue 11-24: Celia 2
        try o.tick("Bertta", 1)                        //            Bertta 2

        let d = o.daycare
        let (onni, bertta, celia, kalle) = (o.kids["Onni"]!, o.kids["Bertta"]!, o.kids["Celia"]!, o.kids["Kalle"]!)
        #expect(d.points(.today) == [celia: 2, bertta: 2])
        #expect(d.points(.week) == [celia: 2, bertta: 3])          // Mon 11-23 .. Sun 11-29
        #expect(d.points(.month) == [onni: 5, kalle: 1, bertta: 8, celia: 2]) // November
        #expect(d.points(.allTime) == [onni: 8, kalle: 1, bertta: 8, celia: 2])

        #expect(Fixture.rows(d.leaderboard(.group(o.owls), .week)) == [
            Row("Bertta", 1, 3), Row("Celia", 2, 2), Row("aino", 3, 0), Row("Onni", 3, 0), Row("Zero", 3, 0),
        ])
        #expect(Fixture.rows(d.leaderboard(.allGroups, .month)) == [
            Row("Bertta", 1, 8), Row("Onni", 2, 5), Row("Celia", 3, 2), Row("Kalle", 4, 1),
            Row("aino", 5, 0), Row("Zero", 5, 0),
        ])
        #expect(Fixture.rows(d.leaderboard(.allGroups, .allTime)) == [
            Row("Bertta", 1, 8), Row("Onni", 1, 8), Row("Celia", 3, 2), Row("Kalle", 4, 1),
            Row("aino", 5, 0), Row("Zero", 5, 0),
        ])

        // On Sunday 11-22 the week was Mon 11-16 .. Sun 11-22.
        o.clock.set(Fixture.instant("2026-11-22", 18, utcOffsetHours: 2))
        #expect(try d.syncDay())
        #expect(d.points(.week) == [onni: 5, kalle: 1])
        #expect(d.points(.today) == [onni: 5, kalle: 1])
        // On Sunday 11-01 the week began Mon 10-26 and took in October's last days.
        o.clock.set(Fixture.instant("2026-11-01", 18, utcOffsetHours: 2))
        #expect(try d.syncDay())
        #expect(d.points(.week) == [onni: 3, bertta: 5])
        #expect(d.points(.today) == [bertta: 5])
        // On Saturday 10-31 October held Onni's 1 and 2.
        o.clock.set(Fixture.instant("2026-10-31", 18, utcOffsetHours: 2))
        #expect(try d.syncDay())
        #expect(d.points(.month) == [onni: 3])
        #expect(d.points(.allTime) == [onni: 8, kalle: 1, bertta: 8, celia: 2])
    }

    @Test func periodRangesAreMondayFirst() {
        let sunday = Fixture.day("2026-11-22"), monday = Fixture.day("2026-11-23")
        #expect(Period.week.days(around: sunday) == Fixture.day("2026-11-16")...sunday)
        #expect(Period.week.days(around: monday) == monday...Fixture.day("2026-11-29"))
        #expect(Period.month.days(around: Fixture.day("2028-02-10")) == Fixture.day("2028-02-01")...Fixture.day("2028-02-29"))
        #expect(Period.today.days(around: monday) == monday...monday)
        #expect(Period.allTime.days(around: monday) == nil)
    }
}

/// The Daycare keeps ranked leaderboards between changes; every change shows at once.
@Suite struct LeaderboardCacheTests {
    @Test func aTickARenameAndAnUndoShowInTheNextLeaderboard() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        #expect(f.daycare.leaderboard(.allGroups, .today).first?.points == 0)
        try f.daycare.toggle(child: f.ville, task: f.teeth)
        #expect(Fixture.rows(f.daycare.leaderboard(.allGroups, .today)).first == Fixture.Row("Ville", 1, 3))
        try f.daycare.perform(.renameChild(f.ville, to: "Vilho"))
        #expect(f.daycare.leaderboard(.allGroups, .today).first?.child.name == "Vilho")
        try f.daycare.undo()
        try f.daycare.undo()
        #expect(Fixture.rows(f.daycare.leaderboard(.allGroups, .today)).first == Fixture.Row("Aino", 1, 0))
    }
}

@Suite struct NameOrderTests {
    @Test func finnishPutsÅÄÖAfterZAndEnglishWithAAndO() {
        let names = ["Öhman", "Väinö", "Ällä", "Veeti", "Aino"]
        #expect(names.sorted(by: NameOrder.finnish.precedes) == ["Aino", "Veeti", "Väinö", "Ällä", "Öhman"])
        #expect(names.sorted(by: NameOrder.english.precedes) == ["Aino", "Ällä", "Öhman", "Väinö", "Veeti"])
        #expect(!NameOrder.finnish.precedes("aino", "Aino") && !NameOrder.finnish.precedes("Aino", "aino"))
    }

    @Test func leaderboardTiesFollowTheLanguage() {
        let group = GroupID(1)
        let children = ["Öhman", "Väinö", "Ällä", "Veeti", "Aino"].enumerated().map {
            Child(id: ChildID($0.offset + 10), name: $0.element, avatar: "🙂", groupID: group)
        }
        #expect(Leaderboard.rank(children, points: [:], order: .finnish).map(\.child.name) == ["Aino", "Veeti", "Väinö", "Ällä", "Öhman"])
        #expect(Leaderboard.rank(children, points: [:], order: .english).map(\.child.name) == ["Aino", "Ällä", "Öhman", "Väinö", "Veeti"])
    }
}

/// Issue 11: the kinder styles' order and totals.
@Suite struct LeaderboardStyleOrderTests {
    @Test func byNameAndGroupTotals() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.setMark(child: f.ville, task: f.teeth, done: true)   // Ville 3
        try f.daycare.setMark(child: f.eero, task: f.tidy, done: true)     // Eero 2
        try f.daycare.setMark(child: f.aino, task: f.dress, done: true)    // Aino 1
        let byName = f.daycare.pointsByName(.allGroups, .today)
        #expect(byName.map(\.child.name) == ["Aino", "Eero", "Ville"])
        #expect(byName.map(\.points) == [1, 2, 3])
        #expect(byName.allSatisfy { $0.rank == 0 })
        #expect(f.daycare.leaderboard(.allGroups, .today).map(\.child.name) == ["Ville", "Eero", "Aino"])
        let totals = f.daycare.groupTotals(.allGroups, .today)
        #expect(totals.map(\.group.name) == ["Squirrels", "Bears"])
        #expect(totals.map(\.points) == [3, 3])
        #expect(f.daycare.groupTotals(.group(f.bears), .today).map(\.points) == [3])
        #expect(f.daycare.groupTotals(.allGroups, .week).map(\.points) == [3, 3])
    }
}

/// Issue 11: ranking by the share of one's own board, so a bigger board
/// does not win by its size alone.
@Suite struct ShareRankingTests {
    @Test func aSmallBoardDoneBeatsABigBoardHalfDone() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-04", 10, utcOffsetHours: 2))
        try f.daycare.setMark(child: f.aino, task: f.teeth, done: true)   // 3 of Aino's 6 a day
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)   // Eero's whole 3
        try f.daycare.setMark(child: f.eero, task: f.tidy, done: true)
        #expect(f.daycare.points(.today)[f.aino] == f.daycare.points(.today)[f.eero])
        let today = f.daycare.leaderboardByShare(.allGroups, .today)
        #expect(today.map(\.child.name) == ["Eero", "Aino", "Ville"])
        #expect(today.map(\.points) == [100, 50, 0])
        // This week, Monday to today (Wednesday): three days each.
        let week = f.daycare.leaderboardByShare(.allGroups, .week)
        #expect(week.map(\.points) == [33, 16, 0])
        // Days closed since count against nobody (the cached ranking is redone).
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", closedDays: [Day("2026-11-02")!]))
        #expect(f.daycare.leaderboardByShare(.allGroups, .week).map(\.points) == [50, 25, 0])
        // A day away counts against nobody.
        try f.daycare.setAway(child: f.eero, away: true, on: Day("2026-11-03")!)
        #expect(f.daycare.leaderboardByShare(.allGroups, .week).first?.points == 100)
    }
}
