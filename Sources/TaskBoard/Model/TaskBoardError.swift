import Foundation

/// Every way a request to the domain can be refused. The kiosk turns these
/// into localized messages; `description` is the English one.
public enum TaskBoardError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyName(NameKind)
    case nameTooLong(NameKind, maxWidth: Int)
    case nameHasControlCharacters(NameKind)
    case duplicateChildName(String, group: String)
    case duplicateTaskName(String)
    case duplicateGroupName(String)
    case pointsOutOfRange(Int)
    case boardFull(child: String, max: Int)
    case taskAlreadyOnBoard(task: String, child: String)
    case tooMany(NameKind, max: Int)
    case unknownGroup(GroupID)
    case unknownChild(ChildID)
    case unknownTask(TaskID)
    case taskNotOnBoard(task: String, child: String)
    /// A tick for a child marked away that day (the Mark sheet passes them over).
    case childAway(child: String)
    case invalidTimeZone(String)
    /// A closed date typed that is no date.
    case invalidDate(String)
    /// A task's time typed that no clock shows, or that is no time.
    case invalidTimeOfDay(String)
    /// A task's end typed at or before its start ("10.30-9").
    case endsBeforeItStarts(String)
    case invalidIdleMinutes(Int)
    case nothingToUndo
    /// Undo right after a child was forgotten: nothing brings the child back.
    case forgettingCannotBeUndone(child: String)
    case dayInFuture(Day)
    /// A day before the first day kept (history kept only so long): a change there would be removed.
    case dayNotKept(Day, first: Day)
    // A day that is different
    /// A task cancelled or moved for a group's day that is on none of its boards that day.
    case notOnGroupsDay(task: String, group: String)
    /// A day's program changed after the day.
    case dayPassed(Day)
    /// A change taken back that was never made.
    case noDayChange(String)
    case tooManyDayChanges(max: Int)
    // PIN
    case pinNotDigits
    case pinLength(min: Int, max: Int)
    case pinTooCommon
    case pinMismatch
    case pinAlreadySet
    case pinNotSet
    case wrongPin
    case pinLocked(until: Date)

    public var description: String {
        switch self {
        case .emptyName(let kind): "The \(kind.rawValue) name cannot be empty."
        case .nameTooLong(let kind, let max): "The \(kind.rawValue) name is too long (at most \(max) columns)."
        case .nameHasControlCharacters(let kind): "The \(kind.rawValue) name contains control characters."
        case .duplicateChildName(let name, let group): "\(group) already has a child called \(name)."
        case .duplicateTaskName(let name): "The task library already has a task called \(name)."
        case .duplicateGroupName(let name): "There is already a group called \(name)."
        case .pointsOutOfRange(let points): "Points must be from \(LibraryTask.pointRange.lowerBound) to \(LibraryTask.pointRange.upperBound), not \(points)."
        case .boardFull(let child, let max): "\(child)'s board is full (at most \(max) tasks)."
        case .taskAlreadyOnBoard(let task, let child): "\(task) is already on \(child)'s board."
        case .tooMany(let kind, let max): "There can be at most \(max) \(kind.plural)."
        case .unknownGroup(let id): "No such group (\(id))."
        case .unknownChild(let id): "No such child (\(id))."
        case .unknownTask(let id): "No such task (\(id))."
        case .taskNotOnBoard(let task, let child): "\(task) is not on \(child)'s board."
        case .childAway(let child): "\(child) is away that day: mark them here first."
        case .invalidTimeZone(let name): "Unknown time zone: \(name)."
        case .invalidDate(let text): "\"\(text)\" is not a date."
        case .invalidTimeOfDay(let text): "\"\(text)\" is not a time of day."
        case .endsBeforeItStarts(let text): "\"\(text)\" ends before it starts."
        case .invalidIdleMinutes(let minutes): "The idle logout must be 1 to 60 minutes, not \(minutes)."
        case .nothingToUndo: "There is nothing to undo."
        case .forgettingCannotBeUndone(let child): "Cannot undo: \(child) was forgotten; nothing before it can be undone."
        case .dayInFuture(let day): "\(day) has not come yet; only today and earlier days can be set."
        case .dayNotKept(let day, let first): "\(day) is before \(first), the first day kept (Keep history in Settings); a change there would be removed."
        case .notOnGroupsDay(let task, let group): "\(task) is on no board of \(group) that day."
        case .dayPassed(let day): "\(day) has passed; only today and days to come can be changed."
        case .noDayChange(let subject): "\(subject) is not changed on that day."
        case .tooManyDayChanges(let max): "A group's day can have at most \(max) changes."
        case .pinNotDigits: "The PIN may contain digits only."
        case .pinLength(let min, let max): "The PIN must be \(min) to \(max) digits long."
        case .pinTooCommon: "That PIN is too easy to guess. Choose another."
        case .pinMismatch: "The two PINs do not match."
        case .pinAlreadySet: "A PIN is already set; change it with the current PIN."
        case .pinNotSet: "No PIN has been set yet."
        case .wrongPin: "Wrong PIN."
        case .pinLocked(let until): "PIN entry is locked until \(until)."
        }
    }
}
