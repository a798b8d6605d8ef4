import Foundation

/// Undo of the last changes: ticks, absences and roster edits.
extension Daycare {
    /// Takes over what could be undone on `previous`, the same store read
    /// before another kiosk's change. A roster edit is kept only while the
    /// roster is as it left it: undoing it would put back the whole roster
    /// it replaced, over the other kiosk's edit. Ticks and absences are set,
    /// not toggled, when undone, so they stay.
    public func continueHistory(of previous: Daycare) {
        guard previous !== self else { return }
        let rosterUnchanged = previous.roster == roster
        history = UndoHistory(previous.history.entries.filter { entry in
            if case .roster = entry { return rosterUnchanged }
            return true
        })
    }

    /// After a child was forgotten (read afresh): nothing before can be
    /// undone, and undo says why rather than that there is nothing.
    public func startHistory(afterForgetting child: String) {
        history = UndoHistory([.forgotten(child: child)])
    }

    /// Takes back the newest change still remembered.
    @discardableResult
    public func undo() throws -> UndoneChange {
        guard let entry = history.pop() else { throw TaskBoardError.nothingToUndo }
        do {
            switch entry {
            case .roster(let before, let change, let unticked):
                var restored = before
                // Ids are never handed out twice, even after an undo.
                restored.nextID = max(before.nextID, roster.nextID)
                try store.saveRoster(restored)
                roster = restored
                // The ticks the edit took back come back with their tasks.
                for tick in unticked {
                    if let child = roster.child(tick.child), let task = roster.task(tick.task),
                       try !ledger.marks(on: tick.day).isDone(tick.child, tick.task) {
                        _ = try applyMark(child: child, task: task, day: tick.day, done: true, points: tick.points)
                    }
                }
                return .roster(change)
            case .mark(let childID, let taskID, let day, let wasDone, let points):
                let change = try applyMark(child: try existingChild(childID), task: try existingTask(taskID),
                                           day: day, done: wasDone, points: points)
                return .mark(change)
            case .away(let childID, let day, let wasAway):
                let child = try existingChild(childID)
                try applyAway(child, away: wasAway, on: day)
                return .away(AttendanceChange(child: child, day: day, away: wasAway))
            case .forgotten(let child):
                throw TaskBoardError.forgettingCannotBeUndone(child: child)
            case .column(let taskID, let day, let wasDone, let points, let childIDs):
                // Children deleted since are passed over.
                let children = childIDs.compactMap { roster.child($0) }
                return .column(try applyMarks(task: try existingTask(taskID), children: children, day: day, done: wasDone, points: points))
            }
        } catch {
            history.push(entry)
            throw error
        }
    }
}
