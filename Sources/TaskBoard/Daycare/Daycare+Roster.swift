import Foundation

/// Roster edits: each saved, remembered for undo and described, with the
/// ticks of today that leave a board with their tasks.
extension Daycare {
    /// Applies a roster change, saves it, and remembers it for undo. A refused
    /// change throws and leaves everything as it was.
    @discardableResult
    public func edit<T>(_ change: RosterChange, _ body: (inout Roster) throws(TaskBoardError) -> T) throws -> T {
        var updated = roster
        let result = try body(&updated)
        try commit(updated, change)
        return result
    }

    /// Applies a roster command: saved, remembered for undo, and described.
    @discardableResult
    public func perform(_ command: RosterCommand) throws -> RosterChange {
        if let day = command.changedDay, day < today { throw TaskBoardError.dayPassed(day) }
        var updated = roster
        try command.apply(to: &updated)
        let change = command.change(before: roster, after: updated)
        try commit(updated, change)
        return change
    }

    /// What a roster edit would take back of the shown day's ticks: those of
    /// tasks taken off a board that stay in the library (taken off, a board
    /// replaced by a copy), which no screen would show any more. A deleted
    /// task's earned points stay, as history; a deleted child's go with the
    /// child. Only reads, so a screen may ask while it draws.
    public func ticksTaken(by command: RosterCommand) throws -> [TakenTick] {
        var updated = roster
        try command.apply(to: &updated)
        return try ticksLeavingBoards(from: roster, to: updated)
    }

    private func ticksLeavingBoards(from before: Roster, to after: Roster) throws -> [TakenTick] {
        let marks = try ledger.marks(on: today)
        var taken: [TakenTick] = []
        for child in before.children {
            guard let now = after.child(child.id), let done = marks.done[child.id] else { continue }
            let staying = Set(now.board)
            for task in child.board where !staying.contains(task) && after.task(task) != nil {
                if let points = done[task] { taken.append(TakenTick(child: child.id, task: task, day: today, points: points)) }
            }
        }
        return taken
    }

    /// Takes back today's ticks of tasks leaving a board, then saves the
    /// roster, and remembers both as one change for undo. The ticks go
    /// first: a crash between the two leaves a task on the board not done,
    /// never a point that no board shows.
    private func commit(_ edited: Roster, _ change: RosterChange) throws {
        guard edited != roster else { return }
        try syncDay()
        let updated = withFirstDays(edited)
        let taken = try ticksLeavingBoards(from: roster, to: updated)
        var unticked: [TakenTick] = []
        do {
            for tick in taken {
                guard let child = roster.child(tick.child), let task = roster.task(tick.task) else { continue }
                _ = try applyMark(child: child, task: task, day: tick.day, done: false, points: tick.points)
                unticked.append(tick)
            }
            try store.saveRoster(updated)
        } catch {
            // Put back what was taken, so a refused edit changes nothing. A
            // save a shared server answers late (`SaveUnderway`) is treated
            // alike: if it is refused then, no tick is lost; if it is saved,
            // today's ticks of the tasks it took off a board stay (they were done).
            for tick in unticked {
                if let child = roster.child(tick.child), let task = roster.task(tick.task) {
                    _ = try? applyMark(child: child, task: task, day: tick.day, done: true, points: tick.points)
                }
            }
            throw error
        }
        history.push(.roster(before: roster, change: change, unticked: unticked))
        roster = updated
    }

    /// Children new to the roster start today, however they came (the
    /// Groups tab, an import, a command): no day before it counts against them.
    private func withFirstDays(_ edited: Roster) -> Roster {
        var updated = edited
        let known = Set(roster.children.map(\.id))
        for index in updated.children.indices where updated.children[index].firstDay == nil && !known.contains(updated.children[index].id) {
            updated.children[index].firstDay = today
        }
        return updated
    }

    public func previewDelete(group id: GroupID) -> DeletePreview {
        preview(of: roster.children(in: id))
    }

    public func previewDelete(child id: ChildID) -> DeletePreview {
        preview(of: roster.children.filter { $0.id == id })
    }

    public func previewDelete(task id: TaskID) -> DeletePreview {
        let boards = roster.children.filter { $0.board.contains(id) }.count
        return DeletePreview(children: 0, boards: boards, boardEntries: boards, points: 0)
    }

    private func preview(of children: [Child]) -> DeletePreview {
        let totals = points(.allTime)
        return DeletePreview(
            children: children.count,
            boards: children.filter { !$0.board.isEmpty }.count,
            boardEntries: children.reduce(0) { $0 + $1.board.count },
            points: children.reduce(0) { $0 + (totals[$1.id] ?? 0) })
    }
}
