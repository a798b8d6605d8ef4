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

    private func lines(_ runtime: KioskRuntime) -> [String] {
        runtime.render().textLines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func starsShowEachChildsPointsByNameWithoutRanks() throws {
        let (_, runtime) = try fixture(.stars)
        let screen = lines(runtime)
        #expect(Array(screen[3...4]) == ["  🦊 Aino         ⭐ 3", "  🐢 Eero Äijälä  ⭐ 1"])
        #expect(!screen.joined().contains("🥇") && !screen.joined().contains("1."))
    }

    @Test func aGroupGoalIsOneBarPerGroupAndSaysWhenItIsReached() throws {
        var (_, runtime) = try fixture(.groupGoal, goal: 10)
        var screen = lines(runtime)
        #expect(screen[3] == "  🦔 Squirrels  4 of 10 points")
        // A bar of 54 cells: 4 of 10 filled.
        #expect(screen[4] == "  " + String(repeating: "█", count: 21) + String(repeating: "░", count: 33))
        #expect(screen[6] == "  🐻 Bears  0 of 10 points")
        #expect(!screen.joined().contains("Aino"))
        (_, runtime) = try fixture(.groupGoal, goal: 4)
        screen = lines(runtime)
        #expect(screen[3] == "  🦔 Squirrels  🎉 4 of 4 points: goal reached!")
    }

    @Test func theStyleAndTheGoalAreChosenInSettings() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        runtime.handle(.key(.backTab))
        for _ in 0..<6 { runtime.handle(.key(.down)) }
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
        // 2 → 3 → 4 → 3 → 2 → 1
        #expect(f.daycare.settings.goalPerChild == 1)
        #expect(f.store.settings?.goalPerChild == 1)
        #expect(lines(runtime)[22] == " Group goal: 1 points.")
    }

    /// Ranked by the share of one's own board: Eero's one point of one is
    /// 100 %, ahead of Aino's three of six, 50 %, though she has more points.
    @Test func shareRanksByOwnBoard() throws {
        let (_, runtime) = try fixture(.share)
        let screen = lines(runtime)
        #expect(screen[3].hasPrefix(" 🥇  1. 🐢 Eero Äijälä") && screen[3].hasSuffix(" 100%"), "\(screen[3])")
        #expect(screen[4].hasPrefix(" 🥈  2. 🦊 Aino") && screen[4].hasSuffix(" 50%"), "\(screen[4])")
    }
}
