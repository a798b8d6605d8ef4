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

    /// "Monday", "Maanantai".
    public func weekdayName(_ day: Day) -> String { self["weekday.name.\(day.weekday)"] }

    /// The day as people write it: "14/3/2025", "14.3.2025".
    public func date(_ day: Day) -> String {
        let parts = day.components
        return self["format.date", arguments: ["day": "\(parts.day)", "month": "\(parts.month)", "year": "\(parts.year)"]]
    }

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
        case .deleteTask: key = "change.deleteTask"
        case .editBoard: key = "change.editBoard"
        }
        return self[key, arguments: ["name": change.subject]]
    }
}
