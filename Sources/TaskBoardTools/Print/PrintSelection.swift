import TaskBoard

/// What `--group` and `--child` pick for a printout, by the names staff type.
public struct PrintSelection {
    let lookup: NameLookup

    public init(roster: Roster) { lookup = NameLookup(roster: roster) }

    /// The boards to print: one child (in the group, if given), else every
    /// child of the group, else every child in roster order.
    public func children(group: String?, child: String?) throws(LookupError) -> [Child] {
        if let child { return [try lookup.child(named: child, inGroup: group)] }
        guard let group else { return lookup.roster.children }
        return lookup.roster.children(in: try lookup.group(named: group).id)
    }

    /// The day sheets to print: the group, else every group.
    public func groups(named name: String?) throws(LookupError) -> [Group] {
        guard let name else { return lookup.roster.groups }
        return [try lookup.group(named: name)]
    }

    /// The leaderboard's children: one group, else all.
    public func scope(group name: String?) throws(LookupError) -> LeaderboardScope {
        guard let name else { return .allGroups }
        return .group(try lookup.group(named: name).id)
    }
}
