import TaskBoard

/// Compares summary.json with the journals. The summary is a cache: a day
/// whose journal length differs from the one the summary recorded is merely
/// stale (the kiosk re-reads it at the next start) and is not compared. A
/// day whose length matches must have the same points and finished boards;
/// the totals before the window must be what the older journals add up to.
/// Streaks before the window are not compared: a correction of an old day
/// changes points but, by design, not those streaks.
struct SummaryCheck {
    let summary: MarkSummary
    /// Tallies of the journals that could be read, with their lengths.
    let tallies: [Day: DayTally]
    /// Days whose journal could not be read.
    let unreadable: Set<Day>
    let roster: Roster?
    private let file = "summary.json"

    private var fix: DataProblem.Fix {
        if let day = unreadable.min() { return .manual("cannot repair while marks/\(day).jsonl cannot be read") }
        if let day = shortened.first { return .manual("cannot repair while marks/\(day).jsonl is shorter than recorded") }
        return .rebuildSummary
    }

    /// Window days whose journal is shorter than the summary recorded: saved
    /// ticks are missing. Rebuilding the summary would make the loss silent.
    private var shortened: [Day] {
        summary.days.indices.map { summary.firstDay.advanced(by: $0) }.filter { day in
            !unreadable.contains(day) && (tallies[day]?.journalLength ?? 0) < summary[day].journalLength
        }
    }

    func problems() -> [DataProblem] {
        shortenedProblems() + windowProblems() + totalProblems()
    }

    private func shortenedProblems() -> [DataProblem] {
        shortened.map { day in
            let journal = "marks/\(day).jsonl"
            return DataProblem(file: journal, "\(tallies[day]?.journalLength ?? 0) bytes, shorter than the \(summary[day].journalLength) bytes summary.json recorded: ticks that were saved are missing",
                               fix: .manual("cannot repair: restore \(journal) from a backup archive (taskboard restore); the kiosk refuses to start until then"))
        }
    }

    private func windowProblems() -> [DataProblem] {
        var problems: [DataProblem] = []
        for (offset, saved) in summary.days.enumerated() {
            let day = summary.firstDay.advanced(by: offset)
            guard !unreadable.contains(day) else { continue }
            let actual = tallies[day] ?? DayTally()
            guard saved.journalLength == actual.journalLength else { continue }
            let journal = "marks/\(day).jsonl"
            for child in Set(saved.points.keys).union(actual.points.keys).sorted() {
                let (kept, real) = (saved.points[child] ?? 0, actual.points[child] ?? 0)
                if kept != real {
                    problems.append(DataProblem(file: file, "on \(day), \(name(child)) has \(kept) points, but \(journal) gives \(real)", fix: fix))
                }
            }
            for child in saved.complete.symmetricDifference(actual.complete).sorted() {
                let text = saved.complete.contains(child)
                    ? "on \(day), \(name(child)) finished the board, but \(journal) says not"
                    : "on \(day), \(name(child)) did not finish the board, but \(journal) says so"
                problems.append(DataProblem(file: file, text, fix: fix))
            }
        }
        return problems
    }

    /// The points of the days before the window, rebuilt the way the ledger
    /// folds them. Skipped while an old-day change is pending (the next start
    /// finishes it) or an older journal cannot be read.
    private func totalProblems() -> [DataProblem] {
        guard summary.pendingOldDay == nil, !unreadable.contains(where: { $0 < summary.firstDay }) else { return [] }
        var rebuilt = MarkSummary(firstDay: summary.firstDay)
        for (_, tally) in tallies.filter({ $0.key < summary.firstDay }).sorted(by: { $0.key < $1.key }) {
            rebuilt.fold(tally)
        }
        return Set(summary.pointsBefore.keys).union(rebuilt.pointsBefore.keys).sorted().compactMap { child in
            let (kept, real) = (summary.pointsBefore[child] ?? 0, rebuilt.pointsBefore[child] ?? 0)
            guard kept != real else { return nil }
            return DataProblem(file: file, "\(name(child)) has \(kept) points from before \(summary.firstDay), but the journals give \(real)", fix: fix)
        }
    }

    private func name(_ child: ChildID) -> String {
        roster?.child(child).map(RosterCheck.label) ?? "child \(child)"
    }
}
