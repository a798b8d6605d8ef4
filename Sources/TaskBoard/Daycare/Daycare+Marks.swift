import Foundation

/// Ticks and absences: each saved before it returns, and one undo step.
extension Daycare {
    public func marks(on day: Day) throws -> DayMarks { try ledger.marks(on: day) }

    /// A day's marks if they are in memory already (today's always, once
    /// opened): never waits for the store.
    public func marksIfRead(on day: Day) -> DayMarks? { readLedger?.marksIfRead(on: day) }

    public func isDone(child: ChildID, task: TaskID, on day: Day? = nil) throws -> Bool {
        try syncDay()
        return try ledger.marks(on: day ?? today).isDone(child, task)
    }

    /// Ticks the task done for today if it was not, or undone if it was.
    @discardableResult
    public func toggle(child: ChildID, task: TaskID) throws -> MarkChange {
        try syncDay()
        let done = try ledger.marks(on: today).isDone(child, task)
        return try changeMark(child: child, task: task, done: !done, on: today)
    }

    /// Marks the task done or not done on a day (today by default). Returns
    /// nil when it already was.
    @discardableResult
    public func setMark(child: ChildID, task: TaskID, done: Bool, on day: Day? = nil) throws -> MarkChange? {
        try syncDay()
        let day = day ?? today
        // A mark for a day that has not come would move the history forward.
        if day > today { throw TaskBoardError.dayInFuture(day) }
        try requireKept(day)
        if try ledger.marks(on: day).isDone(child, task) == done { return nil }
        return try changeMark(child: child, task: task, done: done, on: day)
    }

    /// Ticking needs the task on the child's board that day (its weekdays,
    /// the day's changes) and the child there, as the Mark sheet shows them;
    /// unticking needs neither, so a mark can always be taken back.
    private func changeMark(child childID: ChildID, task taskID: TaskID, done: Bool, on day: Day) throws -> MarkChange {
        let child = try existingChild(childID)
        let task = try existingTask(taskID)
        if done && !roster.board(of: child, on: day).contains(taskID) {
            throw TaskBoardError.taskNotOnBoard(task: task.name, child: child.name)
        }
        if done && attendance.isAway(childID, on: day) { throw TaskBoardError.childAway(child: child.name) }
        let points = done ? task.points : (try ledger.marks(on: day).done[childID]?[taskID] ?? 0)
        let change = try applyMark(child: child, task: task, day: day, done: done, points: points)
        history.push(.mark(child: childID, task: taskID, day: day, wasDone: !done, points: points))
        return change
    }

    /// Records one mark, not remembered for undo (undo and roster edits use it too).
    func applyMark(child: Child, task: LibraryTask, day: Day, done: Bool, points: Int) throws -> MarkChange {
        let before = try ledger.marks(on: day)
        var doneAfter = before.tasksDone(by: child.id)
        if done { doneAfter.insert(task.id) } else { doneAfter.remove(task.id) }
        let completeBefore = Self.isComplete(board: roster.board(of: child, on: day), done: before.tasksDone(by: child.id))
        let completeAfter = Self.isComplete(board: roster.board(of: child, on: day), done: doneAfter)
        let event = MarkEvent(child: child.id, task: task.id, done: done, points: points,
                              boardComplete: completeAfter, at: Int64(now.timeIntervalSince1970))
        let goalBefore = groupsWithGoalReachedToday([child.groupID], on: day)
        try ledger.record(event, on: day)
        return MarkChange(child: child, task: task, day: day, done: done,
                          pointsDelta: done ? points : -points, finishedBoard: completeAfter && !completeBefore,
                          reachedGoal: done ? groupsReachingGoal([child.groupID], on: day, before: goalBefore).first : nil)
    }

    /// Ticks a task today for every child given who has it on their board
    /// and has not got it yet (or, with `done: false`, takes it back from
    /// every one who has it): one durable append, one undo step. Children
    /// without the task are passed over.
    @discardableResult
    public func setMarks(task taskID: TaskID, children childIDs: [ChildID], done: Bool) throws -> ColumnChange {
        try syncDay()
        let task = try existingTask(taskID)
        let marks = try ledger.marks(on: today)
        var points: [ChildID: Int] = [:]
        let children = try childIDs.map(existingChild).filter { child in
            // Away children are passed over, both ways.
            guard marks.isDone(child.id, taskID) != done, !done || roster.board(of: child, on: today).contains(taskID),
                  !attendance.isAway(child.id, on: today) else { return false }
            points[child.id] = done ? task.points : marks.done[child.id]?[taskID] ?? 0
            return true
        }
        let change = try applyMarks(task: task, children: children, day: today, done: done, points: points)
        if !children.isEmpty {
            history.push(.column(task: taskID, day: today, wasDone: !done, points: points, children: children.map(\.id)))
        }
        return change
    }

