import Foundation
import Testing
@testable import TaskBoard

/// The mark summary (a 42-day window plus totals of older days) must always
/// agree with the journals, across restarts, stale copies and crashes.
@Suite struct SummaryWindowTests {
    /// A deterministic generator, so a failure can be replayed.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// What the test itself believes was ticked: day -> child -> task -> points.
    private struct Model {
        var marks: [Day: [ChildID: [TaskID: Int]]] = [:]

        func points(_ include: (Day) -> Bool) -> [ChildID: Int] {
            var totals: [ChildID: Int] = [:]
            for (day, children) in marks where include(day) {
                for (child, tasks) in children { totals[child, default: 0] += tasks.values.reduce(0, +) }
            }
            return totals.filter { $0.value != 0 }
        }

        /// Expected points per period, with weeks and months worked out by
        /// Foundation's Gregorian calendar rather than by `Day`.
        func expected(today: Day) -> [Period: [ChildID: Int]] {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            utc.firstWeekday = 2
            func date(_ day: Day) -> Date { Date(timeIntervalSince1970: TimeInterval(day.number * 86_400)) }
            let now = date(today)
            return [
                .today: points { $0 == today },
                .week: points { utc.isDate(date($0), equalTo: now, toGranularity: .weekOfYear) },
                .month: points { utc.isDate(date($0), equalTo: now, toGranularity: .month) },
                .allTime: points { _ in true },
            ]
        }
    }

    private static func noon(_ day: Day) -> Date {
        // 12:00 UTC is 14:00 or 15:00 in Helsinki: always the same date.
        Date(timeIntervalSince1970: TimeInterval(day.number * 86_400 + 12 * 3600))
    }

    /// Simulates `days` days from `first`: random ticks and unticks, a task
    /// value change now and then, and closed days. Calls `each` at the end of every day.
    private func simulate(_ f: Fixture.Small, from first: Day, days: Int, model: inout Model,
                          seed: UInt64, each: (Day, Model) throws -> Void = { _, _ in }) throws {
        var random = Random(state: seed)
        let boards: [(ChildID, [TaskID])] = [(f.aino, [f.dress, f.tidy, f.teeth]), (f.eero, [f.dress, f.tidy]),
                                              (f.ville, [f.dress, f.tidy, f.teeth])]
        for offset in 0..<days {
            let day = first.advanced(by: offset)
            f.clock.set(Self.noon(day))
            try f.daycare.syncDay()
            if random.next(7) == 0 { try each(day, model); continue } // closed
            if random.next(10) == 0 {
                let task = [f.dress, f.tidy, f.teeth][random.next(3)]
                let value = 1 + random.next(10)
                try f.daycare.edit(RosterChange(.setTaskPoints, "points")) { (r: inout Roster) throws(TaskBoardError) in
                    try r.setTaskPoints(task, to: value)
                }
            }
            for _ in 0..<(1 + random.next(12)) {
                let (child, board) = boards[random.next(boards.count)]
                let task = board[random.next(board.count)]
                let done = random.next(4) != 0
                let wasDone = model.marks[day]?[child]?[task] != nil
                let change = try f.daycare.setMark(child: child, task: task, done: done)
                #expect((change == nil) == (wasDone == done))
                if done && !wasDone {
                    model.marks[day, default: [:]][child, default: [:]][task] = try #require(f.daycare.roster.task(task)).points
                } else if !done && wasDone {
                    model.marks[day]?[child]?[task] = nil
                }
            }
            try each(day, model)
        }
    }

    private func expectPoints(_ daycare: Daycare, _ model: Model, _ note: String) {
        let expected = model.expected(today: daycare.today)
        for period in Period.allCases {
            #expect(daycare.points(period) == expected[period], "\(period) \(note)")
        }
    }

    private func boards(_ daycare: Daycare, _ f: Fixture.Small) -> [[Fixture.Row]] {
        var all: [[Fixture.Row]] = []
        for scope in [LeaderboardScope.allGroups, .group(f.squirrels), .group(f.bears)] {
            for period in Period.allCases { all.append(Fixture.rows(daycare.leaderboard(scope, period))) }
        }
        return all
    }

    @Test func sixtyFiveDaysOfTicksAddUpExactlyAndSurviveARestart() throws {
        let first = Fixture.day("2026-09-01")
        let f = try Fixture.small(at: Self.noon(first))
        var model = Model()
        try simulate(f, from: first, days: 65, model: &model, seed: 42) { day, model in
            expectPoints(f.daycare, model, "on \(day)")
        }
        let expected = model.expected(today: f.daycare.today)
        let allTime = try #require(expected[.allTime])
        #expect(f.daycare.points(.allTime) == allTime)
        #expect(Fixture.pointsFromJournals(f.store) == allTime)
        // Something really happened, and the window really slid.
        #expect(allTime.values.reduce(0, +) > 300)
        #expect(try #require(f.store.summary).pointsBefore.isEmpty == false)

        let before = boards(f.daycare, f)
        let restarted = try f.restarted()
        #expect(boards(restarted, f) == before)
        expectPoints(restarted, model, "after restart")
    }

