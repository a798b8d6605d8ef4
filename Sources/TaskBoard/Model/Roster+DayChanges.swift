/// A group's day that is different: what the roster's day changes make of a
/// day's boards and times, and the edits that make them.
extension Roster {
    /// Room for a busy day's changes; the limit only stops a runaway script.
    public static let maxDayChanges = 20

    /// The group's changes for a day, in the order they were made.
    public func dayChanges(of group: GroupID, on day: Day) -> [DayChange] {
        dayChanges.filter { $0.group == group && $0.day == day }
    }

    /// Whether the group's day is not like its other days.
    public func isDifferent(_ group: GroupID, on day: Day) -> Bool {
        dayChanges.contains { $0.group == group && $0.day == day }
    }

    /// A child's board on a day: the tasks for that weekday, less those
    /// cancelled for the child's group that day. A day's "x / y done" and
    /// "board complete" count only these.
    public func board(of child: Child, on day: Day) -> [TaskID] {
        let board = child.board(on: day)
        // Most days are like the others; the screens ask for every child on every frame.
        guard !dayChanges.isEmpty else { return board }
        let cancelled = Set(dayChanges(of: child.groupID, on: day).compactMap { change -> TaskID? in
            if case .cancelled(let task) = change.what { task } else { nil }
        })
        return cancelled.isEmpty ? board : board.filter { !cancelled.contains($0) }
    }

    /// A group's activities of a day as stand-in tasks (their name, picture
    /// and times, no points) for the screens that show them among the tasks:
    /// each with an id below zero, so no library task, mark or count is
    /// ever theirs (`LibraryTask.isDayActivity`).
    public func activities(of group: GroupID, on day: Day) -> [LibraryTask] {
        guard !dayChanges.isEmpty else { return [] }
        return dayChanges(of: group, on: day).enumerated().compactMap { index, change in
            guard case .activity(let activity) = change.what else { return nil }
            return LibraryTask(id: TaskID(-1 - index), name: activity.name, icon: activity.icon, points: 0,
                               time: activity.time, until: activity.until)
        }
    }

    /// When a task happens on a group's day: where it was moved to, or its usual time.
    public func timing(of task: LibraryTask, group: GroupID, on day: Day) -> (time: TimeOfDay?, until: TimeOfDay?, moved: Bool) {
        for change in dayChanges.reversed() where change.group == group && change.day == day {
            if case .moved(task.id, let time, let until) = change.what { return (time, until, true) }
        }
        return (task.time, task.until, false)
    }

    // MARK: Edits

    /// Adds an activity to a group's day; one of the same name that day is replaced.
    public mutating func addActivity(_ activity: DayChange.Activity, group: GroupID, on day: Day) throws(TaskBoardError) {
        _ = try groupName(group)
        let name = try NameRules.validate(activity.name, kind: .task)
        if let until = activity.until, until <= activity.time { throw .endsBeforeItStarts("\(activity.time)-\(until)") }
        let icon = activity.icon?.trimmingCharacters(in: .whitespaces)
        try record(DayChange(group: group, day: day, what: .activity(DayChange.Activity(
            name: name, icon: icon?.isEmpty == false ? icon : nil, time: activity.time, until: activity.until))))
    }

    /// Takes a task off a group's boards for one day.
    public mutating func cancelTask(_ task: TaskID, group: GroupID, on day: Day) throws(TaskBoardError) {
        try requireOnGroupsDay(task, group: group, day: day)
        try record(DayChange(group: group, day: day, what: .cancelled(task)))
    }

    /// Gives a task another time on a group's day.
    public mutating func moveTask(_ task: TaskID, group: GroupID, on day: Day, to time: TimeOfDay, until: TimeOfDay? = nil) throws(TaskBoardError) {
        try requireOnGroupsDay(task, group: group, day: day)
        if let until, until <= time { throw .endsBeforeItStarts("\(time)-\(until)") }
        try record(DayChange(group: group, day: day, what: .moved(task, to: time, until: until)))
    }

    /// Takes back a day's change: the task's (cancelled or moved), or the
    /// activity of that name; the day is then as usual for it.
    public mutating func takeBackDayChange(group: GroupID, on day: Day, task: TaskID?, activity: String?) throws(TaskBoardError) {
        let before = dayChanges.count
        dayChanges.removeAll { change in
            guard change.group == group, change.day == day else { return false }
            if let task { return change.task == task }
            if let activity, case .activity(let made) = change.what { return NameRules.same(made.name, activity) }
            return false
        }
        guard dayChanges.count < before else {
            throw .noDayChange(task.flatMap { self.task($0)?.name } ?? activity ?? "")
        }
    }

    /// Keeps the change, in place of an earlier one about the same thing.
    private mutating func record(_ change: DayChange) throws(TaskBoardError) {
        if let index = dayChanges.firstIndex(where: { $0.isAbout(sameAs: change) }) {
            dayChanges[index] = change
            return
        }
        guard dayChanges(of: change.group, on: change.day).count < Self.maxDayChanges else { throw .tooManyDayChanges(max: Self.maxDayChanges) }
        dayChanges.append(change)
    }

    /// A task cancelled or moved must be on some board of the group that day.
    private func requireOnGroupsDay(_ id: TaskID, group: GroupID, day: Day) throws(TaskBoardError) {
        let groupName = try groupName(group)
        guard let task = self.task(id) else { throw .unknownTask(id) }
        guard children(in: group).contains(where: { $0.board(on: day).contains(id) }) else {
            throw .notOnGroupsDay(task: task.name, group: groupName)
        }
    }

    private func groupName(_ id: GroupID) throws(TaskBoardError) -> String {
        guard let group = group(id) else { throw .unknownGroup(id) }
        return group.name
    }
}
