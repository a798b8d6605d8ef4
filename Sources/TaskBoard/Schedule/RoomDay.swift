/// A group's day as the wall shows it: the timed tasks on the boards of the
/// group's children who are here that day (its weekday tasks included), by
/// time, each once, with the children whose boards have it; on a day that
/// is different (`DayChange`), with its activities, without what was
/// cancelled, and what was moved at its new time. The Today tab and the
/// printed day both draw this.
public struct RoomDay: Sendable {
    /// One picture of the day: a task and whose boards have it.
    public struct Item: Sendable {
        /// For an activity of the day, a stand-in with its name, picture and
        /// times, and an id below zero: it is on no board.
        public let task: LibraryTask
        /// The children here whose board has it that day, in the group's
        /// order (an activity: everyone here).
        public let children: [Child]
        /// How the day's change touched it, if it did.
        public let change: Change?
    }

    /// What makes an item of a different day different.
    public enum Change: Sendable {
        /// Only today: an activity added for the day.
        case added
        /// At another time than usual.
        case moved
    }

    public let group: Group
    public let day: Day
    /// Whether the daycare is open that day (Settings): a closed day has no program.
    public let isOpen: Bool
    /// The group's children who are here (not marked away).
    public let present: [Child]
    /// How many children the group has, here or not.
    public let groupSize: Int
    /// The timed tasks, by time; empty on a closed day.
    public let schedule: DaySchedule<Item>
    /// Whether the day is not like the group's other days (something added,
    /// cancelled or moved): the screens and the paper say so.
    public let isDifferent: Bool
    /// The timed tasks of the boards that do not happen that day.
    public let cancelled: [LibraryTask]

    /// Nil when the roster has no such group.
    public init?(group id: GroupID, on day: Day, roster: Roster, settings: Settings, away: Set<ChildID>) {
        guard let group = roster.group(id) else { return nil }
        let children = roster.children(in: id)
        self.group = group
        self.day = day
        isOpen = settings.isOpen(day)
        present = children.filter { !away.contains($0.id) }
        groupSize = children.count
        let changes = roster.dayChanges(of: id, on: day)
        guard isOpen else {
            schedule = DaySchedule([])
            isDifferent = false
            cancelled = []
            return
        }
        isDifferent = !changes.isEmpty
        cancelled = changes.compactMap { change in
            guard case .cancelled(let task) = change.what, let task = roster.task(task), task.time != nil else { return nil }
            return task
        }
        // Each task once, in the order it first appears on a board, so that
        // two at the same time keep the boards' order.
        var order: [TaskID] = []
        var whose: [TaskID: [Child]] = [:]
        for child in present {
            for task in roster.board(of: child, on: day) {
                if whose[task] == nil { order.append(task) }
                whose[task, default: []].append(child)
            }
        }
        let tasks = order.compactMap { taskID -> (item: Item, time: TimeOfDay, until: TimeOfDay?)? in
            guard let task = roster.task(taskID) else { return nil }
            let timing = roster.timing(of: task, group: id, on: day)
            guard let time = timing.time else { return nil }
            return (Item(task: task, children: whose[taskID] ?? [], change: timing.moved ? .moved : nil), time, timing.until)
        }
        let here = present
        let activities = roster.activities(of: id, on: day).compactMap { standIn -> (item: Item, time: TimeOfDay, until: TimeOfDay?)? in
            standIn.time.map { (Item(task: standIn, children: here, change: .added), $0, standIn.until) }
        }
        schedule = DaySchedule(withEnds: tasks + activities, closing: settings.closingTime)
    }

    /// Whether the item is on the board of every child here (else the
    /// printed day names the children it is for).
    public func isForEveryone(_ item: Item) -> Bool { item.children.count == present.count }
}
