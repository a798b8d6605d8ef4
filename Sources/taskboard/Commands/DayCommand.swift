import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard day`: a group's day that is different (a trip, a visitor, a
/// party), as the wall schedule is changed for that morning: an activity
/// added at a time, a task of the boards cancelled or moved, on one date.
struct DayCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "Change one group's day: add an activity, cancel or move a task.",
        discussion: """
        The change is for one group and one date (default: today); other days \
        stay as they are. The Today tab, the children's boards and `print day` \
        show the day's program with a mark that the day is different. A \
        cancelled task is off that day's boards, so nobody misses it. A day \
        that has passed cannot be changed. The kiosk's Ctrl-Z takes a change \
        made there back; `day restore` takes back one made here. `day show` \
        lists the group's days that are different from the day on. While a \
        kiosk runs on the data directory, the change is handed to it (run this \
        as the kiosk's user) and its status line shows it.

        Examples:
          taskboard day add --group Squirrels --task "Trip to the library" \\
                            --at 9:00-11:30 --icon 🚌
          taskboard day cancel --group Squirrels --day 2026-12-03 --task "Go outside"
          taskboard day move --group Squirrels --task "Eat lunch" --at 11:30
          taskboard day restore --group Squirrels --task "Eat lunch"
          taskboard day show --group Squirrels
        """)

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case add, cancel, move, restore, show
    }

    var unchangedOnFailure: String? { action == .show ? nil : "Nothing was changed." }

    @Argument(help: "add, cancel, move, restore or show.")
    var action: Action

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "The group whose day it is.")
    var group: String

    @Option(name: .long, help: ArgumentHelp("The day: YYYY-MM-DD, today or tomorrow (default: today).", valueName: "date"))
    var day: String?

    @Option(name: .long, help: "The task (as the library names it), or the activity's name (add, restore).")
    var task: String?

    @Option(name: .long, help: ArgumentHelp("When: 9:00, or 9:00-11:30 with its end (add, move).", valueName: "time"))
    var at: String?

    @Option(name: .long, help: "The activity's picture, an emoji (add); without it, the first icon its words find.")
    var icon: String?

    func validate() throws {
        if action != .show, task == nil { throw ValidationError("day \(action.rawValue) needs --task.") }
        if action == .add || action == .move, at == nil { throw ValidationError("day \(action.rawValue) needs --at.") }
    }

    func execute() throws {
        guard action != .show else { return try show() }
        let task = self.task ?? ""
        let times = try at.map(Self.times)
        let icon = action == .add ? try self.icon.map(Self.picture) ?? IconFinder(KioskAssets.load().icons).best(for: task)?.symbol : nil
        // Nil while a running kiosk holds the data directory: it makes the change.
        let store = try KioskHandOff.openForWriting(data)
        let daycare = try data.daycare(on: store ?? data.openForReading())
        let (group, day) = try resolve(in: daycare)
        let lookup = NameLookup(roster: daycare.roster)
        let command: RosterCommand, words: String
        switch action {
        case .add:
            guard let (time, until) = times else { return }
            command = .addDayActivity(DayChange.Activity(name: task, icon: icon, time: time, until: until), group: group.id, day: day)
            words = "\(icon.map { $0 + " " } ?? "")\(task) added at \(Self.text(time, until))."
        case .cancel:
            let found = try lookup.task(named: task)
            (command, words) = (.cancelOnDay(found.id, group: group.id, day: day), "\(found.name) cancelled.")
        case .move:
            guard let (time, until) = times else { return }
            let found = try lookup.task(named: task)
            (command, words) = (.moveOnDay(found.id, group: group.id, day: day, to: time, until: until),
                                "\(found.name) moved to \(Self.text(time, until)).")
        case .restore:
            // A library task's change, else an activity of that name.
            let found = try? lookup.task(named: task)
            let changed = found.map { found in daycare.roster.dayChanges(of: group.id, on: day).contains { $0.task == found.id } } ?? false
            command = .takeBackDayChange(group: group.id, day: day, task: changed ? found?.id : nil, activity: changed ? nil : task)
            words = "\((changed ? found?.name : nil) ?? task) as usual again."
        case .show:
            return
        }
        if store == nil, let request = DayChangeRequest(command) {
            guard try KioskHandOff.send(MarkRequest(request), what: "day's change", data: data, wait: Self.kioskWait) != nil else {
                // The kiosk stopped with it in hand: made here, as the kiosk would.
                KioskHandOff.kioskStopped("day's change")
                return try execute()
            }
        } else {
            try daycare.perform(command)
        }
        Output.line("\(group.name), \(day): \(words)")
    }

    /// How long a running kiosk is given to take the change (it looks at once).
    static let kioskWait: Double = 10

    private func resolve(in daycare: Daycare) throws -> (Group, Day) {
        let group = try NameLookup(roster: daycare.roster).group(named: self.group)
        let today = daycare.today
        let day = try DayArgument.resolve(day, today: today, ahead: true)
        return (group, day)
    }

    /// The group's days that are different, from the day on.
    private func show() throws {
        let daycare = try data.daycare(on: data.openForReading())
        let (group, from) = try resolve(in: daycare)
        let changes = daycare.roster.dayChanges.filter { $0.group == group.id && $0.day >= from }.sorted { $0.day < $1.day }
        guard !changes.isEmpty else { return Output.line("\(group.name): no day is different from \(from) on.") }
        for change in changes {
            let name = { (task: TaskID) in daycare.roster.task(task)?.name ?? task.description }
            let words: String = switch change.what {
            case .activity(let activity): "added \(activity.icon.map { $0 + " " } ?? "")\(activity.name) at \(Self.text(activity.time, activity.until))"
            case .cancelled(let task): "cancelled \(name(task))"
            case .moved(let task, let time, let until): "moved \(name(task)) to \(Self.text(time, until))"
            }
            Output.line("\(change.day)  \(words)")
        }
    }

    /// "9:00" or "9:00-11:30".
    private static func text(_ time: TimeOfDay, _ until: TimeOfDay?) -> String { "\(time)\(until.map { "-\($0)" } ?? "")" }

    /// A time or a time with its end: "9:00", "9.00-11.30".
    static func times(_ text: String) throws -> (TimeOfDay, TimeOfDay?) {
        do {
            let typed = try TypedTaskTime.parse(text)
            return (typed.start, typed.end)
        } catch {
            throw CommandFailure(error.description.dropLast() + "; write a time as 9:00 or 9:00-11:30")
        }
    }
}

extension DayCommand {
    /// A picture: one emoji (any, not only the task icons: a trip's bus).
    /// A word or control bytes would be drawn in the picture's place on
    /// every screen and page of the day.
    static func picture(_ typed: String) throws -> String {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 1, let first = trimmed.unicodeScalars.first, first.properties.isEmoji,
              first.properties.isEmojiPresentation || trimmed.unicodeScalars.contains("\u{FE0F}"),
              !NameRules.hasTerminalControls(trimmed) else {
            throw CommandFailure("--icon \(NameRules.escapingControlCharacters(typed)) is not a picture: give one emoji, "
                + "or leave --icon out and one is found from the activity's words")
        }
        return trimmed
    }
}
