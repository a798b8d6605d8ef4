/// A roster edit as a value, so a screen or a command line can ask for it
/// and `Daycare.perform` can apply, save and remember it for undo.
public enum RosterCommand: Equatable, Sendable {
    case addGroup(name: String, avatar: String)
    case renameGroup(GroupID, to: String)
    case setGroupAvatar(GroupID, to: String)
    case deleteGroup(GroupID)
    case addChild(name: String, avatar: String, group: GroupID)
    case renameChild(ChildID, to: String)
    case setChildAvatar(ChildID, to: String)
    case moveChild(ChildID, to: GroupID)
    case deleteChild(ChildID)
    case addTask(name: String, icon: String?, points: Int)
    case renameTask(TaskID, to: String)
    case setTaskPoints(TaskID, to: Int)
    case setTaskIcon(TaskID, to: String?)
    case setTaskTime(TaskID, to: TimeOfDay?, until: TimeOfDay? = nil)
    case deleteTask(TaskID)
    case addToBoard(TaskID, child: ChildID)
    case removeFromBoard(TaskID, child: ChildID)
    case moveOnBoard(child: ChildID, from: Int, to: Int)
    /// On every board of a group; nil: of every group.
    case addToEveryBoard(TaskID, group: GroupID?)
    case copyBoard(from: ChildID, to: [ChildID])
    /// A task on a board for some weekdays only (none or all seven: every day).
    case setTaskDays(TaskID, child: ChildID, to: [Int])
    // A group's day that is different (`DayChange`).
    case addDayActivity(DayChange.Activity, group: GroupID, day: Day)
    case cancelOnDay(TaskID, group: GroupID, day: Day)
    case moveOnDay(TaskID, group: GroupID, day: Day, to: TimeOfDay, until: TimeOfDay? = nil)
    /// The task's change that day, or the activity of that name, taken back.
    case takeBackDayChange(group: GroupID, day: Day, task: TaskID?, activity: String?)

    /// The day a change of a group's day is for: one that has passed is refused.
    public var changedDay: Day? {
        switch self {
        case .addDayActivity(_, _, let day), .cancelOnDay(_, _, let day), .moveOnDay(_, _, let day, _, _),
             .takeBackDayChange(_, let day, _, _): day
        default: nil
        }
    }

    func apply(to roster: inout Roster) throws(TaskBoardError) {
        switch self {
        case .addGroup(let name, let avatar): try roster.addGroup(name: name, avatar: avatar)
        case .renameGroup(let id, let name): try roster.renameGroup(id, to: name)
        case .setGroupAvatar(let id, let avatar): try roster.setGroupAvatar(id, to: avatar)
        case .deleteGroup(let id): try roster.deleteGroup(id)
        case .addChild(let name, let avatar, let group): try roster.addChildWithSharedBoard(name: name, avatar: avatar, group: group)
        case .renameChild(let id, let name): try roster.renameChild(id, to: name)
        case .setChildAvatar(let id, let avatar): try roster.setChildAvatar(id, to: avatar)
        case .moveChild(let id, let group): try roster.moveChild(id, to: group)
        case .deleteChild(let id): try roster.deleteChild(id)
        case .addTask(let name, let icon, let points): try roster.addTask(name: name, icon: icon, points: points)
        case .renameTask(let id, let name): try roster.renameTask(id, to: name)
        case .setTaskPoints(let id, let points): try roster.setTaskPoints(id, to: points)
        case .setTaskIcon(let id, let icon): try roster.setTaskIcon(id, to: icon)
        case .setTaskTime(let id, let time, let until): try roster.setTaskTime(id, to: time, until: until)
        case .deleteTask(let id): try roster.deleteTask(id)
        case .addToBoard(let task, let child): try roster.addToBoard(task, child: child)
        case .removeFromBoard(let task, let child): try roster.removeFromBoard(task, child: child)
        case .moveOnBoard(let child, let from, let to): try roster.moveOnBoard(child: child, from: from, to: to)
        case .addToEveryBoard(let task, let group): try roster.addToEveryBoard(task, group: group)
        case .copyBoard(let source, let targets): try roster.copyBoard(from: source, to: targets)
        case .setTaskDays(let task, let child, let days): try roster.setTaskDays(task, child: child, to: days)
        case .addDayActivity(let activity, let group, let day): try roster.addActivity(activity, group: group, on: day)
        case .cancelOnDay(let task, let group, let day): try roster.cancelTask(task, group: group, on: day)
        case .moveOnDay(let task, let group, let day, let time, let until): try roster.moveTask(task, group: group, on: day, to: time, until: until)
        case .takeBackDayChange(let group, let day, let task, let activity):
            try roster.takeBackDayChange(group: group, on: day, task: task, activity: activity)
        }
    }

