import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 43: a data directory keeps ticks and absences only as long as the
/// setting says: the older journals (and ones set aside) go, the older
/// absences in attendance.json and in the daily backups' copies, and the
/// summary's totals no longer count them (the same as one made from the journals kept).
@Suite struct HistoryRemovalTests {
    @Test func twoYearsOfJournalsKeepTwelveMonthsAtStartAndOneDayLessAfterTheDayChanges() throws {
        try withDataDirectory { url in
            let roster = try Samples.roster()
            let aino = try #require(roster.children.first { $0.name == "Aino" })
            let task = try #require(aino.board.first)
            let today = Day(year: 2026, month: 11, day: 22)!
            // Written as two years of a taskboard would have (its lock let go at the end of the block).
            do {
                let store = try JSONFileStore(directory: url)
                try store.saveRoster(roster)
                try store.saveSettings(Settings(timeZoneIdentifier: "Europe/Helsinki"))
                var attendance = Attendance()
                for offset in 1...730 {
                    let day = today.advanced(by: -offset)
                    try store.replaceMarks([MarkEvent(child: aino.id, task: task, done: true, points: 1, boardComplete: false, at: 0)], on: day)
                    if offset % 30 == 0 { attendance.set(aino.id, away: true, on: day) }
                }
                try store.saveAttendance(attendance)
                // A journal set aside by check --repair long ago, and a daily backup holding every absence.
                try FileManager.default.createDirectory(at: url.file("marks-aside"), withIntermediateDirectories: true)
                try writeRaw("{\"schema\":1,\"day\":\"2024-01-02\"}\n", to: url.file("marks-aside/2024-01-02.jsonl"))
                try store.makeDailyBackup(on: today.advanced(by: -1))
            }
            let clock = FixedClock(Date(timeIntervalSince1970: TimeInterval(today.firstSecond + 10 * 3600)))

            let daycare = try Daycare(store: JSONFileStore(directory: url), clock: clock)
            daycare.removeHistoryNotKept()
            let first = Day(year: 2025, month: 11, day: 22)!
            let journals = try FileManager.default.contentsOfDirectory(atPath: url.file("marks").path).sorted()
            #expect(journals.first == "\(first).jsonl" && journals.count == first.distance(to: today), "\(journals.prefix(2))")
            #expect(!fileExists(url.file("marks-aside/2024-01-02.jsonl")))
            let kept = try #require(try JSONFileStore(directory: url, readOnly: true).loadAttendance())
            #expect(!kept.away.isEmpty && kept.away.keys.allSatisfy { $0 >= first })
            let backup = try String(contentsOf: url.file("backups/\(today.advanced(by: -1))/attendance.json"), encoding: .utf8)
            #expect(!backup.contains("\"2024-") && !backup.contains("\"2025-0"), "\(backup)")
            #expect(daycare.points(.allTime)[aino.id] == journals.count)
            daycare.flush()

            // The day changes: the oldest day goes, and the summary agrees with the journals.
            clock.set(Date(timeIntervalSince1970: TimeInterval(today.advanced(by: 1).firstSecond + 10 * 3600)))
            #expect(try daycare.syncDay())
            daycare.removeHistoryNotKept()
            #expect(!fileExists(url.file("marks/\(first).jsonl")))
            #expect(daycare.points(.allTime)[aino.id] == journals.count - 1)
            daycare.flush()
            let reopened = try Daycare(store: JSONFileStore(directory: url, readOnly: true), clock: clock)
            #expect(reopened.points(.allTime)[aino.id] == journals.count - 1, "the summary saved counts the days kept")
        }
    }
}
