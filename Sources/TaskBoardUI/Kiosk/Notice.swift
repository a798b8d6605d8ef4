import Foundation
import TaskBoard

/// What the status line says, as a value; the screen puts it into words in
/// the current language.
public enum Notice: Equatable, Sendable {
    case marked(MarkChange)
    case markedAll(ColumnChange)
    case attendance(AttendanceChange)
    case edited(RosterChange)
    case settingsSaved(SettingsChange)
    case pinChanged
    case undone(UndoneChange)
    case pinSet
    case pinsDiffer
    /// The grown-up check's number was not typed right; a new one is shown.
    case adultCheckWrong
    /// The admin side logged itself out after the idle minutes; a form with
    /// something typed in it was closed unsaved.
    case idleLoggedOut(minutes: Int, formLost: Bool)
    case wrongPin(triesLeft: Int)
    case locked(until: Date)
    case refused(TaskBoardError)
    /// Saving failed (disk full, permissions): the text names the file.
    case saveFailed(String)
    /// A change written that could be neither made durable nor taken back.
    case maybeSaved(String)
    /// Only a cache could not be saved (disk full or read-only): nothing was
    /// lost, but the next tick may not be saved either.
    case cannotWrite(String)
    /// Ticks saved on days still to come (the clock was ahead): no board
    /// shows them until an adult runs `taskboard check --repair`.
    case tickedAhead([Day])
    /// The kiosk started over a read-only disk: it only shows the board.
    case readOnlyDisk(String)
    /// A PIN is being checked (its hash is slow on purpose).
    case checkingPin
    /// A child is being forgotten (its backups and archives cleaned: seconds).
    case forgetting
    /// A child forgotten for good.
    case forgotten(ForgetReport)
    /// A change the shared database has not answered yet.
    case underway(SavedSubject)
    /// The answer to it, when it came.
    case lateAnswer(LateAnswer)
    /// A tick asked for a child marked away today: not made; `key` marks them here.
    case awayNotTicked(child: String, key: String)

    /// A change that goes to the outbox while the shared database is away.
    public var isKeptUntilOnline: Bool {
        switch self {
        case .marked, .markedAll, .attendance: true
        default: false
        }
    }

    /// A board finished or a group's goal reached: the status line celebrates it.
    public var celebrates: Bool {
        switch self {
        case .marked(let change): change.finishedBoard || change.reachedGoal != nil
        case .markedAll(let change): !change.reachedGoals.isEmpty
        default: false
        }
    }

    /// How long a notice stays: a problem longer, so it is read.
    public var seconds: TimeInterval { isProblem ? 30 : 8 }

    public var isProblem: Bool {
        switch self {
        case .marked, .markedAll, .attendance, .edited, .undone, .pinSet, .settingsSaved, .pinChanged: false
        case .forgotten(let report): report.cutOff != nil || report.refused != nil || report.archivesFailed > 0
        case .idleLoggedOut(_, let formLost): formLost
        case .underway, .checkingPin, .forgetting: false
        case .lateAnswer(let answer): answer.outcome != .saved
        case .pinsDiffer, .adultCheckWrong, .wrongPin, .locked, .refused, .saveFailed, .maybeSaved, .cannotWrite, .tickedAhead, .readOnlyDisk, .awayNotTicked: true
        }
    }
}
