import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 11: a kinder leaderboard, chosen in Settings: each group's points
/// toward a goal, or each child's own points in name order, no ranks.
@Suite struct LeaderboardStylesTests {
    /// Aino 3 points, Eero 1 (Squirrels); Bears none.
    private func fixture(_ style: LeaderboardStyle, goal: Int = 2) throws -> (KioskFixture, KioskRuntime) {
        let f = try KioskFixture()
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", leaderboardStyle: style, goalPerChild: goal))
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 60, height: 16))
        runtime.handle(.key(.tab))
        return (f, runtime)
    }

    @Test func starsShowAStarForEachPointByNameWithoutRanks() throws {
        let (_, runtime) = try fixture(.stars)
        let screen = lines(runtime)
        // Tiles at 60×16: a row above each, the stars on the first of two.
        #expect(Array(screen[3...8]) == ["", "  🦊 Aino         ⭐⭐⭐", "", "", "  🐢 Eero Äijälä  ⭐", ""])
        #expect(!screen.joined().contains("🥇") && !screen.joined().contains("1."))
    }

    /// More stars than the row holds: a 🌟 for each ten (issue 39), never a
    /// row cut at the same length.
    @Test func starsThatDoNotFitGoByTens() throws {
        let (f, runtime) = try fixture(.stars)
        runtime.handle(.key(.right))   // this week
        for day in ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"] {
            for task in f.tasks { try f.daycare.setMark(child: f.aino, task: task, done: true, on: Day(day)!) }
        }
        let aino = try #require(lines(runtime).first { $0.contains("Aino") })
        #expect(aino.hasSuffix("🌟🌟🌟⭐⭐⭐⭐⭐⭐⭐⭐⭐"))
        #expect(DisplayWidth.of(aino) <= 60)
    }

    /// Each group aims for the points per child (here 3) for each child here
    /// on each open day of the period so far: Squirrels (Aino and Eero) 6
    /// today; Bears, with nobody, aims for nothing and shows its points.
    @Test func aGroupGoalIsOneBarPerGroupThatEveryGroupCanReach() throws {
        var (f, runtime) = try fixture(.groupGoal, goal: 3)
        var screen = lines(runtime)
        #expect(screen[3] == "  🦔 Squirrels  4 of 6 points")
        // A bar of 54 cells: 4 of 6 filled.
        #expect(screen[4] == "  " + String(repeating: "█", count: 36) + String(repeating: "░", count: 18))
        #expect(screen[6] == "  🐻 Bears  0 pts")
        #expect(!screen.joined().contains("Aino"))
        // Eero away: the goal is Aino's alone, and the group has reached it.
        try f.daycare.setAway(child: f.eero, away: true)
        #expect(lines(runtime)[3] == "  🦔 Squirrels  🎉 4 of 3 points: goal reached!")

        (f, runtime) = try fixture(.groupGoal, goal: 2)
        #expect(lines(runtime)[3] == "  🦔 Squirrels  🎉 4 of 4 points: goal reached!")
        // The week so far, Monday to this Sunday: seven open days of two children.
        runtime.handle(.key(.right))
        #expect(lines(runtime)[3] == "  🦔 Squirrels  4 of 28 points")
        // All time: a trophy for each day the goal was reached (today).
        runtime.handle(.key(.right))
        runtime.handle(.key(.right))
        screen = lines(runtime)
        #expect(screen[3] == "  🦔 Squirrels  Goal reached on 1 day")
        #expect(screen[4] == "  🏆")
    }

    /// All time counts days older than the summary's six weeks, read once:
    /// where one cannot be read (a damaged file, a database that does not
    /// answer), the count is not known, drawn as a grey `?`, never a wrong
    /// number and never an error sentence; it is known once the day reads
    /// and the data changes.
    @Test func anAllTimeGoalWhoseOldDaysCannotBeReadIsAQuestionMark() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", leaderboardStyle: .groupGoal, goalPerChild: 1))
        let old = try #require(Day("2026-09-14"))
        for (child, task) in [(f.aino, f.tasks[2]), (f.eero, f.tasks[0])] {
            try f.store.appendMark(MarkEvent(child: child, task: task, done: true, points: 3, boardComplete: false, at: 0), on: old)
        }
        faulty.unreadableDays = [old]
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(color: true), size: Size(width: 60, height: 16))
        for key: Key in [.tab, .left] { runtime.handle(.key(key)) }
        #expect(runtime.state.leaderboard.period == .allTime)
        let frame = runtime.render()
        let screen = frame.textLines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(screen[3] == "  🦔 Squirrels")
        #expect(screen[4] == "  ?")
        #expect(frame[2, 4].style == Theme(color: true, unicode: true).dim)
        #expect(!screen.joined().contains("disk") && !screen.joined().contains("read"))
        // Not asked again on every frame (a database that does not answer
        // would hold each one up): the next change asks again. The day reads
        // now: it counts (its 6 points reached the goal of 2), and so does today.
        faulty.unreadableDays = []
        #expect(lines(runtime)[4] == "  ?")
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        let known = lines(runtime)
        #expect(known[3] == "  🦔 Squirrels  Goal reached on 2 days")
        #expect(known[4] == "  🏆🏆")
    }

    @Test func theStyleAndTheGoalAreChosenInSettings() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        runtime.handle(.key(.backTab))
        for _ in 0..<8 { runtime.handle(.key(.down)) }
        runtime.handle(.key(.right))
        #expect(f.daycare.settings.leaderboardStyle == .share)
        #expect(lines(runtime)[22] == " Leaderboard: Ranking by share of own board.")
        runtime.handle(.key(.right))
        #expect(f.daycare.settings.leaderboardStyle == .groupGoal)
        #expect(lines(runtime)[22] == " Leaderboard: Group goal.")
        runtime.handle(.key(.right))
        #expect(f.daycare.settings.leaderboardStyle == .stars)
        runtime.handle(.key(.down))
        for key: Key in [.right, .right, .left, .left, .left] { runtime.handle(.key(key)) }
        // 3 → 4 → 5 → 4 → 3 → 2
        #expect(f.daycare.settings.goalPerChild == 2)
        #expect(f.store.settings?.goalPerChild == 2)
        #expect(lines(runtime)[22] == " Group goal: 2 points for each child here, each open day.")
        for _ in 0..<3 { runtime.handle(.key(.left)) }
        // 1 at the least, and said in the singular.
        #expect(f.daycare.settings.goalPerChild == 1)
        #expect(lines(runtime)[22] == " Group goal: 1 point for each child here, each open day.")
    }

    /// Ranked by the share of one's own board: Eero's one point of one is
    /// 100 %, ahead of Aino's three of six, 50 %, though she has more points.
    @Test func shareRanksByOwnBoard() throws {
        let (_, runtime) = try fixture(.share)
        let screen = lines(runtime)
        #expect(screen[4].hasPrefix(" 🥇  1. 🐢 Eero Äijälä") && screen[4].hasSuffix(" 100%"), "\(screen[4])")
        #expect(screen[7].hasPrefix(" 🥈  2. 🦊 Aino") && screen[7].hasSuffix(" 50%"), "\(screen[7])")
    }
}
