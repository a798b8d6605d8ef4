extension DaySchedule where Item == LibraryTask {
    /// The timed ones among a day's tasks.
    public init(tasks: [LibraryTask], closing: TimeOfDay? = nil) {
        self.init(withEnds: tasks.compactMap { task in task.time.map { (item: task, time: $0, until: task.until) } }, closing: closing)
    }
}

extension Array where Element == LibraryTask {
    /// As the day goes: the timed tasks by their time, then those without
    /// one in the order they were in (a board's own order).
    public var inDayOrder: [LibraryTask] {
        DaySchedule(tasks: self).entries.map(\.item) + filter { $0.time == nil }
    }
}
