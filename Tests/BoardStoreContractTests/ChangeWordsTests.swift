import Testing
import TaskBoard
@testable import TaskBoardPostgres

/// The words a kiosk announces a change with, as the others read them back
/// (a notification's payload, a counter's kind).
@Suite struct ChangeWordsTests {
    @Test func everyChangeReadsBackAsItself() throws {
        let day = try #require(Day("2026-11-24"))
        for change in [StoreChange.roster, .settings, .pin, .attendance, .marks(day)] {
            #expect(StoreChange(words: change.words) == change, "\(change.words)")
        }
        #expect(StoreChange.marks(day).words == "marks 2026-11-24", "the day as the tick's statement writes it in SQL (YYYY-MM-DD)")
    }

    @Test func wordsOfNoKnownKindAreLeftAlone() {
        for words in ["", "marks", "marks ", "marks 2026-13-40", "marks yesterday", "rosters", "timetable"] {
            #expect(StoreChange(words: words) == nil, "\(words)")
        }
    }
}
