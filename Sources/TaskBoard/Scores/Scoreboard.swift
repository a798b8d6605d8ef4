/// Leaderboards and the children who share a name across groups, each
/// worked out once for the data it came from: a kiosk redraws the same
/// leaderboard on every key. Every read names the revision of what it
/// depends on; a read at another revision starts afresh, so a change
/// anywhere (a tick, an absence, a roster edit, a setting, a new day) is
/// never served a stale rank, and nothing clears these by hand.
final class Scoreboard {
    /// How far each input of a rank has changed.
    struct Revision: Equatable {
        var roster: Int
        var marks: Int
        /// The ledger the marks' revision counts in (a new one starts at 0).
        var ledgers: Int
        var attendance: Int
        var settings: Int
        var today: Day
    }

    struct Key: Hashable {
        /// Ranked by points, by share, or by name (rank 0).
        enum Kind: Hashable { case points, share, names }
        let kind: Kind
        let scope: LeaderboardScope
        let period: Period
        let order: NameOrder
    }

    private var leaderboards: [Key: [LeaderboardEntry]] = [:]
    private var goals: [GoalKey: [GroupGoal]] = [:]
    private var leaderboardsRevision: Revision?

    struct GoalKey: Hashable {
        let scope: LeaderboardScope
        let period: Period
    }
    private var namesakes: (roster: Int, children: Set<ChildID>)?

    /// The leaderboard for `key` at `revision`: ranked by `make` the first time.
    func leaderboard(_ key: Key, at revision: Revision, _ make: () throws -> [LeaderboardEntry]) rethrows -> [LeaderboardEntry] {
        startAfresh(at: revision)
        if let ranked = leaderboards[key] { return ranked }
        let ranked = try make()
        leaderboards[key] = ranked
        return ranked
    }

    /// The groups' goals for a scope and period at `revision`.
    func groupGoals(_ scope: LeaderboardScope, _ period: Period, at revision: Revision, _ make: () throws -> [GroupGoal]) rethrows -> [GroupGoal] {
        startAfresh(at: revision)
        let key = GoalKey(scope: scope, period: period)
        if let known = goals[key] { return known }
        let made = try make()
        goals[key] = made
        return made
    }

    private func startAfresh(at revision: Revision) {
        guard leaderboardsRevision != revision else { return }
        leaderboards = [:]
        goals = [:]
        leaderboardsRevision = revision
    }

    /// Children who share their name with a child of another group, so a
    /// list of all groups can tell them apart; worked out once per roster.
    func childrenWithNamesakesInOtherGroups(of roster: Roster, revision: Int) -> Set<ChildID> {
        if let namesakes, namesakes.roster == revision { return namesakes.children }
        var groupsByName: [String: Set<GroupID>] = [:]
        for child in roster.children { groupsByName[NameRules.key(child.name), default: []].insert(child.groupID) }
        let found = Set(roster.children.filter { (groupsByName[NameRules.key($0.name)]?.count ?? 0) > 1 }.map(\.id))
        namesakes = (revision, found)
        return found
    }
}
