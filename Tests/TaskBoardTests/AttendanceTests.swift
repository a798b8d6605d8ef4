import Foundation
import Testing
@testable import TaskBoard

/// Issue 11: who is here. In `Fixture.small` Eero has Get dressed (1) and
/// Tidy the toys (2); Aino has those and Brush teeth (3).
@Suite struct AttendanceTests {
    /// Eero finishes Monday and Wednesday; on Tuesday others tick (the day
    /// counts) and Eero does one task. Away on Tuesday, his streak holds.
    @Test(arguments: [(false, 1), (true, 2)])
    func anAwayDayKeepsAStreak(_ away: Bool, _ streak: Int) throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.finishEero()
        try f.at("2026-11-03")
        try f.daycare.setMark(child: f.aino, task: f.dress, done: true)
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        if away { try f.daycare.setAway(child: f.eero, away: true) }
        try f.at("2026-11-04")
        try f.finishEero()
        #expect(try f.daycare.progress(of: f.eero).streak == streak)
        #expect(try f.daycare.weekStrip(of: f.eero).map(\.away).suffix(2) == [away, false])
    }

    @Test func awayIsSavedIsOneUndoStepAndNeverInTheFuture() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        let change = try #require(try f.daycare.setAway(child: f.aino, away: true))
        #expect(change.away && change.child.name == "Aino")
        #expect(try f.daycare.setAway(child: f.aino, away: true) == nil)   // already so
        #expect(try f.daycare.attendanceToday(of: f.aino) == change)
        #expect(f.store.attendance?.isAway(f.aino, on: Day("2026-11-02")!) == true)
        #expect(try f.daycare.progress(of: f.aino).away)
        #expect(try f.restarted().isAway(f.aino))
        guard case .away(let undone) = try f.daycare.undo() else { Issue.record("expected the away mark"); return }
        #expect(!undone.away)
        #expect(!f.daycare.isAway(f.aino))
        #expect(f.store.attendance?.away.isEmpty == true)
        #expect(throws: TaskBoardError.dayInFuture(Day("2026-11-03")!)) {
            try f.daycare.setAway(child: f.aino, away: true, on: Day("2026-11-03")!)
        }
        // Yesterday can be set (a morning's forgotten register).
        try f.daycare.setAway(child: f.eero, away: true, on: Day("2026-11-01")!)
        #expect(f.daycare.isAway(f.eero, on: Day("2026-11-01")!))
    }

    /// A whole-group tick passes over the children away, both ways.
    @Test func aColumnTickPassesOverTheAway() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.setAway(child: f.eero, away: true)
        let change = try f.daycare.setMarks(task: f.dress, children: [f.aino, f.eero], done: true)
        #expect(change.children.map(\.name) == ["Aino"])
        #expect(try !f.daycare.isDone(child: f.eero, task: f.dress))
    }

    @Test func attendanceIsWrittenByDay() throws {
        var attendance = Attendance()
        attendance.set(ChildID(15), away: true, on: Day("2026-11-24")!)
        attendance.set(ChildID(12), away: true, on: Day("2026-11-24")!)
        attendance.set(ChildID(12), away: true, on: Day("2026-11-23")!)
        attendance.set(ChildID(12), away: false, on: Day("2026-11-23")!)
        let data = try JSONEncoder().encode(attendance)
        let days = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(days.count == 1)
        #expect(days.first?["day"] as? String == "2026-11-24")
        #expect(days.first?["away"] as? [Int] == [12, 15])
        #expect(try Attendance(json: JSONValue.parse(data)) == attendance)
        #expect(throws: JSONError.self) { try Attendance(json: JSONValue.parse(Data(#"[{"day":"monday","away":[1]}]"#.utf8))) }
    }
}
