import Foundation
import TaskBoard

/// What the store could not do, or mended on its own, said in the log and
/// on the status line, each once.
extension KioskRuntime {

    /// A summary that could not be saved (a full or read-only disk) is
    /// logged and shown once, as a warning rather than a failure: the board
    /// goes on, and a tick that cannot be saved is refused on its own.
    func noteStoreProblems() {
        // What the store mended on its own (a torn journal end cut off): logged, never silent.
        for note in daycare.takeStorageNotes() { log(note) }
        let backup = daycare.backupProblem.map { "\($0)" }
        if backup != reportedBackupProblem {
            reportedBackupProblem = backup
            if let backup { log("backup failed: \(backup)") }
        }
        noteTicksAhead()
        let text = daycare.cacheProblem.map { "\($0)" }
        guard text != reportedCacheProblem else { return }
        reportedCacheProblem = text
        guard let text else { return }
        log("summary not saved (a cache; nothing lost): \(text)")
        state.notice = .cannotWrite(text)
    }


    /// Ticks saved while the clock was ahead (found at start, or once the
    /// clock is set back) are on no board: said on the status line and in
    /// the log, with what an adult runs, rather than left for `check` to find.
    func noteTicksAhead() {
        let days = daycare.daysTickedAhead
        guard days != reportedDaysAhead else { return }
        reportedDaysAhead = days
        guard !days.isEmpty else { return }
        log("ticks saved for \(days.map(\.description).joined(separator: ", ")) while the clock was ahead (today is \(daycare.today)): "
            + "no board shows them; taskboard check --repair keeps them aside with the commands that count them on their day")
        state.notice = .tickedAhead(days)
    }
}
