import Foundation

/// The changes a roster allows, each validated with a typed error and leaving
/// the roster untouched when refused.
extension Roster {
    public static let maxGroups = 50
    /// Room for a large daycare's whole roster in one import (a 2,000-line
    /// CSV); the limit only stops a runaway script.
    public static let maxChildren = 5000
    public static let maxTasks = 200
    public static let maxBoardTasks = 30

    // MARK: Groups

    @discardableResult
    public mutating func addGroup(name: String, avatar: String) throws(TaskBoardError) -> GroupID {
        guard groups.count < Self.maxGroups else { throw .tooMany(.group, max: Self.maxGroups) }
        let name = try uniqueGroupName(name, except: nil)
        let id = GroupID(takeID())
        groups.append(Group(id: id, name: name, avatar: avatar))
        return id
    }

    public mutating func renameGroup(_ id: GroupID, to name: String) throws(TaskBoardError) {
        let index = try groupIndex(id)
        groups[index].name = try uniqueGroupName(name, except: id)
    }

    public mutating func setGroupAvatar(_ id: GroupID, to avatar: String) throws(TaskBoardError) {
        groups[try groupIndex(id)].avatar = avatar
    }

    /// Deletes the group and every child in it.
    public mutating func deleteGroup(_ id: GroupID) throws(TaskBoardError) {
        let index = try groupIndex(id)
        groups.remove(at: index)
        children.removeAll { $0.groupID == id }
        dayChanges.removeAll { $0.group == id }
    }

    // MARK: Children

    @discardableResult
    public mutating func addChild(name: String, avatar: String, group: GroupID) throws(TaskBoardError) -> ChildID {
        guard children.count < Self.maxChildren else { throw .tooMany(.child, max: Self.maxChildren) }
        let name = try uniqueChildName(name, in: group, except: nil)
        let id = ChildID(takeID())
        children.append(Child(id: id, name: name, avatar: avatar, groupID: group))
        return id
    }

    /// The tasks every board of the group has, in its first child's order,
    /// with the weekdays they all give it (none: every day); empty for a
    /// group without children.
    public func sharedBoard(of group: GroupID) -> [(task: TaskID, days: [Int])] {
        let members = children(in: group)
        guard let first = members.first else { return [] }
        return first.board.compactMap { task in
            guard members.allSatisfy({ $0.board.contains(task) }) else { return nil }
            let days = members.map { $0.boardDays[task] ?? [] }
            return (task, days.allSatisfy { $0 == days[0] } ? days[0] : [])
        }
    }

    /// A child added to a group where children are already: their board
    /// starts as the tasks the group's boards share, rather than empty.
    @discardableResult
    public mutating func addChildWithSharedBoard(name: String, avatar: String, group: GroupID) throws(TaskBoardError) -> ChildID {
        let shared = sharedBoard(of: group)
        let id = try addChild(name: name, avatar: avatar, group: group)
        for (task, days) in shared {
            try addToBoard(task, child: id)
            if !days.isEmpty { try setTaskDays(task, child: id, to: days) }
        }
        return id
    }

    public mutating func renameChild(_ id: ChildID, to name: String) throws(TaskBoardError) {
        let index = try childIndex(id)
        children[index].name = try uniqueChildName(name, in: children[index].groupID, except: id)
    }

    public mutating func setChildAvatar(_ id: ChildID, to avatar: String) throws(TaskBoardError) {
        children[try childIndex(id)].avatar = avatar
    }

    public mutating func moveChild(_ id: ChildID, to group: GroupID) throws(TaskBoardError) {
        let index = try childIndex(id)
        _ = try uniqueChildName(children[index].name, in: group, except: id)
        children[index].groupID = group
    }

    public mutating func deleteChild(_ id: ChildID) throws(TaskBoardError) {
        children.remove(at: try childIndex(id))
    }

    // MARK: The task library

    @discardableResult
    public mutating func addTask(name: String, icon: String? = nil, points: Int = LibraryTask.defaultPoints) throws(TaskBoardError) -> TaskID {
        guard tasks.count < Self.maxTasks else { throw .tooMany(.task, max: Self.maxTasks) }
        let name = try uniqueTaskName(name, except: nil)
        try Self.checkPoints(points)
        let id = TaskID(takeID())
        tasks.append(LibraryTask(id: id, name: name, icon: Self.normalizedIcon(icon), points: points))
        return id
    }

    public mutating func renameTask(_ id: TaskID, to name: String) throws(TaskBoardError) {
        let index = try taskIndex(id)
        tasks[index].name = try uniqueTaskName(name, except: id)
    }

    /// Changes what the task is worth from now on; points already earned stay.
    public mutating func setTaskPoints(_ id: TaskID, to points: Int) throws(TaskBoardError) {
        let index = try taskIndex(id)
        try Self.checkPoints(points)
        tasks[index].points = points
    }

    public mutating func setTaskIcon(_ id: TaskID, to icon: String?) throws(TaskBoardError) {
        tasks[try taskIndex(id)].icon = Self.normalizedIcon(icon)
    }

    /// A time in the day for the task, or none (nil), and its own end if it has one.
    public mutating func setTaskTime(_ id: TaskID, to time: TimeOfDay?, until: TimeOfDay? = nil) throws(TaskBoardError) {
        let index = try taskIndex(id)
        if let time, let until, until <= time { throw .endsBeforeItStarts("\(time)-\(until)") }
        tasks[index].time = time
        tasks[index].until = time == nil ? nil : until
    }