    /// What the edit is, named as things were before it (for undo and the
    /// status line), with what it came to.
    func change(before roster: Roster, after: Roster) -> RosterChange {
        func group(_ id: GroupID) -> String { roster.group(id)?.name ?? after.group(id)?.name ?? id.description }
        func child(_ id: ChildID) -> String { roster.child(id)?.name ?? after.child(id)?.name ?? id.description }
        func task(_ id: TaskID) -> String { roster.task(id)?.name ?? after.task(id)?.name ?? id.description }
        let changed = roster != after
        func made(_ kind: RosterChange.Kind, _ subject: String, _ detail: String? = nil, count: Int? = nil) -> RosterChange {
            RosterChange(kind, subject, detail: detail, count: count, changed: changed)
        }
        switch self {
        case .addGroup(let name, _): return made(.addGroup, after.groups.last?.name ?? name)
        case .renameGroup(let id, _): return made(.renameGroup, group(id), after.group(id)?.name)
        case .setGroupAvatar(let id, _): return made(.setGroupAvatar, group(id))
        case .deleteGroup(let id): return made(.deleteGroup, group(id))
        case .addChild(let name, _, let id):
            // How many of the group's shared tasks the new child's board starts with.
            return made(.addChild, after.children.last?.name ?? name, group(id), count: after.children.last?.board.count ?? 0)
        case .renameChild(let id, _): return made(.renameChild, child(id), after.child(id)?.name)
        case .setChildAvatar(let id, _): return made(.setChildAvatar, child(id))
        case .moveChild(let id, let target): return made(.moveChild, child(id), group(target))
        case .deleteChild(let id): return made(.deleteChild, child(id))
        case .addTask(let name, _, _): return made(.addTask, after.tasks.last?.name ?? name)
        case .renameTask(let id, _): return made(.renameTask, task(id), after.task(id)?.name)
        case .setTaskPoints(let id, let points): return made(.setTaskPoints, task(id), count: points)
        case .setTaskIcon(let id, _): return made(.setTaskIcon, task(id))
        case .setTaskTime(let id, let time, let until): return made(.setTaskTime, task(id), time.map { t in until.map { "\(t)-\($0)" } ?? t.description })
        case .deleteTask(let id): return made(.deleteTask, task(id))
        case .addToBoard(let taskID, let id): return made(.addToBoard, child(id), task(taskID))
        case .removeFromBoard(let taskID, let id): return made(.removeFromBoard, child(id), task(taskID))
        case .moveOnBoard(let id, _, _): return made(.moveOnBoard, child(id))
        case .addToEveryBoard(let taskID, let id):
            let gained = (id.map(after.children(in:)) ?? after.children).filter { now in
                now.board.contains(taskID) && !(roster.child(now.id)?.board.contains(taskID) ?? false)
            }.count
            // Every group: no group's name (the words say "all groups").
            return made(.addToEveryBoard, id.map(group) ?? "", task(taskID), count: gained)
        case .copyBoard(let source, let targets):
            return made(.copyBoard, child(source), targets.map(child).joined(separator: ", "), count: targets.count)
        case .setTaskDays(let taskID, let id, let days):
            return made(.setTaskDays, child(id), task(taskID), count: after.child(id)?.boardDays[taskID]?.count ?? (days.isEmpty ? 7 : days.count))
        // The group's name, and the activity's or the task's.
        case .addDayActivity(let activity, let id, _): return made(.addDayActivity, group(id), activity.name)
        case .cancelOnDay(let taskID, let id, _): return made(.cancelOnDay, group(id), task(taskID))
        case .moveOnDay(let taskID, let id, _, _, _): return made(.moveOnDay, group(id), task(taskID))
        case .takeBackDayChange(let id, _, let taskID, let activity): return made(.takeBackDayChange, group(id), taskID.map(task) ?? activity ?? "")
        }
    }
}
