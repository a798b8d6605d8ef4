import TaskBoard

/// A child's tasks today as their board shows them: in the day's order,
/// with the one whose time is now and the next; on a closed day, or for a
/// child who is away, nothing is now. The board and the voice share it, so
/// what is said is what is seen.
struct BoardDay {
    let tasks: [LibraryTask]
    let now: TaskID?
    let next: TaskID?

    init(tasks: [LibraryTask], now: TaskID? = nil, next: TaskID? = nil) {
        self.tasks = tasks
        self.now = now
        self.next = next
    }

    init(of child: ChildID, away: Bool, _ data: KioskSnapshot) {
        let tasks = data.roster.boardTasks(of: child, on: data.today).inDayOrder
        let schedule = DaySchedule(tasks: tasks)
        let position = away || !data.settings.isOpen(data.today) || schedule.isEmpty ? nil
            : schedule.position(at: data.calendar.timeOfDay(of: data.now))
        self.init(tasks: tasks, now: position?.now.map { schedule.entries[$0].item.id }, next: position?.next.map { schedule.entries[$0].item.id })
    }
}
