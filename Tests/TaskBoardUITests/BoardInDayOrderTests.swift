import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 27: a child's board in day order, with ▶ on the task whose time
/// is now and ▷ on the next, moving with the clock and no key pressed.
@Suite struct BoardInDayOrderTests {
    /// Aino's board: Get dressed (8:00), Brush teeth (11:00), Tidy the toys (no time), given
    /// in the order Tidy, Brush, Get dressed, so that day order is not board order.
    private func timedBoard(_ language: String) throws -> KioskFixture {
        let f = try KioskFixture(language: language)
        try f.daycare.perform(.setTaskTime(f.tasks[0], to: TimeOfDay(hour: 8)))
        try f.daycare.perform(.setTaskTime(f.tasks[1], to: TimeOfDay(hour: 11)))
        try f.daycare.perform(.moveOnBoard(child: f.aino, from: 2, to: 0))
        try f.daycare.perform(.moveOnBoard(child: f.aino, from: 2, to: 1))
        return f
    }

    private func row(_ screen: [String], _ task: String) throws -> String {
        try #require(screen.first { $0.contains(task) }, "\(screen)")
    }

    @Test(arguments: Screenful.all)
    func theNowMarkerMovesAtElevenWithNoKey(_ at: Screenful) throws {
        let f = try timedBoard(at.language)
        #expect(f.daycare.roster.child(f.aino)?.board.first == f.tasks[2], "board order is not day order")
        let runtime = try f.runtime(at.width, at.height)
        for key: Key in [.enter, .enter] { runtime.handle(.key(key)) }   // Squirrels, Aino
        var screen = lines(runtime)
        // Day order: the timed tasks by their time, then the one without.
        let order = ["Get dressed", "Brush teeth", "Tidy the toys"].map { name in screen.firstIndex { $0.contains(name) } ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1), "\(screen)")
        // 10:00: Get dressed is now, Brush teeth next.
        #expect(try row(screen, "Get dressed").hasPrefix("  ▶ "), "\(screen)")
        #expect(try row(screen, "Brush teeth").hasPrefix("  ▷ "))
        #expect(try row(screen, "Tidy the toys").hasPrefix("    "))
        let time = at.english ? "11:00" : "11.00"
        #expect(try row(screen, "Brush teeth").hasSuffix(time), "\(screen)")
        // At 10:59:30 (the board opened again: an idle board goes back to the names) nothing has moved;
        // half a minute later, at 11:00, the marker moves on the timer, without a key.
        f.clock.advance(by: 59 * 60 + 30)
        runtime.handle(.tick(f.clock.now()))
        if runtime.state.tasks.step != .board(f.aino) { for key: Key in [.enter, .enter] { runtime.handle(.key(key)) } }
        // Only the bar of now's time left has moved: a third of 8:00–11:00 was left at 10:00, a sliver at 10:59.
        let late = lines(runtime)
        #expect(late.filter { !$0.contains("Get dressed") } == screen.filter { !$0.contains("Get dressed") })
        #expect(try row(screen, "Get dressed").contains("██▊░░░░░ "), "\(screen)")
        #expect(try row(late, "Get dressed").contains("▏░░░░░░░ "), "\(late)")
        f.clock.advance(by: 30)
        runtime.handle(.tick(f.clock.now()))
        screen = lines(runtime)
        #expect(try row(screen, "Get dressed").hasPrefix("    "), "\(screen)")
        #expect(try row(screen, "Brush teeth").hasPrefix("  ▶ "), "\(screen)")
        #expect(!screen.contains { $0.contains("▷") }, "nothing timed after 11:00")
    }

    /// Away, or on a closed day, nothing is now: the board says so instead.
    @Test func noMarkerForAChildAwayOrOnAClosedDay() throws {
        let f = try timedBoard("en")
        try f.daycare.setAway(child: f.aino, away: true)
        let away = try f.runtime()
        for key: Key in [.enter, .enter] { away.handle(.key(key)) }
        #expect(!lines(away).contains { $0.contains("▶") || $0.contains("▷") }, "\(lines(away))")
        let closed = try timedBoard("en")
        var settings = closed.daycare.settings
        settings.closedWeekdays = [7]   // the fixture's day is a Sunday
        try closed.daycare.updateSettings(settings)
        let runtime = try closed.runtime()
        for key: Key in [.enter, .enter] { runtime.handle(.key(key)) }
        #expect(!lines(runtime).contains { $0.contains("▶") || $0.contains("▷") }, "\(lines(runtime))")
    }

    /// Without Unicode the marks are > and -.
    @Test func theMarkersInASCII() throws {
        let f = try timedBoard("en")
        let runtime = try f.runtime(80, 24, screen: f.screen(unicode: false))
        for key: Key in [.enter, .enter] { runtime.handle(.key(key)) }
        #expect(try row(lines(runtime), "Get dressed").hasPrefix("  > "), "\(lines(runtime))")
        #expect(try row(lines(runtime), "Brush teeth").hasPrefix("  - "))
    }
}
