import Foundation
import Testing
import TaskBoard

/// `DayCalendar` works days out from the zone's offset, not through
/// `Calendar` (issue 13). Here it must say what `Calendar` says, in every
/// zone the system knows, around every change of its clocks and at moments
/// between them: over Foundation's offsets from 2000 to 2040, and over the
/// system's database (`ZoneRules`) to 2024, after which a zone's rules may
/// have changed in one of the two and not yet in the other.
@Suite struct DayCalendarAgreementTests {
    enum Offsets: CaseIterable { case foundation, database }

    @Test(arguments: Offsets.allCases) func everyZoneAgreesWithFoundationsCalendarAroundEachClockChange(_ offsets: Offsets) throws {
        let first = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
        let last = Date(timeIntervalSince1970: offsets == .foundation ? 2_208_988_800 : 1_704_067_200)  // 2040 or 2024
        var checked = 0
        var disagreements: [String] = []
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(TimeZone(identifier: identifier))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            if offsets == .database && ZoneRules.system(identifier) == nil { continue }
            let days = offsets == .foundation ? DayCalendar(timeZone: zone) : DayCalendar(zoneIdentifier: identifier)
            // Every change, and one moment every 97 days (a different weekday and hour each time).
            var moments: [Date] = stride(from: first.timeIntervalSince1970, to: last.timeIntervalSince1970, by: 97 * 86_400 + 3_917)
                .map { Date(timeIntervalSince1970: $0) }
            var change = zone.nextDaylightSavingTimeTransition(after: first)
            while let moment = change, moment < last {
                moments += [moment.addingTimeInterval(-1), moment, moment.addingTimeInterval(1)]
                change = zone.nextDaylightSavingTimeTransition(after: moment)
            }
            for moment in moments {
                let parts = calendar.dateComponents([.year, .month, .day], from: moment)
                guard let expected = Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0) else {
                    disagreements.append("\(identifier) \(moment): Calendar gives no date")
                    continue
                }
                let day = days.day(of: moment)
                checked += 1
                if day != expected { disagreements.append("\(identifier) \(moment): \(day), Calendar says \(expected)"); continue }
                if days.start(of: day) != calendar.startOfDay(for: moment) {
                    disagreements.append("\(identifier) start of \(day): \(days.start(of: day)), Calendar says \(String(describing: calendar.startOfDay(for: moment)))")
                }
            }
        }
        #expect(checked > 60_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(checked): \(disagreements.prefix(10))")
    }

    @Test func aMomentWithoutADayGivesTheFirstDayNotATrap() {
        let days = DayCalendar(timeZone: TimeZone(identifier: "UTC")!)
        #expect(days.day(of: Date(timeIntervalSince1970: .nan)) == Day(number: 0))
        #expect(days.day(of: Date(timeIntervalSince1970: 1e300)) == Day(number: 0))
        // Before 1970 the division rounds down, to the day before.
        #expect(days.day(of: Date(timeIntervalSince1970: -1)) == Day(year: 1969, month: 12, day: 31))
        #expect(days.day(of: Date(timeIntervalSince1970: -0.5)) == Day(year: 1969, month: 12, day: 31))
        #expect(days.day(of: Date(timeIntervalSince1970: -86_400)) == Day(year: 1969, month: 12, day: 31))
        #expect(days.day(of: Date(timeIntervalSince1970: -86_401)) == Day(year: 1969, month: 12, day: 30))
    }
}
