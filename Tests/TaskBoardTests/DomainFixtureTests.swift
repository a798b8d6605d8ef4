import Foundation
import Testing
@testable import TaskBoard

/// Shared helpers for the domain tests. Everything is in one namespace so it
/// cannot collide with helpers of other test files in the same module.
enum Fixture {
    static let helsinki = "Europe/Helsinki"

    /// A day from "YYYY-MM-DD"; the text is a literal in the tests.
    static func day(_ text: String) -> Day {
        guard let day = Day(text) else { fatalError("bad day literal \(text)") }
        return day
    }

    /// The instant that a wall clock at `utcOffsetHours` reads as "YYYY-MM-DD HH:MM".
    /// Computed from the day number, independently of Foundation's calendar,
    /// so that tests of `DayCalendar` do not check Foundation against itself.
    static func instant(_ date: String, _ hour: Int, _ minute: Int = 0, utcOffsetHours: Int) -> Date {
        let seconds = day(date).number * 86_400 + hour * 3600 + minute * 60 - utcOffsetHours * 3600
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// A store whose settings say `zone`, as if saved by an earlier run.
    static func store(zone: String = helsinki) -> InMemoryStore {
        let store = InMemoryStore()
        store.settings = Settings(timeZoneIdentifier: zone)
        return store
    }

    /// A copy of everything in the store, as a restart after a crash would find it.
    static func copy(_ store: InMemoryStore) -> InMemoryStore {
        let copy = InMemoryStore()
        copy.roster = store.roster
        copy.settings = store.settings
        copy.pin = store.pin
        copy.summary = store.summary
        copy.journals = store.journals
        return copy
    }

    /// A small daycare: group "Squirrels" with Aino and Eero, group "Bears"
    /// with Ville; tasks "Get dressed" (1 point), "Tidy the toys" (2) and
    /// "Brush teeth" (3). Aino's and Ville's boards hold all three tasks,
    /// Eero's the first two.
    struct Small {
        let daycare: Daycare
        let store: InMemoryStore
        let clock: FixedClock
        let squirrels: GroupID
        let bears: GroupID
        let aino: ChildID
        let eero: ChildID
        let ville: ChildID
        let dress: TaskID
        let tidy: TaskID
        let teeth: TaskID

        /// A new Daycare over the same store and clock: a restart.
        func restarted() throws -> Daycare { try Daycare(store: store, clock: clock) }

        /// The clock moved to that day (10:00 in Helsinki, or `hour`), and the daycare with it.
        func at(_ date: String, hour: Int = 10) throws {
            clock.set(Fixture.instant(date, hour, utcOffsetHours: 2))
            try daycare.syncDay()
        }

        /// Eero's whole board done today.
        func finishEero() throws {
            try daycare.setMark(child: eero, task: dress, done: true)
            try daycare.setMark(child: eero, task: tidy, done: true)
        }
    }

    static func small(at now: Date, zone: String = helsinki) throws -> Small {
        let store = store(zone: zone)
        let clock = FixedClock(now)
        let daycare = try Daycare(store: store, clock: clock)
        var ids: (GroupID, GroupID, ChildID, ChildID, ChildID, TaskID, TaskID, TaskID)!
        try daycare.edit(RosterChange(.addGroup, "setup")) { (roster: inout Roster) throws(TaskBoardError) in
            let squirrels = try roster.addGroup(name: "Squirrels", avatar: "🐿️")
            let bears = try roster.addGroup(name: "Bears", avatar: "🐻")
            let dress = try roster.addTask(name: "Get dressed", points: 1)
            let tidy = try roster.addTask(name: "Tidy the toys", points: 2)
            let teeth = try roster.addTask(name: "Brush teeth", points: 3)
            let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
            let eero = try roster.addChild(name: "Eero", avatar: "🐢", group: squirrels)
            let ville = try roster.addChild(name: "Ville", avatar: "🦉", group: bears)
            for task in [dress, tidy, teeth] {
                try roster.addToBoard(task, child: aino)
                try roster.addToBoard(task, child: ville)
            }
            try roster.addToBoard(dress, child: eero)
            try roster.addToBoard(tidy, child: eero)
            // Children of a daycare that has been running since September: their earlier days count.
            for index in roster.children.indices { roster.children[index].firstDay = Day("2026-09-01") }
            ids = (squirrels, bears, aino, eero, ville, dress, tidy, teeth)
        }
        return Small(daycare: daycare, store: store, clock: clock, squirrels: ids.0, bears: ids.1,
                     aino: ids.2, eero: ids.3, ville: ids.4, dress: ids.5, tidy: ids.6, teeth: ids.7)
    }

    /// The leaderboard as (name, rank, points) rows, easy to compare exactly.
    static func rows(_ entries: [LeaderboardEntry]) -> [Row] {
        entries.map { Row(name: $0.child.name, rank: $0.rank, points: $0.points) }
    }

    struct Row: Equatable, CustomStringConvertible {
        let name: String
        let rank: Int
        let points: Int
        init(name: String, rank: Int, points: Int) {
            self.name = name
            self.rank = rank
            self.points = points
        }
        init(_ name: String, _ rank: Int, _ points: Int) { self.init(name: name, rank: rank, points: points) }
        var description: String { "\(rank). \(name) \(points)" }
    }

    /// All-time points recomputed straight from the journals, bypassing the summary.
    static func pointsFromJournals(_ store: InMemoryStore) -> [ChildID: Int] {
        var totals: [ChildID: Int] = [:]
        for events in store.journals.values {
            for (child, points) in DayMarks(replaying: events).tally.points { totals[child, default: 0] += points }
        }
        return totals
    }
}

@Suite struct DomainFixtureTests {
    @Test func instantIsTheWallClockReadingAtTheOffset() {
        // 2026-03-29 02:30 at UTC+2 is 00:30 UTC.
        #expect(Fixture.instant("2026-03-29", 2, 30, utcOffsetHours: 2).timeIntervalSince1970 == 1_774_744_200)
        #expect(Fixture.instant("1970-01-01", 0, utcOffsetHours: 0).timeIntervalSince1970 == 0)
        #expect(Fixture.instant("1970-01-02", 1, utcOffsetHours: 1).timeIntervalSince1970 == 86_400)
    }

    @Test func smallDaycareHasTheDocumentedShape() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        let roster = f.daycare.roster
        #expect(roster.children(in: f.squirrels).map(\.name) == ["Aino", "Eero"])
        #expect(roster.children(in: f.bears).map(\.name) == ["Ville"])
        #expect(roster.boardTasks(of: f.aino).map(\.points) == [1, 2, 3])
        #expect(roster.boardTasks(of: f.eero).map(\.name) == ["Get dressed", "Tidy the toys"])
        #expect(f.daycare.today == Fixture.day("2026-11-23"))
        #expect(f.daycare.calendar.timeZone.identifier == "Europe/Helsinki")
    }
}
