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
    case deleteTask(TaskID)
    case addToBoard(TaskID, child: ChildID)
    case removeFromBoard(TaskID, child: ChildID)
    case moveOnBoard(child: ChildID, from: Int, to: Int)
    case addToEveryBoard(TaskID, group: GroupID)
    case copyBoard(from: ChildID, to: [ChildID])

    func apply(to roster: inout Roster) throws(TaskBoardError) {
        switch self {
        case .addGroup(let name, let avatar): try roster.addGroup(name: name, avatar: avatar)
        case .renameGroup(let id, let name): try roster.renameGroup(id, to: name)
        case .setGroupAvatar(let id, let avatar): try roster.setGroupAvatar(id, to: avatar)
        case .deleteGroup(let id): try roster.deleteGroup(id)
        case .addChild(let name, let avatar, let group): try roster.addChild(name: name, avatar: avatar, group: group)
        case .renameChild(let id, let name): try roster.renameChild(id, to: name)
        case .setChildAvatar(let id, let avatar): try roster.setChildAvatar(id, to: avatar)
        case .moveChild(let id, let group): try roster.moveChild(id, to: group)
        case .deleteChild(let id): try roster.deleteChild(id)
        case .addTask(let name, let icon, let points): try roster.addTask(name: name, icon: icon, points: points)
        case .renameTask(let id, let name): try roster.renameTask(id, to: name)
        case .setTaskPoints(let id, let points): try roster.setTaskPoints(id, to: points)
        case .setTaskIcon(let id, let icon): try roster.setTaskIcon(id, to: icon)
        case .deleteTask(let id): try roster.deleteTask(id)
        case .addToBoard(let task, let child): try roster.addToBoard(task, child: child)
        case .removeFromBoard(let task, let child): try roster.removeFromBoard(task, child: child)
        case .moveOnBoard(let child, let from, let to): try roster.moveOnBoard(child: child, from: from, to: to)
        case .addToEveryBoard(let task, let group): try roster.addToEveryBoard(task, group: group)
        case .copyBoard(let source, let targets): try roster.copyBoard(from: source, to: targets)
        }
    }

    /// What the edit is, named as things were before it (for undo and the status line).
    func change(before roster: Roster, after: Roster) -> RosterChange {
        func group(_ id: GroupID) -> String { roster.group(id)?.name ?? after.group(id)?.name ?? id.description }
        func child(_ id: ChildID) -> String { roster.child(id)?.name ?? after.child(id)?.name ?? id.description }
        func task(_ id: TaskID) -> String { roster.task(id)?.name ?? after.task(id)?.name ?? id.description }
        switch self {
        case .addGroup(let name, _): return RosterChange(.addGroup, after.groups.last?.name ?? name)
        case .renameGroup(let id, _): return RosterChange(.renameGroup, group(id))
        case .setGroupAvatar(let id, _): return RosterChange(.setGroupAvatar, group(id))
        case .deleteGroup(let id): return RosterChange(.deleteGroup, group(id))
        case .addChild(let name, _, _): return RosterChange(.addChild, after.children.last?.name ?? name)
        case .renameChild(let id, _): return RosterChange(.renameChild, child(id))
        case .setChildAvatar(let id, _): return RosterChange(.setChildAvatar, child(id))
        case .moveChild(let id, _): return RosterChange(.moveChild, child(id))
        case .deleteChild(let id): return RosterChange(.deleteChild, child(id))
        case .addTask(let name, _, _): return RosterChange(.addTask, after.tasks.last?.name ?? name)
        case .renameTask(let id, _): return RosterChange(.renameTask, task(id))
        case .setTaskPoints(let id, _): return RosterChange(.setTaskPoints, task(id))
        case .setTaskIcon(let id, _): return RosterChange(.setTaskIcon, task(id))
        case .deleteTask(let id): return RosterChange(.deleteTask, task(id))
        case .addToBoard(_, let id), .removeFromBoard(_, let id), .moveOnBoard(let id, _, _), .copyBoard(let id, _):
            return RosterChange(.editBoard, child(id))
        case .addToEveryBoard(_, let id): return RosterChange(.editBoard, group(id))
        }
    }
}
