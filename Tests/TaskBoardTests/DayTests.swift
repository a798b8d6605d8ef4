import Testing
@testable import TaskBoard

@Suite struct DayTests {
    @Test func roundTripsThroughText() {
        let day = Day(year: 2024, month: 2, day: 29)
        #expect(day?.description == "2024-02-29")
        #expect(Day("2024-02-29") == day)
        #expect(Day("2023-02-29") == nil)
        #expect(Day("2024-2-29") == nil)
    }

    @Test func weekStartsOnMonday() throws {
        let sunday = try #require(Day("2026-11-22"))
        #expect(sunday.weekday == 7)
        #expect(sunday.startOfWeek.description == "2026-11-16")
        #expect(try #require(Day("2026-11-16")).weekday == 1)
        #expect(sunday.startOfMonth.description == "2026-11-01")
        #expect(sunday.endOfMonth.description == "2026-11-30")
        #expect(Day(number: 0).description == "1970-01-01")
    }
}