    /// Records a task's marks for several children as one write, not remembered for undo.
    func applyMarks(task: LibraryTask, children: [Child], day: Day, done: Bool, points: [ChildID: Int]) throws -> ColumnChange {
        let before = try ledger.marks(on: day)
        let at = Int64(now.timeIntervalSince1970)
        var finished: [Child] = []
        let events = children.map { child in
            var doneAfter = before.tasksDone(by: child.id)
            if done { doneAfter.insert(task.id) } else { doneAfter.remove(task.id) }
            let completeAfter = Self.isComplete(board: roster.board(of: child, on: day), done: doneAfter)
            if completeAfter && !Self.isComplete(board: roster.board(of: child, on: day), done: before.tasksDone(by: child.id)) { finished.append(child) }
            return MarkEvent(child: child.id, task: task.id, done: done, points: points[child.id] ?? 0, boardComplete: completeAfter, at: at)
        }
        let groups = Array(Set(children.map(\.groupID)))
        let goalBefore = groupsWithGoalReachedToday(groups, on: day)
        try ledger.record(events, on: day)
        let total = children.reduce(0) { $0 + (points[$1.id] ?? 0) }
        return ColumnChange(task: task, day: day, done: done, children: children, pointsDelta: done ? total : -total, finishedBoards: finished,
                            reachedGoals: done ? groupsReachingGoal(groups, on: day, before: goalBefore) : [])
    }

    /// Of `groups`, those that have reached today's goal (none on another day).
    private func groupsWithGoalReachedToday(_ groups: [GroupID], on day: Day) -> Set<GroupID> {
        guard day == today else { return [] }
        return Set(groups.filter(hasReachedGoalToday))
    }

    /// The groups that reached today's goal since `before` was taken, in roster order.
    private func groupsReachingGoal(_ groups: [GroupID], on day: Day, before: Set<GroupID>) -> [Group] {
        let now = groupsWithGoalReachedToday(groups, on: day)
        return roster.groups.filter { now.contains($0.id) && !before.contains($0.id) }
    }

    static func isComplete(board: [TaskID], done: Set<TaskID>) -> Bool {
        !board.isEmpty && board.allSatisfy(done.contains)
    }

    /// A day before the first day kept would be removed at the next start or day's change: refused, said why.
    private func requireKept(_ day: Day) throws {
        if let first = firstDayCounted, day < first { throw TaskBoardError.dayNotKept(day, first: first) }
    }

    // MARK: Attendance

    public func isAway(_ child: ChildID, on day: Day? = nil) -> Bool {
        attendance.isAway(child, on: day ?? today)
    }

    /// Marks a child away (or here again) on a day, today by default; saved
    /// before it returns, one undo step. Nil when it already was so.
    @discardableResult
    public func setAway(child childID: ChildID, away: Bool, on day: Day? = nil) throws -> AttendanceChange? {
        try syncDay()
        let day = day ?? today
        if day > today { throw TaskBoardError.dayInFuture(day) }
        try requireKept(day)
        let child = try existingChild(childID)
        guard attendance.isAway(childID, on: day) != away else { return nil }
        try applyAway(child, away: away, on: day)
        history.push(.away(child: childID, day: day, wasAway: !away))
        return AttendanceChange(child: child, day: day, away: away)
    }

    /// How a child stands today, as a change to report where nothing changed.
    public func attendanceToday(of childID: ChildID) throws -> AttendanceChange {
        AttendanceChange(child: try existingChild(childID), day: today, away: attendance.isAway(childID, on: today))
    }

    /// Saves an absence (or its end), not remembered for undo.
    func applyAway(_ child: Child, away: Bool, on day: Day) throws {
        var changed = attendance
        changed.set(child.id, away: away, on: day)
        try store.saveAttendance(changed)
        attendance = changed
    }
}
