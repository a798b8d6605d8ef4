import Foundation

/// Progress, streaks, points and leaderboards: only reads, so a screen may
/// ask while it draws. Ranks are kept by the `Scoreboard` for the revision
/// of the data they came from.
extension Daycare {
    public func progress(of childID: ChildID) throws -> Progress {
        try syncDay()
        return try shownProgress(of: childID)
    }

    /// Progress on the day the board shows, without moving to a new day:
    /// only reads, so a screen may ask while it draws.
    public func shownProgress(of childID: ChildID) throws -> Progress {
        let child = try existingChild(childID)
        let done = try ledger.marks(on: today).tasksDone(by: childID)
        let board = roster.board(of: child, on: today)
        let count = board.filter(done.contains).count
        let complete = Self.isComplete(board: board, done: done)
        return Progress(done: count, total: board.count,
                        streak: try ledger.streak(of: childID, today: today, completeToday: complete, isOpen: counts(childID)),
                        away: attendance.isAway(childID, on: today))
    }

    /// The first day that counts for a child: the day they were added, or,
    /// for a child from before first days were kept, the first day they
    /// earned a point (what the marks can honestly tell); today when neither
    /// is known; never before the first day kept (history kept only so
    /// long: removed days are not missed ones). Days before it are neither
    /// missed nor counted.
    public func firstDay(of child: Child) -> Day {
        let known = [child.firstDay, readLedger?.firstTick(of: child.id)].compactMap { $0 }.min() ?? today
        guard let kept = firstDayCounted else { return known }
        return max(known, kept)
    }

    /// The days that count for a child's streak: open, the child's, and the child not away.
    private func counts(_ child: ChildID) -> (Day) -> Bool {
        let first = roster.child(child).map(firstDay(of:)) ?? today
        return { [settings, attendance] day in day >= first && settings.isOpen(day) && !attendance.isAway(child, on: day) }
    }

    /// The last seven days, oldest first, ending on the day the board shows. Only reads.
    public func weekStrip(of childID: ChildID) throws -> [DayStatus] {
        let child = try existingChild(childID)
        let ledger = try ledger
        let todayDone = try ledger.marks(on: today).tasksDone(by: childID)
        let first = firstDay(of: child)
        return (0..<7).reversed().map { back in
            let day = today.advanced(by: -back)
            let tally = ledger.tally(on: day)
            let complete = day == today ? Self.isComplete(board: roster.board(of: child, on: today), done: todayDone) : tally.complete.contains(childID)
            return DayStatus(day: day, points: tally.points[childID] ?? 0, complete: complete, open: settings.isOpen(day),
                             away: attendance.isAway(childID, on: day), beforeFirstDay: day < first)
        }
    }

    public func points(_ period: Period) -> [ChildID: Int] {
        (try? ledger)?.points(in: period.days(around: today)) ?? [:]
    }

    /// How far everything a rank depends on has changed: marks not read yet
    /// (before `finishOpening`) count as a revision of their own.
    var revision: Scoreboard.Revision {
        Scoreboard.Revision(roster: $roster, marks: readLedger?.revision ?? -1, ledgers: ledgerGeneration, attendance: $attendance,
                            settings: $settings, today: today)
    }

    /// Children who share their name with a child of another group, so a
    /// list of all groups can tell them apart.
    public var childrenWithNamesakesInOtherGroups: Set<ChildID> {
        scoreboard.childrenWithNamesakesInOtherGroups(of: roster, revision: $roster)
    }

    /// Ranked by points; ties by name in `order` (the screen's language).
    public func leaderboard(_ scope: LeaderboardScope, _ period: Period, order: NameOrder = .english) -> [LeaderboardEntry] {
        scoreboard.leaderboard(.init(kind: .points, scope: scope, period: period, order: order), at: revision) {
            Leaderboard.rank(children(of: scope), points: points(period), order: order)
        }
    }

    /// Ranked by the share of their own board done over the period, in per
    /// cent of the points it could have given on the days that counted for
    /// them (open, not away, from their first day up to today).
    /// The entries' `points` are those per cents.
    public func leaderboardByShare(_ scope: LeaderboardScope, _ period: Period, order: NameOrder = .english) -> [LeaderboardEntry] {
        scoreboard.leaderboard(.init(kind: .share, scope: scope, period: period, order: order), at: revision) {
            rankByShare(scope, period, order)
        }
    }

    private func rankByShare(_ scope: LeaderboardScope, _ period: Period, _ order: NameOrder) -> [LeaderboardEntry] {
        let earned = points(period)
        let range = period.days(around: today)
        var shares: [ChildID: Int] = [:]
        for child in children(of: scope) {
            let first = range.map { max($0.lowerBound, firstDay(of: child)) } ?? firstDay(of: child)
            let last = min(today, range?.upperBound ?? today)
            let days = first <= last ? Array(first...last) : []
            let possible = days.reduce(0) { total, day in
                guard settings.isOpen(day), !attendance.isAway(child.id, on: day) else { return total }
                return total + roster.board(of: child, on: day).reduce(0) { $0 + (roster.task($1)?.points ?? 0) }
            }
            shares[child.id] = possible == 0 ? 0 : min(100, (earned[child.id] ?? 0) * 100 / possible)
        }
        return Leaderboard.rank(children(of: scope), points: shares, order: order)
    }

    /// Every child of the scope with their points in name order, without ranks.
    public func pointsByName(_ scope: LeaderboardScope, _ period: Period, order: NameOrder = .english) -> [LeaderboardEntry] {
        scoreboard.leaderboard(.init(kind: .names, scope: scope, period: period, order: order), at: revision) {
            Leaderboard.byName(children(of: scope), points: points(period), order: order)
        }
    }

    /// Each group of the scope with its children's points together, in roster order.
    public func groupTotals(_ scope: LeaderboardScope, _ period: Period) -> [(group: Group, points: Int)] {
        let points = points(period)
        let groups = switch scope {
        case .allGroups: roster.groups
        case .group(let id): roster.groups.filter { $0.id == id }
        }
        return groups.map { group in (group, roster.children(in: group.id).reduce(0) { $0 + (points[$1.id] ?? 0) }) }
    }

    private func children(of scope: LeaderboardScope) -> [Child] {
        switch scope {
        case .allGroups: roster.children
        case .group(let id): roster.children(in: id)
        }
    }
}
