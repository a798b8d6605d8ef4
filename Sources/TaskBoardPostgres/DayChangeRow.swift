import TaskBoard

/// A `DayChange` as a row of `day_changes`: its kind, and the columns that
/// kind uses (the others NULL).
struct DayChangeRow {
    let group: Int
    let day: String
    let kind: String
    let task: Int?
    let name: String?
    let icon: String?
    let at: String?
    let until: String?

    init(group: Int, day: String, kind: String, task: Int?, name: String?, icon: String?, at: String?, until: String?) {
        (self.group, self.day, self.kind, self.task, self.name, self.icon, self.at, self.until) = (group, day, kind, task, name, icon, at, until)
    }

    init(_ change: DayChange) {
        let (group, day) = (change.group.rawValue, change.day.description)
        switch change.what {
        case .activity(let activity):
            self.init(group: group, day: day, kind: "activity", task: nil, name: activity.name, icon: activity.icon,
                      at: activity.time.description, until: activity.until?.description)
        case .cancelled(let task):
            self.init(group: group, day: day, kind: "cancel", task: task.rawValue, name: nil, icon: nil, at: nil, until: nil)
        case .moved(let task, let time, let until):
            self.init(group: group, day: day, kind: "move", task: task.rawValue, name: nil, icon: nil, at: time.description,
                      until: until?.description)
        }
    }

    /// The change the row holds; a row that holds none is damage, said as such.
    func change() throws -> DayChange {
        func damaged(_ what: String) -> DatabaseError { DatabaseError(.damaged, "a day change of group \(group) on \(day): \(what)") }
        func time(_ text: String?) throws -> TimeOfDay? {
            try text.map { text in
                guard let time = try? TimeOfDay.parse(text) else { throw damaged("\"\(text)\" is not a time") }
                return time
            }
        }
        guard let date = Day(day) else { throw damaged("\"\(day)\" is not a date") }
        let what: DayChange.What
        switch (kind, task, name, try time(at)) {
        case ("activity", _, let name?, let at?): what = .activity(DayChange.Activity(name: name, icon: icon, time: at, until: try time(until)))
        case ("cancel", let task?, _, _): what = .cancelled(TaskID(task))
        case ("move", let task?, _, let at?): what = .moved(TaskID(task), to: at, until: try time(until))
        default: throw damaged("a \(kind) without what it needs")
        }
        return DayChange(group: GroupID(group), day: date, what: what)
    }
}
