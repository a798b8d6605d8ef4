import Foundation
import Testing
@testable import TaskBoard

/// Issue 24: ranks are kept for the revision of the data they came from,
/// and no change needs anyone to clear them.
@Suite struct ScoreboardTests {
    private let revision = Scoreboard.Revision(roster: 1, marks: 1, ledgers: 0, attendance: 1, settings: 1, today: Day("2026-11-23")!)
    private let key = Scoreboard.Key(kind: .points, scope: .allGroups, period: .week, order: .english)

    @Test func aLeaderboardIsRankedOncePerRevisionAndAgainAfterAnyChange() {
        let scoreboard = Scoreboard()
        var ranked = 0
        let rank = { () -> [LeaderboardEntry] in
            ranked += 1
            return []
        }
        _ = scoreboard.leaderboard(key, at: revision, rank)
        _ = scoreboard.leaderboard(key, at: revision, rank)
        #expect(ranked == 1)
        // Another period is ranked on its own, once.
        let month = Scoreboard.Key(kind: .points, scope: .allGroups, period: .month, order: .english)
        _ = scoreboard.leaderboard(month, at: revision, rank)
        _ = scoreboard.leaderboard(month, at: revision, rank)
        #expect(ranked == 2)
        // Each input moving on makes the next read rank afresh.
        var changes: [Scoreboard.Revision] = []
        for change in [\Scoreboard.Revision.roster, \.marks, \.ledgers, \.attendance, \.settings] {
            var changed = revision
            changed[keyPath: change] += 1
            changes.append(changed)
        }
        var tomorrow = revision
        tomorrow.today = revision.today.advanced(by: 1)
        changes.append(tomorrow)
        for (index, changed) in changes.enumerated() {
            _ = scoreboard.leaderboard(key, at: changed, rank)
            _ = scoreboard.leaderboard(key, at: changed, rank)
            #expect(ranked == 3 + index)
        }
    }

    @Test func namesakesAreWorkedOutOncePerRoster() throws {
        var roster = Roster()
        let owls = try roster.addGroup(name: "Owls", avatar: "🦉")
        let foxes = try roster.addGroup(name: "Foxes", avatar: "🦊")
        let aino = try roster.addChild(name: "Aino", avatar: "🙂", group: owls)
        let other = try roster.addChild(name: "aino", avatar: "🙂", group: foxes)
        let scoreboard = Scoreboard()
        #expect(scoreboard.childrenWithNamesakesInOtherGroups(of: roster, revision: 1) == [aino, other])
        // The same revision is not worked out again, even when handed another roster.
        #expect(scoreboard.childrenWithNamesakesInOtherGroups(of: Roster(), revision: 1) == [aino, other])
        #expect(scoreboard.childrenWithNamesakesInOtherGroups(of: Roster(), revision: 2) == [])
    }

    @Test func aNewDayRanksTodayAfreshWithNothingCleared() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 23, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.ville, task: f.teeth)
        #expect(f.daycare.leaderboard(.allGroups, .today).first?.child.name == "Ville")
        f.clock.advance(by: 2 * 3600)
        try f.daycare.syncDay()
        #expect(f.daycare.leaderboard(.allGroups, .today).allSatisfy { $0.points == 0 })
        // A rename shows at once too.
        try f.daycare.perform(.renameChild(f.ville, to: "Vilho"))
        #expect(f.daycare.leaderboard(.allGroups, .week).contains { $0.child.name == "Vilho" })
    }
}