    /// Deletes the task and takes it off every board.
    public mutating func deleteTask(_ id: TaskID) throws(TaskBoardError) {
        tasks.remove(at: try taskIndex(id))
        for index in children.indices {
            children[index].board.removeAll { $0 == id }
            children[index].boardDays[id] = nil
        }
        dayChanges.removeAll { $0.task == id }
    }

    // MARK: Boards

    public mutating func addToBoard(_ task: TaskID, child: ChildID) throws(TaskBoardError) {
        let index = try childIndex(child)
        let taskName = tasks[try taskIndex(task)].name
        guard !children[index].board.contains(task) else {
            throw .taskAlreadyOnBoard(task: taskName, child: children[index].name)
        }
        guard children[index].board.count < Self.maxBoardTasks else {
            throw .boardFull(child: children[index].name, max: Self.maxBoardTasks)
        }
        children[index].board.append(task)
    }

    public mutating func removeFromBoard(_ task: TaskID, child: ChildID) throws(TaskBoardError) {
        let index = try childIndex(child)
        guard let position = children[index].board.firstIndex(of: task) else {
            throw .taskNotOnBoard(task: self.task(task)?.name ?? task.description, child: children[index].name)
        }
        children[index].board.remove(at: position)
        children[index].boardDays[task] = nil
    }

    /// Limits a task on a board to some weekdays (1 = Monday ... 7 =
    /// Sunday); all seven, or none, make it an every-day task again.
    public mutating func setTaskDays(_ task: TaskID, child: ChildID, to weekdays: [Int]) throws(TaskBoardError) {
        let index = try childIndex(child)
        guard children[index].board.contains(task) else {
            throw .taskNotOnBoard(task: self.task(task)?.name ?? task.description, child: children[index].name)
        }
        let days = Array(Set(weekdays.filter { (1...7).contains($0) })).sorted()
        children[index].boardDays[task] = days.isEmpty || days.count == 7 ? nil : days
    }

    /// Moves the task at `from` so that it ends up at `to` (both board positions).
    public mutating func moveOnBoard(child: ChildID, from: Int, to: Int) throws(TaskBoardError) {
        let index = try childIndex(child)
        var board = children[index].board
        guard board.indices.contains(from), board.indices.contains(to) else { return }
        board.insert(board.remove(at: from), at: to)
        children[index].board = board
    }

    /// Puts the task on the board of every child in the group (nil: in every
    /// group) that lacks it. Returns how many boards got it; full boards are
    /// refused as a whole.
    @discardableResult
    public mutating func addToEveryBoard(_ task: TaskID, group: GroupID?) throws(TaskBoardError) -> Int {
        _ = try taskIndex(task)
        if let group { _ = try groupIndex(group) }
        let targets = children.indices.filter { (group == nil || children[$0].groupID == group) && !children[$0].board.contains(task) }
        if let full = targets.first(where: { children[$0].board.count >= Self.maxBoardTasks }) {
            throw .boardFull(child: children[full].name, max: Self.maxBoardTasks)
        }
        for index in targets { children[index].board.append(task) }
        return targets.count
    }

    /// Gives each target child a copy of the source child's board.
    public mutating func copyBoard(from source: ChildID, to targets: [ChildID]) throws(TaskBoardError) {
        let board = children[try childIndex(source)].board
        let days = children[try childIndex(source)].boardDays
        var indices: [Int] = []
        for target in targets { indices.append(try childIndex(target)) }
        for index in indices {
            children[index].board = board
            children[index].boardDays = days
        }
    }

    // MARK: Helpers

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private func groupIndex(_ id: GroupID) throws(TaskBoardError) -> Int {
        guard let index = groups.firstIndex(where: { $0.id == id }) else { throw .unknownGroup(id) }
        return index
    }

    private func childIndex(_ id: ChildID) throws(TaskBoardError) -> Int {
        guard let index = children.firstIndex(where: { $0.id == id }) else { throw .unknownChild(id) }
        return index
    }

    private func taskIndex(_ id: TaskID) throws(TaskBoardError) -> Int {
        guard let index = tasks.firstIndex(where: { $0.id == id }) else { throw .unknownTask(id) }
        return index
    }

    private func uniqueGroupName(_ raw: String, except id: GroupID?) throws(TaskBoardError) -> String {
        let name = try NameRules.validate(raw, kind: .group)
        if groups.contains(where: { $0.id != id && NameRules.same($0.name, name) }) { throw .duplicateGroupName(name) }
        return name
    }

    private func uniqueChildName(_ raw: String, in group: GroupID, except id: ChildID?) throws(TaskBoardError) -> String {
        let name = try NameRules.validate(raw, kind: .child)
        let groupName = groups[try groupIndex(group)].name
        if children.contains(where: { $0.id != id && $0.groupID == group && NameRules.same($0.name, name) }) {
            throw .duplicateChildName(name, group: groupName)
        }
        return name
    }

    private func uniqueTaskName(_ raw: String, except id: TaskID?) throws(TaskBoardError) -> String {
        let name = try NameRules.validate(raw, kind: .task)
        if tasks.contains(where: { $0.id != id && NameRules.same($0.name, name) }) { throw .duplicateTaskName(name) }
        return name
    }

    private static func checkPoints(_ points: Int) throws(TaskBoardError) {
        guard LibraryTask.pointRange.contains(points) else { throw .pointsOutOfRange(points) }
    }

    private static func normalizedIcon(_ icon: String?) -> String? {
        guard let trimmed = icon?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
