import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 29: kiosks that learn of each other's changes by reading counters
/// (`ChangeFeed.counters`, the benchmark's other way) see every kind of
/// change, send no notification, and hold two connections as listening
/// ones do; a daycare whose kiosks listen has no counters.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct ChangeFeedTests {
    @Test func kiosksThatCountSeeEveryKindOfChange() throws {
        let database = try TestDatabase.makeEmpty()
        let roster = try Samples.roster()
        try database.openDatabase().saveRoster(roster)
        let feed = ChangeFeed.counters(every: 0.2)
        let hallPlace = try KioskPlace(on: database, name: "Hall", changeFeed: feed)
        let kitchenPlace = try KioskPlace(on: database, name: "Kitchen", changeFeed: feed)
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        // A kiosk of the same daycare that listens: it hears nothing from the counting ones (until its half-minute re-read).
        let officePlace = try KioskPlace(on: database, name: "Office")
        let office = try officePlace.openKiosk()
        let officeOpened = Date()
        // Its first turn done (listening, everything read, then reported), before the changes begin.
        #expect(waitUntil(10) { (try? database.column("SELECT name FROM kiosks").contains("Office")) == true } != nil)

        // A tick, a roster edit, the settings, an absence, the PIN: each made on one kiosk, seen on the other.
        try kitchen.appendMark(Samples.event(1), on: Samples.day)
        #expect(waitUntil(5) { (try? hall.marks(on: Samples.day)) == [Samples.event(1)] } != nil, "the hall sees the kitchen's tick")
        var renamed = roster
        try renamed.renameGroup(try #require(roster.groups.first).id, to: "Hedgehogs")
        try hall.saveRoster(renamed)
        #expect(waitUntil(5) { (try? kitchen.loadRoster())?.groups.first?.name == "Hedgehogs" } != nil, "the kitchen sees the hall's roster")
        try kitchen.saveSettings(Samples.settings)
        #expect(waitUntil(5) { (try? hall.loadSettings()) == Samples.settings } != nil, "the hall sees the kitchen's settings")
        var away = Attendance()
        away.set(try #require(roster.children.first).id, away: true, on: Samples.day)
        try hall.saveAttendance(away)
        #expect(waitUntil(5) { (try? kitchen.loadAttendance()) == away } != nil, "the kitchen sees the hall's absence")
        try kitchen.savePin(Samples.pin)
        #expect(waitUntil(5) { (try? hall.loadPin()) == Samples.pin } != nil, "the hall sees the kitchen's PIN")

        // The counters moved with the changes, and no notification went out: the listening kiosk has none of them.
        let kinds = try database.column("SELECT kind FROM change_counters ORDER BY kind").compactMap { $0 }
        // (history: the first day kept, set by the first kiosk that looked, issue 43.)
        #expect(kinds == ["attendance", "history", "marks \(Samples.day)", "pin", "roster", "settings"])
        // A listening kiosk re-reads everything every 30 s anyway.
        if Date().timeIntervalSince(officeOpened) < 25 {
            #expect(try office.marks(on: Samples.day).isEmpty)
            #expect(try office.loadRoster()?.groups.first?.name == roster.groups.first?.name)
            #expect(try office.loadPin() == nil)
        } else {
            print("this machine was too slow to tell: the listening kiosk may have re-read everything")
        }
        let names = try database.column("""
            SELECT application_name FROM pg_stat_activity WHERE datname = current_database()
            AND application_name LIKE ANY (ARRAY['taskboard Hall %', 'taskboard Kitchen %', 'taskboard Office %'])
            """).compactMap { $0 }.sorted()
        // Only this test's kiosks: another suite's may share the server ("taskboard test").
        #expect(names == ["taskboard Hall counting", "taskboard Hall screen", "taskboard Kitchen counting", "taskboard Kitchen screen",
                          "taskboard Office listening", "taskboard Office screen"])
    }

    /// The other way round: listening kiosks count nothing (and so a
    /// daycare's kiosks must all learn the same way).
    @Test func kiosksThatListenCountNothing() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let hallPlace = try KioskPlace(on: database, name: "Hall"), kitchenPlace = try KioskPlace(on: database, name: "Kitchen")
        let hall = try hallPlace.openKiosk(), kitchen = try kitchenPlace.openKiosk()
        try kitchen.appendMark(Samples.event(1), on: Samples.day)
        #expect(waitUntil(5) { (try? hall.marks(on: Samples.day)) == [Samples.event(1)] } != nil)
        #expect(try database.column("SELECT to_regclass('change_counters')::text") == [nil], "no counters where kiosks listen")
    }

    @Test func aKioskThatCountsSaysWhenItStops() throws {
        let database = try TestDatabase.makeEmpty()
        try database.openDatabase().saveRoster(try Samples.roster())
        let place = try KioskPlace(on: database, name: "Kitchen", changeFeed: .counters(every: 0.2))
        let kiosk = try place.openKiosk()
        let rooms = try database.openDatabase(kiosk: "rooms", readOnly: true)
        #expect(waitUntil(10) { (try? rooms.kioskRoll().kiosks.count) == 1 } != nil)
        kiosk.close()
        let roll = try rooms.kioskRoll()
        guard case .stopped = try #require(roll.kiosks.first).state(at: roll.now) else {
            Issue.record("not stopped: \(roll.kiosks)")
            return
        }
    }
}
