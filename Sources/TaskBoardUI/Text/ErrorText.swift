import Foundation
import TaskBoard

/// The domain's refusals in the kiosk's language. Each switch lists every
/// case without a `default`, so a new error case does not compile until it
/// has a text (and the strings test then asks for it in both languages).
public enum ErrorText {
    /// The message for a refused request; `timeZone` is the kiosk's, for the
    /// clock time in a lockout message.
    public static func message(for error: TaskBoardError, in strings: Strings, timeZone: TimeZone = .current) -> String {
        switch error {
        case .emptyName(let kind):
            strings["error.emptyName.\(kind.rawValue)"]
        case .nameTooLong(let kind, let maxWidth):
            strings["error.nameTooLong.\(kind.rawValue)", arguments: ["max": "\(maxWidth)"]]
        case .nameHasControlCharacters(let kind):
            strings["error.nameHasControlCharacters.\(kind.rawValue)"]
        case .duplicateChildName(let name, let group):
            strings["error.duplicateChildName", arguments: ["name": name, "group": group]]
        case .duplicateTaskName(let name):
            strings["error.duplicateTaskName", arguments: ["name": name]]
        case .duplicateGroupName(let name):
            strings["error.duplicateGroupName", arguments: ["name": name]]
        case .pointsOutOfRange(let points):
            strings["error.pointsOutOfRange", arguments: [
                "points": "\(points)",
                "min": "\(LibraryTask.pointRange.lowerBound)",
                "max": "\(LibraryTask.pointRange.upperBound)",
            ]]
        case .boardFull(let child, let max):
            strings["error.boardFull", arguments: ["child": child, "max": "\(max)"]]
        case .taskAlreadyOnBoard(let task, let child):
            strings["error.taskAlreadyOnBoard", arguments: ["task": task, "child": child]]
        case .tooMany(let kind, let max):
            strings["error.tooMany.\(kind.rawValue)", arguments: ["max": "\(max)"]]
        case .unknownGroup(let id):
            strings["error.unknownGroup", arguments: ["id": id.description]]
        case .unknownChild(let id):
            strings["error.unknownChild", arguments: ["id": id.description]]
        case .unknownTask(let id):
            strings["error.unknownTask", arguments: ["id": id.description]]
        case .taskNotOnBoard(let task, let child):
            strings["error.taskNotOnBoard", arguments: ["task": task, "child": child]]
        case .childAway(let child):
            strings["error.childAway", arguments: ["child": child]]
        case .invalidTimeZone(let name):
            strings["error.invalidTimeZone", arguments: ["name": name]]
        case .invalidDate(let text):
            strings["error.invalidDate", arguments: ["text": text]]
        case .invalidTimeOfDay(let text):
            strings["error.invalidTimeOfDay", arguments: ["text": text]]
        case .endsBeforeItStarts(let text):
            strings["error.endsBeforeItStarts", arguments: ["text": text]]
        case .invalidIdleMinutes(let minutes):
            strings["error.invalidIdleMinutes", arguments: [
                "minutes": "\(minutes)",
                "min": "\(Settings.idleLogoutRange.lowerBound)",
                "max": "\(Settings.idleLogoutRange.upperBound)",
            ]]
        case .nothingToUndo:
            strings["error.nothingToUndo"]
        case .forgettingCannotBeUndone(let child):
            strings["error.forgettingCannotBeUndone", arguments: ["child": child]]
        case .dayInFuture(let day):
            strings["error.dayInFuture", arguments: ["day": strings.date(day)]]
        case .dayNotKept(let day, let first):
            strings["error.dayNotKept", arguments: ["day": strings.date(day), "first": strings.date(first)]]
        case .notOnGroupsDay(let task, let group):
            strings["error.notOnGroupsDay", arguments: ["task": task, "group": group]]
        case .dayPassed(let day):
            strings["error.dayPassed", arguments: ["day": strings.date(day)]]
        case .noDayChange(let name):
            strings["error.noDayChange", arguments: ["name": name]]
        case .tooManyDayChanges(let max):
            strings["error.tooManyDayChanges", arguments: ["max": "\(max)"]]
        case .pinNotDigits:
            strings["error.pinNotDigits"]
        case .pinLength(let min, let max):
            strings["error.pinLength", arguments: ["min": "\(min)", "max": "\(max)"]]
        case .pinTooCommon:
            strings["error.pinTooCommon"]
        case .pinMismatch:
            strings["error.pinMismatch"]
        case .pinAlreadySet:
            strings["error.pinAlreadySet"]
        case .pinNotSet:
            strings["error.pinNotSet"]
        case .wrongPin:
            strings["error.wrongPin"]
        case .pinLocked(let until):
            strings["error.pinLocked", arguments: ["time": strings.time(until, in: timeZone)]]
        }
    }

    /// The message for a stored PIN hash that cannot be checked.
    public static func message(for error: PinHashError, in strings: Strings) -> String {
        switch error {
        case .unsupportedAlgorithm(let name):
            strings["error.pinHash.unsupportedAlgorithm", arguments: ["name": name]]
        case .invalidIterations(let count):
            strings["error.pinHash.invalidIterations", arguments: ["count": "\(count)"]]
        case .emptySalt:
            strings["error.pinHash.emptySalt"]
        case .invalidHashLength(let length):
            strings["error.pinHash.invalidHashLength", arguments: ["length": "\(length)"]]
        }
    }

    /// Any error: the domain's and the PIN hash's in this language, anything
    /// else (a storage failure, say) as "Something went wrong: <its description>".
    public static func message(forAny error: any Error, in strings: Strings, timeZone: TimeZone = .current) -> String {
        if let error = error as? TaskBoardError { return message(for: error, in: strings, timeZone: timeZone) }
        if let error = error as? PinHashError { return message(for: error, in: strings) }
        return strings["error.unexpected", arguments: ["detail": String(describing: error)]]
    }
}
