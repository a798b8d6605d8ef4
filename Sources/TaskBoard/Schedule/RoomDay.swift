/// A group's day as the wall shows it: the timed tasks on the boards of the
/// group's children who are here that day (its weekday tasks included), by
/// time, each once, with the children whose boards have it. The Today tab
/// and the printed day both draw this.
public struct RoomDay: Sendable {
    /// One picture of the day: a task and whose boards have it.
    public struct Item: Sendable {
        public let task: LibraryTask
        /// The children here whose board has it that day, in the group's order.
        public let children: [Child]
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

    /// Nil when the roster has no such group.
    public init?(group id: GroupID, on day: Day, roster: Roster, settings: Settings, away: Set<ChildID>) {
        guard let group = roster.group(id) else { return nil }
        let children = roster.children(in: id)
        self.group = group
        self.day = day
        isOpen = settings.isOpen(day)
        present = children.filter { !away.contains($0.id) }
        groupSize = children.count
        guard isOpen else {
            schedule = DaySchedule([])
            return
        }
        // Each task once, in the order it first appears on a board, so that
        // two at the same time keep the boards' order.
        var order: [TaskID] = []
        var whose: [TaskID: [Child]] = [:]
        for child in present {
            for task in child.board(on: day) {
                if whose[task] == nil { order.append(task) }
                whose[task, default: []].append(child)
            }
        }
        schedule = DaySchedule(withEnds: order.compactMap { id in
            guard let task = roster.task(id), let time = task.time else { return nil }
            return (item: Item(task: task, children: whose[id] ?? []), time: time, until: task.until)
        }, closing: settings.closingTime)
    }

    /// Whether the item is on the board of every child here (else the
    /// printed day names the children it is for).
    public func isForEveryone(_ item: Item) -> Bool { item.children.count == present.count }
}
