import Foundation
import TaskBoard

/// Puts a status-line notice into words.
struct NoticeText {
    let strings: Strings
    let timeZone: TimeZone
    let now: Date

    func text(_ notice: Notice) -> String {
        switch notice {
        case .marked(let change):
            if change.finishedBoard { return strings["status.allDone", arguments: ["child": change.child.name]] }
            let key = change.done ? "status.markDone" : "status.markUndone"
            return strings[key, arguments: ["child": change.child.name, "task": change.task.name, "points": "\(abs(change.pointsDelta))"]]
        case .settingsSaved(let change):
            switch change {
            case .language: return strings["status.languageChanged"]
            case .idleMinutes(let minutes): return strings["status.idleChanged", arguments: ["minutes": strings.plural("count.minutes", count: minutes)]]
            case .timeZone(let zone): return strings["status.timeZoneChanged", arguments: ["zone": zone]]
            case .openDays: return strings["status.openDaysChanged"]
            case .leaderboardStyle(let style):
                return strings["status.leaderboardStyleChanged", arguments: ["style": strings["settings.leaderboardStyle.\(style.rawValue)"]]]
            case .groupGoal(let points): return strings.plural("status.groupGoalChanged", count: points)
            case .readAloud(let on): return strings[on ? "status.readAloudChanged.on" : "status.readAloudChanged.off"]
            case .closedDays(let count): return strings.plural("status.closedDaysChanged", count: count)
            case .closingTime(let time): return strings["status.closingTimeChanged", arguments: ["time": strings.time(time)]]
            case .changeWarning(0): return strings["status.changeWarningOff"]
            case .keepHistory(0): return strings["status.keepHistoryForever"]
            case .keepHistory(let months): return strings["status.keepHistoryChanged", arguments: ["months": "\(months)"]]
            case .changeWarning(let minutes): return strings["status.changeWarningChanged", arguments: ["minutes": strings.plural("count.minutes", count: minutes)]]
            case .unchanged: return strings["status.unchanged"]
            }
        case .markedAll(let change):
            return markedAllText(change)
        case .attendance(let change):
            return strings[change.away ? "status.away" : "status.here", arguments: ["child": change.child.name]]
        case .pinChanged:
            return strings["status.pinChanged"]
        case .awayNotTicked(let child, let key):
            return strings["status.awayNotTicked", arguments: ["child": child, "key": key]]
        case .edited(let change):
            return strings.savedText(change)
        case .undone(let change):
            // Name the change that was taken back, not the state it left.
            let description: String = switch change {
            case .mark(let mark):
                strings[mark.done ? "change.markUndone" : "change.markDone", arguments: ["child": mark.child.name, "task": mark.task.name]]
            case .roster(let roster):
                strings.changeDescription(roster)
            case .away(let change):
                strings[change.away ? "change.here" : "change.away", arguments: ["child": change.child.name]]
            case .column(let column):
                strings[column.done ? "change.markedAllUndone" : "change.markedAllDone",
                        arguments: ["task": column.task.name, "children": strings.plural("count.children", count: column.children.count)]]
            }
            return strings["status.undone", arguments: ["change": description]]
        case .pinSet:
            return strings["pin.saved"]
        case .pinsDiffer:
            return ErrorText.message(for: .pinMismatch, in: strings, timeZone: timeZone)
        case .idleLoggedOut(let minutes, let formLost):
            let text = strings["status.idleLoggedOut", arguments: ["minutes": "\(minutes)"]]
            return formLost ? text + " " + strings["status.idleFormLost"] : text
        case .adultCheckWrong:
            return strings["adultCheck.wrong"]
        case .wrongPin(let triesLeft):
            return strings["pin.wrong", arguments: ["tries": strings.plural("count.triesLeft", count: triesLeft)]]
        case .locked(let until):
            return strings["pin.locked", arguments: ["time": Strings.countdown(until.timeIntervalSince(now))]]
        case .refused(let error):
            return ErrorText.message(for: error, in: strings, timeZone: timeZone)
        case .saveFailed(let reason):
            return strings["status.saveFailed", arguments: ["reason": reason]]
        case .maybeSaved(let reason):
            return strings["status.maybeSaved", arguments: ["reason": reason]]
        case .readOnlyDisk(let reason):
            return strings["status.readOnlyDisk", arguments: ["reason": reason]]
        case .cannotWrite(let reason):
            return strings["status.cannotWrite", arguments: ["reason": reason]]
        case .tickedAhead(let days):
            guard let first = days.first else { return "" }
            let key = days.count == 1 ? "status.tickedAhead" : "status.tickedAheadDays"
            return strings[key, arguments: ["date": strings.date(first), "days": "\(days.count)"]]
        case .checkingPin:
            return strings["status.checkingPin"]
        case .forgetting:
            return strings["status.forgetting"]
        case .forgotten(let report):
            if let reason = report.refused { return strings["status.forgetRefused", arguments: ["child": report.child, "reason": reason]] }
            if let reason = report.cutOff { return strings["status.forgetCutOff", arguments: ["child": report.child, "reason": reason]] }
            let forgotten = strings["status.forgotten", arguments: ["child": report.child]]
            var said = forgotten
            if report.archivesFailed > 0 { said += " " + strings.plural("status.archivesFailed", count: report.archivesFailed) }
            if report.archivesSkipped > 0 { said += " " + strings.plural("status.archivesSkipped", count: report.archivesSkipped) }
            return said
        case .underway(let subject):
            return strings["status.underway.\(subject.rawValue)"]
        case .lateAnswer(let answer):
            let subject = answer.subject.rawValue
            switch answer.outcome {
            case .saved: return strings["status.savedLate.\(subject)"]
            case .notSaved(let reason): return strings["status.notSavedLate.\(subject)", arguments: ["reason": reason]]
            case .unknown: return strings["status.unknownLate.\(subject)"]
            }
        }
    }

    /// "Wash hands: 23 children, +23", "Wash hands taken back: 23 children, −23".
    private func markedAllText(_ change: ColumnChange) -> String {
        guard !change.children.isEmpty else { return strings["status.markedAllNone", arguments: ["task": change.task.name]] }
        let arguments = ["task": change.task.name, "children": strings.plural("count.children", count: change.children.count),
                         "points": "\(abs(change.pointsDelta))"]
        var text = strings[change.done ? "status.markedAll" : "status.unmarkedAll", arguments: arguments]
        if !change.finishedBoards.isEmpty {
            text += ". " + strings.plural("status.boardsFinished", count: change.finishedBoards.count)
        }
        return text
    }
}
