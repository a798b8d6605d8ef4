import TaskBoard

/// What a key press asks the outside world to do. The runtime performs it on
/// the `Daycare` (where every change is on disk before it returns) and hands
/// the outcome back, so the screen confirms only what was saved.
public enum KioskEffect: Equatable, Sendable {
    case setFirstPin(String, confirmation: String)
    case login(String)
    case toggleMark(ChildID, TaskID)
    /// The task for all these children: ticked for those without it, or,
    /// where every one has it, taken back from all.
    case tickAll(TaskID, [ChildID])
    /// A child away today, or here again.
    case setAway(ChildID, Bool)
    case roster(RosterCommand)
    /// A child forgotten for good (asked first; no undo).
    case forgetChild(ChildID)
    case settings(Settings)
    /// Changing the PIN: the current one is checked (and counted, as a
    /// login's) before the new one is asked for.
    case checkCurrentPin(String)
    case changePin(current: String, new: String, confirmation: String)
    case undo
    /// The screen read aloud (a child's board, their own row): the runtime
    /// makes the sentence from what the screen shows and hands it to the voice.
    case readAloud
    /// A child's row tapped on the leaderboard, read aloud.
    case readAloudRow(ChildID)
    /// A group's goal tapped on the group-goal leaderboard, read aloud.
    case readAloudGoal(GroupID)
    /// The selection moved on a list where a child chooses: the name chosen
    /// is said once the selection rests.
    case sayChoice
    case quit
}

/// Which setting a save changed, for the status line.
public enum SettingsChange: Equatable, Sendable {
    case language, idleMinutes(Int), timeZone(String), openDays, closedDays(Int), leaderboardStyle(LeaderboardStyle), groupGoal(Int), readAloud(Bool)
    case closingTime(TimeOfDay), changeWarning(Int), keepHistory(Int)
    case unchanged

    public init(from old: Settings, to new: Settings) {
        if old.language != new.language {
            self = .language
        } else if old.idleLogoutMinutes != new.idleLogoutMinutes {
            self = .idleMinutes(new.idleLogoutMinutes)
        } else if old.timeZoneIdentifier != new.timeZoneIdentifier {
            self = .timeZone(new.timeZone.identifier)
        } else if old.closedWeekdays != new.closedWeekdays {
            self = .openDays
        } else if old.closedDays != new.closedDays {
            self = .closedDays(new.closedDays.count)
        } else if old.leaderboardStyle != new.leaderboardStyle {
            self = .leaderboardStyle(new.leaderboardStyle)
        } else if old.goalPerChild != new.goalPerChild {
            self = .groupGoal(new.goalPerChild)
        } else if old.readAloud != new.readAloud {
            self = .readAloud(new.readAloud)
        } else if old.closingTime != new.closingTime {
            self = .closingTime(new.closingTime)
        } else if old.changeWarningMinutes != new.changeWarningMinutes {
            self = .changeWarning(new.changeWarningMinutes)
        } else if old.keepHistoryMonths != new.keepHistoryMonths {
            self = .keepHistory(new.keepHistoryMonths)
        } else {
            self = .unchanged
        }
    }
}

/// How an effect is named in the log: never with a PIN in it.
extension KioskEffect: CustomStringConvertible {
    public var description: String {
        switch self {
        case .setFirstPin: "set the first PIN (not shown)"
        case .login: "log in (PIN not shown)"
        case .changePin: "change the PIN (PINs not shown)"
        case .checkCurrentPin: "check the current PIN (not shown)"
        case .toggleMark(let child, let task): "toggle the mark of child \(child.rawValue), task \(task.rawValue)"
        case .tickAll(let task, let children): "tick task \(task.rawValue) for \(children.count) children"
        case .setAway(let child, let away): "child \(child.rawValue) \(away ? "away" : "here") today"
        case .roster(let command): "\(command)"
        case .forgetChild(let child): "forget child \(child.rawValue)"
        case .settings(let settings): "save settings \(settings)"
        case .undo: "undo"
        case .readAloud: "read aloud"
        case .readAloudRow(let child): "read aloud the row of child \(child.rawValue)"
        case .readAloudGoal(let group): "read aloud the goal of group \(group.rawValue)"
        case .sayChoice: "say the name chosen"
        case .quit: "quit"
        }
    }
}

extension KioskEffect {
    /// Whether performing it hashes a PIN (slow on purpose).
    var checksPin: Bool {
        switch self {
        case .setFirstPin, .login, .checkCurrentPin, .changePin: true
        default: false
        }
    }

    /// Whether performing it forgets a child (seconds: backups and archives too).
    var forgets: Bool {
        if case .forgetChild = self { return true }
        return false
    }
}

/// What performing an effect came to.
public enum KioskOutcome: Equatable, Sendable {
    case pinSet
    case login(LoginOutcome)
    case marked(MarkChange)
    case markedAll(ColumnChange)
    case attendance(AttendanceChange)
    case edited(RosterChange)
    case forgotten(ForgetReport)
    case settingsSaved(SettingsChange)
    case pinChanged
    /// The current PIN typed to change it: right, wrong or locked out.
    case currentPinChecked(LoginOutcome)
    case undone(UndoneChange)
    case refused(TaskBoardError)
    case saveFailed(String)
    /// Written, then neither made durable nor taken back: it may be on disk.
    case maybeSaved(String)
    /// A shared database has the change but has not answered yet: it shows
    /// when it answers (`Notice.lateAnswer`).
    case underway(SavedSubject)
    /// The screen was read aloud: nothing on it changes.
    case spoken
}
