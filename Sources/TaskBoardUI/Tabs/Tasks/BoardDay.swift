import TaskBoard

/// A child's tasks today as their board shows them: in the day's order,
/// with the group's activities of the day among them (nothing to tick, no
/// points; `LibraryTask.isDayActivity`), the one whose time is now (and
/// how much of it is left) and the next (and whether it is near enough to be marked as coming); on a closed
/// day, for a child who is away, or after the day's end, nothing is now.
/// The board and the voice share it, so what is said is what is seen.
struct BoardDay {
    let tasks: [LibraryTask]
    let now: TaskID?
    let next: TaskID?
    var left: Double? = nil
    var coming: TaskID? = nil

    init(tasks: [LibraryTask], now: TaskID? = nil, next: TaskID? = nil) {
        self.tasks = tasks
        self.now = now
        self.next = next
    }

    init(of child: ChildID, away: Bool, _ data: KioskSnapshot) {
        // A child away is not on the trip; a closed day has no program.
        let offToday = away || !data.settings.isOpen(data.today)
        let group = data.roster.child(child)?.groupID
        let activities = offToday ? [] : group.map { data.roster.activities(of: $0, on: data.today) } ?? []
        let tasks = (data.roster.boardTasks(of: child, on: data.today) + activities).inDayOrder
        let schedule = DaySchedule(tasks: tasks, closing: data.settings.closingTime)
        let clock = data.calendar.timeOfDay(of: data.now)
        let position = offToday || schedule.isEmpty ? nil : schedule.position(at: clock)
        self.init(tasks: tasks, now: position?.now.map { schedule.entries[$0].item.id }, next: position?.next.map { schedule.entries[$0].item.id })
        left = position?.left
        if position != nil { coming = schedule.coming(at: clock, within: data.settings.changeWarningMinutes).map { schedule.entries[$0].item.id } }
    }
}
