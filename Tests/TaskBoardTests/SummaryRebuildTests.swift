import Foundation
import Testing
@testable import TaskBoard

/// Without a summary file, start-up reads every journal once and arrives at
/// the same totals and streaks as the summary that was lost.
@Suite struct SummaryRebuildTests {
    @Test func aMissingSummaryIsRebuiltFromEveryJournal() throws {
        let first = Fixture.day("2026-08-03")
        let f = try Fixture.small(at: Fixture.instant("2026-08-03", 9, utcOffsetHours: 3))
        // 80 days: Aino finishes her board every day, Eero every other day,
        // Ville ticks one task on weekdays only.
        for offset in 0..<80 {
            let day = first.advanced(by: offset)
            f.clock.set(Fixture.instant(day.description, 9, utcOffsetHours: 3))
            for task in [f.dress, f.tidy, f.teeth] { try f.daycare.toggle(child: f.aino, task: task) }
            if offset % 2 == 0 {
                for task in [f.dress, f.tidy] { try f.daycare.toggle(child: f.eero, task: task) }
            }
            if day.weekday <= 5 { try f.daycare.toggle(child: f.ville, task: f.teeth) }
        }
        let before = f.daycare.points(.allTime)
        #expect(before[f.aino] == 80 * 6)
        #expect(before[f.eero] == 40 * 3)
        let weekdays = (0..<80).filter { first.advanced(by: $0).weekday <= 5 }.count
        #expect(before[f.ville] == weekdays * 3)
        #expect(before == Fixture.pointsFromJournals(f.store))
        let streak = try f.daycare.progress(of: f.aino).streak
        #expect(streak == 80)

        f.store.summary = nil
        let rebuilt = try f.restarted()
        #expect(rebuilt.points(.allTime) == before)
        #expect(rebuilt.points(.month) == f.daycare.points(.month))
        #expect(try rebuilt.progress(of: f.aino).streak == 80)
        // Eero finished yesterday (an even day) but not the day before.
        #expect(try rebuilt.progress(of: f.eero).streak == 1)
        #expect(f.store.summary != nil, "the rebuilt summary is saved")
    }
}
