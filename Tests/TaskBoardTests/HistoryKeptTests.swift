import Foundation
import Testing
@testable import TaskBoard

/// Issue 43: ticks and absences kept only as long as the setting says
/// (12 months unless changed; 0 keeps them for good). The kiosk removes
/// older days at its start and at each day's change
/// (`removeHistoryNotKept`); "all time" counts from the first day kept.
@Suite struct HistoryKeptTests {
    @Test func theFirstDayKeptIsTheSameDayMonthsBack() {
        let day = Fixture.day
        #expect(HistoryKept.firstDay(keepingMonths: 12, on: day("2026-12-03")) == day("2025-12-03"))
        #expect(HistoryKept.firstDay(keepingMonths: 3, on: day("2026-02-15")) == day("2025-11-15"))
        // A month shorter than the day: its last day.
        #expect(HistoryKept.firstDay(keepingMonths: 12, on: day("2024-02-29")) == day("2023-02-28"))
        #expect(HistoryKept.firstDay(keepingMonths: 6, on: day("2026-08-31")) == day("2026-02-28"))
        #expect(HistoryKept.firstDay(keepingMonths: 0, on: day("2026-12-03")) == nil, "forever")
        #expect(Settings().keepHistoryMonths == 12)
        #expect(Settings(keepHistoryMonths: 48).keepHistoryMonths == 0, "a value not offered (a newer version's) removes nothing")
    }

    @Test func anOlderSettingsFileKeepsTwelveMonthsAndTheChoiceIsSaved() throws {
        let old = try Settings(json: JSONValue.parse(Data(#"{"idleLogoutMinutes":2}"#.utf8)))
        #expect(old.keepHistoryMonths == 12)
        let encoded = try JSONEncoder().encode(Settings(keepHistoryMonths: 0))
        #expect(try Settings(json: JSONValue.parse(encoded)).keepHistoryMonths == 0)
    }

    /// Two years of a tick a day for Aino (1 point) and an absence for
    /// Eero every tenth day, written as an older taskboard would have kept them.
    private func twoYears(_ f: Fixture.Small, until last: Day) {
        var away: [Day: Set<ChildID>] = [:]
        for offset in 0..<730 {
            let day = last.advanced(by: -offset)
            f.store.journals[day] = [MarkEvent(child: f.aino, task: f.dress, done: true, points: 1, boardComplete: false, at: 0)]
            if offset % 10 == 0 { away[day] = [f.eero] }
        }
        f.store.attendance = Attendance(away: away)
        f.store.summary = nil
    }

    @Test func twoYearsWithTwelveMonthsKeptKeepTwelveMonthsAtStartAndAfterTheDayChanges() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 10, utcOffsetHours: 2))
        let yesterday = Fixture.day("2026-11-21")
        twoYears(f, until: yesterday)
        let daycare = try f.restarted()
        #expect(f.store.journals.count == 730, "opening alone removes nothing (a command does not)")
        daycare.removeHistoryNotKept()
        let first = Fixture.day("2025-11-22")
        #expect(f.store.journals.keys.min() == first)
        #expect(f.store.journals.count == first.distance(to: yesterday) + 1)
        #expect(daycare.attendance.away.keys.allSatisfy { $0 >= first })
        #expect(daycare.points(.allTime)[f.aino] == f.store.journals.count, "all time counts the days kept")
        #expect(daycare.points(.allTime) == Fixture.pointsFromJournals(f.store))
        #expect(daycare.firstDayCounted == first)
        let notes = daycare.takeStorageNotes()
        #expect(notes.contains { $0.hasPrefix("ticks and absences before 2025-11-22 removed (Settings keeps 12 months): 365 days of ticks") }, "\(notes)")

        // The leaderboard read before the day changes, and after: one day fewer.
        let before = daycare.leaderboard(.allGroups, .allTime).first { $0.child.id == f.aino }?.points
        f.clock.set(Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        #expect(try daycare.syncDay())
        daycare.removeHistoryNotKept()
        #expect(f.store.journals.keys.min() == first.advanced(by: 1))
        let after = daycare.leaderboard(.allGroups, .allTime).first { $0.child.id == f.aino }?.points
        #expect(after == (before ?? 0) - 1, "not a leaderboard kept from before")
        #expect(daycare.points(.allTime) == Fixture.pointsFromJournals(f.store))
    }

    /// A tick or an absence for a day the setting no longer keeps would be
    /// removed at the next start: refused, saying why; kept forever, allowed.
    @Test func aChangeBeforeTheFirstDayKeptIsRefused() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 10, utcOffsetHours: 2))
        let old = Fixture.day("2025-11-21")
        #expect(throws: TaskBoardError.dayNotKept(old, first: Fixture.day("2025-11-22"))) {
            try f.daycare.setMark(child: f.aino, task: f.dress, done: true, on: old)
        }
        #expect(throws: TaskBoardError.dayNotKept(old, first: Fixture.day("2025-11-22"))) {
            try f.daycare.setAway(child: f.aino, away: true, on: old)
        }
        #expect(try f.daycare.setMark(child: f.aino, task: f.dress, done: true, on: old.advanced(by: 1)) != nil, "the first day kept is kept")
        var settings = f.daycare.settings
        settings.keepHistoryMonths = 0
        try f.daycare.updateSettings(settings)
        #expect(try f.daycare.setMark(child: f.aino, task: f.dress, done: true, on: old) != nil)
    }

    @Test func foreverKeepsEveryDay() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 10, utcOffsetHours: 2))
        f.store.settings?.keepHistoryMonths = 0
        twoYears(f, until: Fixture.day("2026-11-21"))
        let daycare = try f.restarted()
        daycare.removeHistoryNotKept()
        #expect(f.store.journals.count == 730)
        #expect(daycare.points(.allTime)[f.aino] == 730)
        #expect(daycare.firstDayCounted == nil)
        #expect(daycare.takeStorageNotes().isEmpty)
    }

    @Test func aStoreOnlyReadIsNotAskedToRemoveAnything() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 10, utcOffsetHours: 2))
        twoYears(f, until: Fixture.day("2026-11-21"))
        let store = ReadOnlyStore(inner: f.store)
        try Daycare(store: store, clock: f.clock).removeHistoryNotKept()
        #expect(store.removals == 0)
        #expect(f.store.journals.count == 730)
    }

    /// The clock set a year and more ahead would take every day: nothing goes, and the log asks about the clock.
    @Test func aClockFarAheadRemovesNothing() throws {
        let f = try Fixture.small(at: Fixture.instant("2028-01-10", 10, utcOffsetHours: 2))
        twoYears(f, until: Fixture.day("2026-11-21"))
        let daycare = try f.restarted()
        daycare.removeHistoryNotKept()
        #expect(f.store.journals.count == 730)
        #expect(daycare.takeStorageNotes().contains { $0.contains("is the clock right?") })
    }

    /// A removal cut off after its first step (the summary says it was under
    /// way) is rebuilt from the journals at the next start: no total counts a day gone.
    @Test func aRemovalCutOffIsRebuiltFromTheJournals() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 10, utcOffsetHours: 2))
        twoYears(f, until: Fixture.day("2026-11-21"))
        let daycare = try f.restarted()
        daycare.flush()
        var summary = try #require(f.store.summary)
        summary.removingBefore = Fixture.day("2025-11-22")
        f.store.summary = summary
        // Cut off after half the journals went.
        for day in f.store.journals.keys where day < Fixture.day("2025-06-01") { f.store.journals[day] = nil }
        let restarted = try f.restarted()
        #expect(restarted.points(.allTime) == Fixture.pointsFromJournals(f.store))
        restarted.removeHistoryNotKept()
        #expect(restarted.points(.allTime) == Fixture.pointsFromJournals(f.store))
        #expect(f.store.journals.keys.min() == Fixture.day("2025-11-22"))
        #expect(f.store.summary?.removingBefore == nil)
    }

    /// Marks read after the first frame (`marksLater`), a leaderboard read
    /// before and after the removal on the same day: the new totals, not the ranks kept.
    @Test func aLeaderboardReadBeforeTheRemovalIsNotServedAfterIt() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 10, utcOffsetHours: 2))
        twoYears(f, until: Fixture.day("2026-11-21"))
        let daycare = try Daycare(store: f.store, clock: f.clock, marksLater: true)
        try daycare.finishOpening()
        let before = daycare.leaderboard(.allGroups, .allTime).first { $0.child.id == f.aino }?.points
        #expect(before == 730)
        daycare.removeHistoryNotKept()
        let after = daycare.leaderboard(.allGroups, .allTime).first { $0.child.id == f.aino }?.points
        #expect(after == 365)
    }
}

