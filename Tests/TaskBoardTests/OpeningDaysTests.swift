import Foundation
import Testing
@testable import TaskBoard

/// Issue 11: the days a board is open. A closed day (a weekend a daycare is
/// closed on, a holiday) neither extends nor breaks a streak and is no
/// missed day on the week strip; ticks on it are still allowed.
/// Eero's board in `Fixture.small` is "Get dressed" (1) and "Tidy the toys" (2).
@Suite struct OpeningDaysTests {
    @Test func weekendsAndHolidaysAreClosed() {
        let settings = Settings(closedWeekdays: [7, 6, 6, 9], closedDays: [Day("2026-12-24")!, Day("2026-12-24")!])
        #expect(settings.closedWeekdays == [6, 7])
        #expect(settings.closedDays == [Day("2026-12-24")!])
        #expect(settings.isOpen(Day("2026-11-06")!))       // a Friday
        #expect(!settings.isOpen(Day("2026-11-07")!))      // a Saturday
        #expect(!settings.isOpen(Day("2026-11-08")!))      // a Sunday
        #expect(!settings.isOpen(Day("2026-12-24")!))      // a Thursday, a holiday
        #expect(Settings().isOpen(Day("2026-11-08")!))     // a family's board: every day
    }

    @Test func settingsSavedBeforeOpeningDaysAreOpenEveryDay() throws {
        let old = #"{"idleLogoutMinutes":5,"language":"fi"}"#
        let settings = try Settings(json: JSONValue.parse(Data(old.utf8)))
        #expect(settings == Settings(language: "fi", idleLogoutMinutes: 5))
        let again = try Settings(json: JSONValue.parse(JSONEncoder().encode(Settings(closedWeekdays: [6, 7], closedDays: [Day("2026-12-24")!]))))
        #expect(again.closedWeekdays == [6, 7] && again.closedDays == [Day("2026-12-24")!])
    }

    /// Finished Friday; at the weekend a parent ticked one task (the day has
    /// activity but is not complete); finished Monday. Open every day, the
    /// Saturday breaks the streak; closed at weekends, it does not.
    @Test(arguments: [([Int](), 1), ([6, 7], 2)])
    func aClosedDayKeepsAStreak(_ closed: [Int], _ streak: Int) throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-06", 10, utcOffsetHours: 2))
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", closedWeekdays: closed))
        try f.finishEero()                                   // Fri complete
        try f.at("2026-11-07")
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true) // Sat: one of two
        try f.at("2026-11-09")
        try f.finishEero()                                   // Mon complete
        #expect(try f.daycare.progress(of: f.eero).streak == streak)
    }

    /// Finishing the board on a closed day does not add to the streak either.
    @Test func aBoardDoneOnAClosedDayDoesNotExtendTheStreak() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-06", 10, utcOffsetHours: 2))
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", closedWeekdays: [6, 7]))
        try f.finishEero()
        try f.at("2026-11-07")
        try f.finishEero()
        #expect(try f.daycare.progress(of: f.eero) == Progress(done: 2, total: 2, streak: 1))
    }

    @Test func theWeekStripSaysWhichDaysWereClosed() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-09", 10, utcOffsetHours: 2))
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", closedWeekdays: [6, 7], closedDays: [Day("2026-11-04")!]))
        let strip = try f.daycare.weekStrip(of: f.eero)
        #expect(strip.map(\.day.description) == ["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-09"])
        #expect(strip.map(\.open) == [true, false, true, true, false, false, true])
    }

    @Test func datesAsPeopleTypeThem() {
        let today = Day("2026-11-24")!
        #expect(Day.typed("24.12.2026", near: today) == Day("2026-12-24"))
        #expect(Day.typed("24/12/2026", near: today) == Day("2026-12-24"))
        #expect(Day.typed("2026-12-24", near: today) == Day("2026-12-24"))
        // Without a year: the next such date.
        #expect(Day.typed("24.12.", near: today) == Day("2026-12-24"))
        #expect(Day.typed("6.1", near: today) == Day("2027-01-06"))
        #expect(Day.typed("24.11.", near: today) == Day("2026-11-24"))
        // 29 February without a year: refused when the next February has none.
        #expect(Day.typed("29.2.", near: today) == nil)
        for bad in ["31.2.2027", "12", "24.12.26", "tomorrow", "", "1.13."] {
            #expect(Day.typed(bad, near: today) == nil, "\(bad)")
        }
    }
}