    @Test func aStaleSummaryIsRepairedFromTheJournals() throws {
        let first = Fixture.day("2026-09-01")
        let f = try Fixture.small(at: Self.noon(first))
        var model = Model()
        var staleCopies: [Day: MarkSummary] = [:]
        try simulate(f, from: first, days: 62, model: &model, seed: 7) { day, _ in
            if [first.advanced(by: 50), first.advanced(by: 60), first.advanced(by: 61)].contains(day) {
                staleCopies[day] = f.store.summary
            }
        }
        let today = first.advanced(by: 61)
        #expect(f.daycare.today == today)
        // Some ticks on the last day, after its summary copy was taken.
        try f.daycare.setMark(child: f.aino, task: f.dress, done: true)
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        try f.daycare.setMark(child: f.eero, task: f.dress, done: false)
        try f.daycare.setMark(child: f.eero, task: f.tidy, done: true)
        let expected = boards(f.daycare, f)
        let allTime = f.daycare.points(.allTime)
        #expect(Fixture.pointsFromJournals(f.store) == allTime)

        for (day, stale) in staleCopies.sorted(by: { $0.key < $1.key }) {
            f.store.summary = stale
            let restarted = try f.restarted()
            #expect(restarted.points(.allTime) == allTime, "summary from \(day)")
            #expect(boards(restarted, f) == expected, "summary from \(day)")
            // The repaired summary is saved, and a second restart agrees.
            #expect(boards(try f.restarted(), f) == expected, "second restart, summary from \(day)")
        }
    }

    @Test func anOldDayEditIsCountedOnceAlsoAfterACrash() throws {
        let first = Fixture.day("2026-09-01")
        let f = try Fixture.small(at: Self.noon(first))
        var model = Model()
        try simulate(f, from: first, days: 20, model: &model, seed: 99)
        // Back on a day before the window, with two marks already on it.
        let old = first.advanced(by: -100)
        f.clock.set(Self.noon(old))
        try f.daycare.syncDay()
        try f.daycare.setMark(child: f.ville, task: f.dress, done: true)
        model.marks[old, default: [:]][f.ville, default: [:]][f.dress] = try #require(f.daycare.roster.task(f.dress)).points
        try f.daycare.setMark(child: f.aino, task: f.tidy, done: true)
        model.marks[old, default: [:]][f.aino, default: [:]][f.tidy] = try #require(f.daycare.roster.task(f.tidy)).points
        let allTime = model.points { _ in true }
        #expect(f.daycare.points(.allTime) == allTime)
        #expect(f.store.summary?.pendingOldDay == nil)
        #expect(try f.restarted().points(.allTime) == allTime)

        let teeth = try #require(f.daycare.roster.task(f.teeth)).points
        let tick = MarkEvent(child: f.ville, task: f.teeth, done: true, points: teeth, boardComplete: false, at: 0)
        let pendingEdit = PendingOldDayEdit(day: old, pointsBeforeEdit: DayMarks(replaying: f.store.journals[old] ?? []).tally.points)
        #expect(pendingEdit.pointsBeforeEdit.count == 2)
        var withTick = allTime
        withTick[f.ville, default: 0] += teeth

        for clockDay in [old, first.advanced(by: 19)] {
            // Crashed after the summary said "pending" and the journal got the tick.
            let crashed = Fixture.copy(f.store)
            crashed.summary?.pendingOldDay = pendingEdit
            crashed.journals[old, default: []].append(tick)
            let clock = FixedClock(Self.noon(clockDay))
            let recovered = try Daycare(store: crashed, clock: clock)
            #expect(recovered.points(.allTime) == withTick, "clock on \(clockDay)")
            #expect(crashed.summary?.pendingOldDay == nil)
            #expect(try Daycare(store: crashed, clock: clock).points(.allTime) == withTick)
            #expect(Fixture.pointsFromJournals(crashed) == withTick)

            // Crashed after "pending" but before the append: nothing changes.
            let early = Fixture.copy(f.store)
            early.summary?.pendingOldDay = pendingEdit
            #expect(try Daycare(store: early, clock: clock).points(.allTime) == allTime, "clock on \(clockDay)")
            #expect(try Daycare(store: early, clock: clock).points(.allTime) == allTime)
        }

        // An untick of an old day, crashed after the append, takes the points back once.
        let untick = MarkEvent(child: f.aino, task: f.tidy, done: false, points: 0, boardComplete: false, at: 0)
        let crashed = Fixture.copy(f.store)
        crashed.summary?.pendingOldDay = pendingEdit
        crashed.journals[old, default: []].append(untick)
        var withoutTidy = allTime
        withoutTidy[f.aino, default: 0] -= try #require(model.marks[old]?[f.aino]?[f.tidy])
        withoutTidy = withoutTidy.filter { $0.value != 0 }
        #expect(try Daycare(store: crashed, clock: f.clock).points(.allTime) == withoutTidy)
        #expect(try Daycare(store: crashed, clock: f.clock).points(.allTime) == withoutTidy)
    }

    @Test func aLongGapFoldsEveryDayIntoTheTotals() throws {
        // The kiosk is switched off for three months and comes back.
        let first = Fixture.day("2026-09-01")
        let f = try Fixture.small(at: Self.noon(first))
        var model = Model()
        try simulate(f, from: first, days: 10, model: &model, seed: 5)
        let allTime = model.points { _ in true }
        let later = first.advanced(by: 100)
        f.clock.set(Self.noon(later))
        let restarted = try f.restarted()
        #expect(restarted.today == later)
        #expect(restarted.points(.allTime) == allTime)
        #expect(restarted.points(.month) == [:])
        #expect(try #require(f.store.summary).pointsBefore == allTime)
        #expect(try #require(f.store.summary).firstDay == later.advanced(by: 1 - MarkSummary.windowLength))
    }
}
