import TaskBoard

/// One row of a group's day on the admin side: a picture of the day (a
/// task of the boards, or an activity of that day only), or a task of the
/// boards cancelled that day.
enum GroupDayRow: Equatable {
    case task(TaskID, moved: Bool)
    case activity(String)
    case cancelled(TaskID)

    /// The group's day's rows: what happens, by time, then what is
    /// cancelled. The whole group's, whoever is away: it is the wall's program.
    static func rows(of group: GroupID, on day: Day, roster: Roster, settings: Settings)
        -> [(row: GroupDayRow, entry: DaySchedule<RoomDay.Item>.Entry?)] {
        guard let room = RoomDay(group: group, on: day, roster: roster, settings: settings, away: []) else { return [] }
        let happening = room.schedule.entries.map { entry -> (row: GroupDayRow, entry: DaySchedule<RoomDay.Item>.Entry?) in
            let row: GroupDayRow = switch entry.item.change {
            case .added: .activity(entry.item.task.name)
            case .moved: .task(entry.item.task.id, moved: true)
            case nil: .task(entry.item.task.id, moved: false)
            }
            return (row, entry)
        }
        return happening + room.cancelled.map { (.cancelled($0.id), nil) }
    }

    /// What Del does to the row: a task cancelled for the day, an activity
    /// or a cancel taken back.
    func removal(group: GroupID, day: Day) -> RosterCommand {
        switch self {
        case .task(let task, _): .cancelOnDay(task, group: group, day: day)
        case .activity(let name): .takeBackDayChange(group: group, day: day, task: nil, activity: name)
        case .cancelled(let task): .takeBackDayChange(group: group, day: day, task: task, activity: nil)
        }
    }

    /// The task of the boards it is, where it can be moved.
    var task: TaskID? {
        if case .task(let task, _) = self { return task }
        return nil
    }

    /// Its name: the activity's or the task's.
    func name(in roster: Roster) -> String {
        switch self {
        case .task(let task, _), .cancelled(let task): roster.task(task)?.name ?? ""
        case .activity(let name): name
        }
    }
}

/// A group's day on the admin side (Groups, a group, Ctrl-T): its program
/// for today or a day to come, to change for that day only: an activity
/// added, a task cancelled (or back again), a task at another time.
struct GroupDayPage {
    let frame: Frame

    /// How far ahead a day can be changed from here.
    static let daysAhead = 60

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, state = frame.state
        guard let open = state.groups.open, let group = frame.roster.group(open), let ahead = state.groups.dayAhead else { return }
        let day = frame.data.today.advanced(by: ahead)
        let used = buffer.write("\(screen.shown(group.avatar)) \(group.name)", x: 2, y: area.y, style: theme.title, maxWidth: area.width / 2)
        var x = 2 + used
        // The mark first: on a narrow screen the date gives way, never the mark.
        if frame.roster.isDifferent(open, on: day) {
            x += buffer.write(" \(theme.changedDayMark)", x: x, y: area.y, style: theme.title)
        }
        // The day between ◂ and ▸, each a target.
        let room = area.x + area.width - x - 4
        let long = "\(strings.weekdayName(day)) \(strings.date(day))"
        PageArrows(frame: frame).render(DisplayWidth.of(long) + 4 <= room ? long : strings.date(day), into: &buffer,
                                         x: x + 2, y: area.y, maxWidth: room + 2)
        let items = GroupDayRow.rows(of: open, on: day, roster: frame.roster, settings: frame.data.settings).map { row, entry -> ListView.Item in
            switch row {
            case .cancelled(let id):
                let task = frame.roster.task(id)
                return ListView.Item(symbol: screen.shown(icon: task?.icon) ?? " ", label: task?.name ?? "", style: theme.dim,
                                     trailing: strings["groupDay.cancelled"])
            case .task, .activity:
                let item = entry?.item
                let name = (item?.task.name ?? "") + (item?.change == nil ? "" : " \(theme.changedDayMark)")
                return ListView.Item(symbol: screen.shown(icon: item?.task.icon) ?? " ", label: name,
                                     trailing: entry.map { strings.time($0.time, until: $0.until) } ?? "")
            }
        }
        let empty = frame.data.settings.isOpen(day) ? screen.emptyList("groupDay.empty") : strings["printDay.closed"]
        screen.renderList(items, selection: state.groups.dayRows, empty: empty, focused: state.form == nil, into: &buffer, area: area)
    }
}
