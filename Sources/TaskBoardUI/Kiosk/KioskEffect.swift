import TaskBoard

/// What a key press asks the outside world to do. The runtime performs it on
/// the `Daycare` (where every change is on disk before it returns) and hands
/// the outcome back, so the screen confirms only what was saved.
public enum KioskEffect: Equatable, Sendable {
    case setFirstPin(String, confirmation: String)
    case login(String)
    case toggleMark(ChildID, TaskID)
    case roster(RosterCommand)
    case settings(Settings)
    case changePin(current: String, new: String, confirmation: String)
    case undo
    case quit
}

/// What performing an effect came to.
public enum KioskOutcome: Equatable, Sendable {
    case pinSet
    case login(LoginOutcome)
    case marked(MarkChange)
    case edited(RosterChange)
    case settingsSaved
    case pinChanged
    case undone(UndoneChange)
    case refused(TaskBoardError)
    case saveFailed(String)
}
