import Foundation
import TaskBoard

/// Texts built from domain values, so every screen words them the same way.
extension Strings {
    /// The short name in the hint bar ("add", "lisää").
    public func actionName(_ action: Action) -> String { self["action.\(action.rawValue)"] }

    /// How a key is written on the hint bar and in help, in this language
    /// ("Space" / "Välilyönti"); arrows as arrows where the terminal has them.
    public func keyName(_ key: Key, unicode: Bool) -> String {
        let name: String? = switch key {
        case .character(" "): "key.space"
        case .enter: "key.enter"
        case .escape: "key.escape"
        case .tab: "key.tab"
        case .backTab: "key.backTab"
        case .delete: "key.delete"
        case .up where !unicode: "key.up"
        case .down where !unicode: "key.down"
        case .left where !unicode: "key.left"
        case .right where !unicode: "key.right"
        default: nil
        }
        return name.flatMap(text(for:)) ?? KeyLabel.text(key, unicode: unicode)
    }

    /// What a saved roster edit did, as the status line says it ("Aino moved to Karhut.").
    public func savedText(_ change: RosterChange) -> String {
        guard change.changed else { return self["status.unchanged"] }
        let subject = change.subject, detail = change.detail ?? "", count = change.count ?? 0
        switch change.kind {
        case .addGroup: return self["status.groupAdded", arguments: ["group": subject]]
        case .renameGroup: return self["status.groupRenamed", arguments: ["group": detail]]
        case .setGroupAvatar, .setChildAvatar: return self["status.avatarChanged", arguments: ["name": subject]]
        case .deleteGroup: return self["status.groupDeleted", arguments: ["group": subject]]
        case .addChild:
            guard count > 0 else { return self["status.childAdded", arguments: ["child": subject, "group": detail]] }
            return plural("status.childAddedWithTasks", count: count, arguments: ["child": subject, "group": detail])
        case .renameChild: return self["status.childRenamed", arguments: ["child": detail]]
        case .moveChild: return self["status.childMoved", arguments: ["child": subject, "group": detail]]
        case .deleteChild: return self["status.childDeleted", arguments: ["child": subject]]
        case .addTask: return self["status.taskAdded", arguments: ["task": subject]]
        case .renameTask: return self["status.taskRenamed", arguments: ["task": detail]]
        case .setTaskPoints: return self["status.taskPointsChanged", arguments: ["task": subject, "points": plural("count.points", count: count)]]
        case .setTaskIcon: return self["status.taskIconChanged", arguments: ["task": subject]]
        case .setTaskTime:
            guard let time = try? TypedTaskTime.parse(detail) else { return self["status.taskTimeCleared", arguments: ["task": subject]] }
            return self["status.taskTimeSet", arguments: ["task": subject, "time": self.time(time.start, until: time.end)]]
        case .deleteTask: return self["status.taskDeleted", arguments: ["task": subject]]
        case .addToBoard: return self["status.boardTaskAdded", arguments: ["child": subject, "task": detail]]
        case .removeFromBoard: return self["status.boardTaskRemoved", arguments: ["child": subject, "task": detail]]
        case .moveOnBoard: return self["status.boardReordered", arguments: ["child": subject]]
        case .addToEveryBoard:
            return self["status.boardGroupAdded", arguments: ["group": subject.isEmpty ? self["scope.allGroups"] : subject, "task": detail,
                                                               "boards": plural("count.toBoards", count: count)]]
        case .copyBoard: return self["status.boardCopied", arguments: ["child": subject, "children": detail]]
        case .setTaskDays:
            return count >= 7 ? self["status.taskEveryDay", arguments: ["child": subject, "task": detail]]
                : self["status.taskSomeDays", arguments: ["child": subject, "task": detail, "days": plural("count.weekdays", count: count)]]
        case .editBoard: return self["status.saved", arguments: ["change": changeDescription(change)]]
        case .addDayActivity: return self["status.dayActivityAdded", arguments: ["group": subject, "name": detail]]
        case .cancelOnDay: return self["status.dayTaskCancelled", arguments: ["group": subject, "task": detail]]
        case .moveOnDay: return self["status.dayTaskMoved", arguments: ["group": subject, "task": detail]]
        case .takeBackDayChange: return self["status.dayChangeTakenBack", arguments: ["group": subject, "name": detail]]
        }
    }

    /// The longer description on the help screen ("Undo the last change").
    public func actionHelp(_ action: Action) -> String { self["help.action.\(action.rawValue)"] }

    /// "Today", "This week", "This month", "All time".
    public func periodName(_ period: Period) -> String { self["period.\(period.rawValue)"] }

