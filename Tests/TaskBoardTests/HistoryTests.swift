import Foundation
import Testing
@testable import TaskBoard

/// Issue 11: a child's days as history shows them. Eero's board in
/// `Fixture.small` is Get dressed (1) and Tidy the toys (2).
@Suite struct HistoryTests {
    @Test func cellsForDonePartialNoneAwayClosedAndToCome() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", closedWeekdays: [6, 7]))
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        try f.daycare.setMark(child: f.eero, task: f.tidy, done: true)       // Mon: all
        try f.at("2026-11-03")
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)       // Tue: part
        try f.at("2026-11-04")
        try f.daycare.setAway(child: f.eero, away: true)                      // Wed: away
        try f.at("2026-11-09")                                               // Thu, Fri: none; the weekend closed; today Monday
        let cells = try (2...10).map { try f.daycare.historyCell(of: f.eero, on: Day(year: 2026, month: 11, day: $0)!) }
        #expect(cells == [.share(done: 2, total: 2), .share(done: 1, total: 2), .away, .share(done: 0, total: 2),
                          .share(done: 0, total: 2), .closed, .closed, .share(done: 0, total: 2), .future])
        #expect(cells[0].isComplete && !cells[1].isComplete)
        // Ticks on a closed day are shown, not hidden as closed.
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true, on: Day("2026-11-07")!)
        #expect(try f.daycare.historyCell(of: f.eero, on: Day("2026-11-07")!) == .share(done: 1, total: 2))
        let month = try f.daycare.monthHistory(of: f.eero, month: Day("2026-11-15")!)
        #expect(month.count == 30 && month.first?.day == Day("2026-11-01") && month.last?.cell == .future)
    }
}