/// A store opened only to look (a viewer): it says so and every save throws.
private final class ReadOnlyStore: BoardStore {
    let inner: InMemoryStore
    var removals = 0
    init(inner: InMemoryStore) { self.inner = inner }
    struct Refused: Error {}
    var isReadOnly: Bool { true }
    func loadRoster() throws -> Roster? { try inner.loadRoster() }
    func saveRoster(_ roster: Roster) throws { throw Refused() }
    func loadSettings() throws -> Settings? { try inner.loadSettings() }
    func saveSettings(_ settings: Settings) throws { throw Refused() }
    func loadAttendance() throws -> Attendance? { try inner.loadAttendance() }
    func saveAttendance(_ attendance: Attendance) throws { throw Refused() }
    func loadPin() throws -> PinRecord? { try inner.loadPin() }
    func savePin(_ pin: PinRecord) throws { throw Refused() }
    func updatePin(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord { throw Refused() }
    func loadMarkSummary() throws -> MarkSummary? { try inner.loadMarkSummary() }
    func saveMarkSummary(_ summary: MarkSummary) throws { throw Refused() }
    func appendMark(_ event: MarkEvent, on day: Day) throws { throw Refused() }
    func appendMarks(_ events: [MarkEvent], on day: Day) throws { throw Refused() }
    func marks(on day: Day) throws -> [MarkEvent] { try inner.marks(on: day) }
    func marks(in days: ClosedRange<Day>) throws -> [Day: [MarkEvent]] { try inner.marks(in: days) }
    func markJournalLength(on day: Day) throws -> Int { try inner.markJournalLength(on: day) }
    func markJournalDays() throws -> [Day] { try inner.markJournalDays() }
    func removeHistory(journals days: [Day], before first: Day) throws {
        removals += 1
        throw Refused()
    }
    func makeDailyBackup(on day: Day) throws { throw Refused() }
}