    /// "All groups", or the group's name.
    public func scopeName(_ scope: LeaderboardScope, groupName: (GroupID) -> String) -> String {
        switch scope {
        case .allGroups: self["scope.allGroups"]
        case .group(let id): groupName(id)
        }
    }

    /// The week strip's letter for the day (M T W T F S S / M T K T P L S).
    public func weekdayLetter(_ day: Day) -> String { self["weekday.letter.\(day.weekday)"] }

    /// "Monday", "maanantai": as the name is written inside a line (Finnish
    /// writes weekdays in lower case; a sentence that starts with one
    /// starts with a capital in its own text).
    public func weekdayName(_ day: Day) -> String { self["weekday.name.\(day.weekday)"] }

    /// The day as people write it: "14/3/2025", "14.3.2025".
    public func date(_ day: Day) -> String {
        let parts = day.components
        return self["format.date", arguments: ["day": "\(parts.day)", "month": "\(parts.month)", "year": "\(parts.year)"]]
    }

    /// Days from one to another, with what they share written once:
    /// "16–22/11/2026", "16.–22.11.2026", "30.11.–6.12.2026"; an ASCII
    /// hyphen where the terminal has no en dash.
    public func dateRange(_ from: Day, _ to: Day, unicode: Bool = true) -> String {
        let start = from.components, end = to.components
        let first: String
        if start.year != end.year {
            return self["format.dateRange", arguments: ["from": date(from), "to": date(to)]].replacingOccurrences(of: "–", with: unicode ? "–" : "-")
        } else if start.month != end.month {
            first = self["format.dayMonth", arguments: ["day": "\(start.day)", "month": "\(start.month)"]]
        } else {
            first = "\(start.day)"
        }
        return self["format.dateRange.shared", arguments: ["from": first, "to": date(to)]].replacingOccurrences(of: "–", with: unicode ? "–" : "-")
    }

    /// A per cent as the language writes it: "80%", "80 %".
    public func percent(_ value: Int) -> String { self["format.percent", arguments: ["number": String(value)]] }

    /// The clock time of a moment in a time zone: "9:05", "9.05".
    public func time(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let minute = parts.minute ?? 0
        return self["format.time", arguments: [
            "hour": "\(parts.hour ?? 0)", "minute": minute < 10 ? "0\(minute)" : "\(minute)",
        ]]
    }

    /// A task's time as the language writes it: "11:00", "11.00".
    public func time(_ time: TimeOfDay) -> String {
        self["format.time", arguments: ["hour": "\(time.hour)", "minute": time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"]]
    }

    /// A task's time with its own end, if it has one: "9:00–10:30", "9.00–10.30".
    public func time(_ time: TimeOfDay, until end: TimeOfDay?) -> String {
        end.map { self.time(time) + "–" + self.time($0) } ?? self.time(time)
    }

    /// A countdown such as a lockout's: "0:59", "14:00", "1:00:00". Seconds
    /// are rounded up, so it shows 0:01 until the very end.
    public static func countdown(_ seconds: TimeInterval) -> String {
        let total = seconds.isFinite ? Int(max(0, seconds.rounded(.up))) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// What an undone roster edit was, for "Undone: {change}".
    public func changeDescription(_ change: RosterChange) -> String {
        let key: String
        switch change.kind {
        case .addGroup: key = "change.addGroup"
        case .renameGroup: key = "change.renameGroup"
        case .setGroupAvatar: key = "change.setGroupAvatar"
        case .deleteGroup: key = "change.deleteGroup"
        case .addChild: key = "change.addChild"
        case .renameChild: key = "change.renameChild"
        case .setChildAvatar: key = "change.setChildAvatar"
        case .moveChild: key = "change.moveChild"
        case .deleteChild: key = "change.deleteChild"
        case .addTask: key = "change.addTask"
        case .renameTask: key = "change.renameTask"
        case .setTaskPoints: key = "change.setTaskPoints"
        case .setTaskIcon: key = "change.setTaskIcon"
        case .setTaskTime: key = "change.setTaskTime"
        case .deleteTask: key = "change.deleteTask"
        case .editBoard, .addToBoard, .removeFromBoard, .moveOnBoard, .setTaskDays: key = "change.editBoard"
        case .addToEveryBoard: key = "change.addToEveryBoard"
        case .copyBoard: key = "change.copyBoard"
        case .addDayActivity, .cancelOnDay, .moveOnDay, .takeBackDayChange: key = "change.dayChange"
        }
        return self[key, arguments: ["name": change.subject]]
    }
}
