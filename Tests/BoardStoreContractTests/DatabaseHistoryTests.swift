import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 43 on a shared database: two years of ticks and a 12-month
/// setting keep 12 months on the server after a kiosk sees it, and every
/// kiosk's all-time totals count the days kept, the kiosk that removed them
/// and the one that did not alike; a late outbox tick of a removed day is
/// dropped, not sent for ever.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct DatabaseHistoryTests {
    let today = Day(year: 2026, month: 11, day: 22)!

    @Test func twoYearsKeepTwelveMonthsOnTheServerAndInEveryKiosksTotals() throws {
        let database = try TestDatabase.makeEmpty()
        let owner = try database.openDatabase(kiosk: "Office")
        let roster = try Samples.roster()
        let aino = try #require(roster.children.first { $0.name == "Aino" })
        let task = try #require(aino.board.first)
        try owner.saveRoster(roster)
        var settings = Settings(timeZoneIdentifier: "Europe/Helsinki", keepHistoryMonths: 0)
        try owner.saveSettings(settings)
        // Two years, one tick a day, and an absence every 30 days.
        var away: [(day: Day, child: ChildID, away: Bool)] = []
        for offset in 1...730 {
            let day = today.advanced(by: -offset)
            try owner.appendMarks([(UUID(), MarkEvent(child: aino.id, task: task, done: true, points: 1, boardComplete: false, at: 0))], on: day)
            if offset % 30 == 0 { away.append((day, aino.id, true)) }
        }
        try owner.setAway(away)
        let clock = FixedClock(Date(timeIntervalSince1970: TimeInterval(today.firstSecond + 8 * 3600)))

        // Two kiosks, each with its totals made while every day was kept.
        func kiosk(_ name: String) throws -> (KioskDatabaseStore, URL) {
            let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-history-\(name)-\(UUID().uuidString)")
            let store = try KioskDatabaseStore(login: DatabaseLogin(address: database.address, password: database.password, kioskName: name),
                                               localDirectory: local, today: today, now: { clock.now() })
            return (store, local)
        }
        let (hall, hallLocal) = try kiosk("Hall"), (kitchen, kitchenLocal) = try kiosk("Kitchen")
        defer {
            hall.close()
            kitchen.close()
            for url in [hallLocal, kitchenLocal] { try? FileManager.default.removeItem(at: url) }
        }
        for store in [hall, kitchen] {
            let daycare = try Daycare(store: store, clock: clock)
            #expect(daycare.points(.allTime)[aino.id] == 730)
            daycare.flush()
        }
        let old = today.advanced(by: -500)

        // Twelve months from now on: the kiosks see it and the days before go from the server.
        settings.keepHistoryMonths = 12
        try owner.saveSettings(settings)
        let first = Day(year: 2025, month: 11, day: 22)!
        #expect(waitUntil(20) { (try? database.column("SELECT to_char(first_day, 'YYYY-MM-DD') FROM history_kept")) == [first.description] } != nil)
        #expect(try database.column("SELECT count(*)::text FROM mark_events WHERE day < '\(first)'") == ["0"])
        #expect(try database.column("SELECT count(*)::text FROM day_marks WHERE day < '\(first)'") == ["0"])
        #expect(try database.column("SELECT count(*)::text FROM absences WHERE day < '\(first)'") == ["0"])
        #expect(try database.column("SELECT count(*)::text FROM absences") != ["0"], "the absences of the days kept stay")
        let kept = first.distance(to: today)
        #expect(try database.column("SELECT count(*)::text FROM mark_events") == ["\(kept)"])
        #expect(try database.column("SELECT points::text FROM points_removed WHERE child_id = \(aino.id.rawValue)") == ["\(730 - kept)"])

        // Every kiosk's totals count the days kept, once the server's word reached it.
        for store in [hall, kitchen] {
            #expect(waitUntil(10) { (try? store.pointsRemovedFromHistory()[aino.id]) == 730 - kept } != nil)
            let daycare = try Daycare(store: store, clock: clock)
            #expect(daycare.firstDayCounted == first)
            #expect(daycare.points(.allTime)[aino.id] == kept, "\(store.login.kioskName)")
            daycare.flush()
            // Again from the saved summary: taken off once, not twice.
            #expect(try Daycare(store: store, clock: clock).points(.allTime)[aino.id] == kept)
        }
        // A command's totals too (the server's cached summary went with the days).
        #expect(try Daycare(store: owner, clock: clock).points(.allTime)[aino.id] == kept)

        // The day changes: the oldest day kept goes too, at the kiosk's next turn (here, its next tick).
        clock.set(Date(timeIntervalSince1970: TimeInterval(today.advanced(by: 1).firstSecond + 8 * 3600)))
        try hall.appendMark(MarkEvent(child: aino.id, task: task, done: true, points: 1, boardComplete: false, at: 0), on: today.advanced(by: 1))
        #expect(waitUntil(20) { (try? database.column("SELECT to_char(first_day, 'YYYY-MM-DD') FROM history_kept")) == [first.advanced(by: 1).description] }
                != nil)
        #expect(try database.column("SELECT count(*)::text FROM mark_events WHERE day <= '\(first)'") == ["0"])
        for store in [hall, kitchen] {
            #expect(waitUntil(10) { (try? store.pointsRemovedFromHistory()[aino.id]) == 730 - kept + 1 } != nil)
            #expect(waitUntil(10) { (try? Daycare(store: store, clock: clock).points(.allTime)[aino.id]) == kept } != nil,
                    "one day gone, one day ticked: \(store.login.kioskName)")
        }

        // Lengthened again, the days gone stay gone: a tick on one is refused with why, not reported saved.
        settings.keepHistoryMonths = 24
        try owner.saveSettings(settings)
        // (A command's store, opened now.)
        let office = try Daycare(store: try database.openDatabase(kiosk: "Office"), clock: clock)
        #expect(throws: TaskBoardError.dayNotKept(old, first: first.advanced(by: 1))) {
            try office.setMark(child: aino.id, task: task, done: true, on: old)
        }

        // A tick of a removed day sent late is answered, not taken in, and leaves the outbox.
        try kitchen.appendMark(MarkEvent(child: aino.id, task: task, done: false, points: 1, boardComplete: false, at: 0), on: old)
        #expect(waitUntil(10) { kitchen.waitingChanges == 0 } != nil)
        #expect(try database.column("SELECT count(*)::text FROM mark_events WHERE day = '\(old)'") == ["0"])
    }

    /// A kiosk whose clock is far ahead would remove every day: the server
    /// removes no more than its own clock and the saved setting say.
    @Test func aClockFarAheadRemovesNothing() throws {
        let database = try TestDatabase.makeEmpty()
        let owner = try database.openDatabase(kiosk: "Office")
        let roster = try Samples.roster()
        let aino = try #require(roster.children.first { $0.name == "Aino" })
        try owner.saveRoster(roster)
        try owner.saveSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", keepHistoryMonths: 3))
        for offset in 1...30 {
            try owner.appendMarks([(UUID(), MarkEvent(child: aino.id, task: try #require(aino.board.first), done: true, points: 1,
                                                      boardComplete: false, at: 0))], on: today.advanced(by: -offset))
        }
        let ahead = today.advanced(by: 400)
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-history-ahead-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let store = try KioskDatabaseStore(login: DatabaseLogin(address: database.address, password: database.password, kioskName: "Hall"),
                                           localDirectory: local, today: ahead,
                                           now: { Date(timeIntervalSince1970: TimeInterval(ahead.firstSecond + 8 * 3600)) })
        defer { store.close() }
        #expect(waitUntil(10) { (try? database.column("SELECT count(*)::text FROM history_kept")) == ["1"] } != nil, "the kiosk asked")
        #expect(try database.column("SELECT count(*)::text FROM mark_events") == ["30"])
        let serverFirst = try database.column("SELECT to_char((current_date - interval '3 months')::date, 'YYYY-MM-DD')").first.flatMap { $0 }
        let kept = try database.column("SELECT to_char(first_day, 'YYYY-MM-DD') FROM history_kept").first.flatMap { $0 }
        #expect(kept.flatMap(Day.init).map { day in serverFirst.flatMap(Day.init).map { abs(day.distance(to: $0)) <= 1 } ?? false } == true,
                "the server's first day kept (\(String(describing: serverFirst))), not the kiosk's: \(String(describing: kept))")
    }
}
