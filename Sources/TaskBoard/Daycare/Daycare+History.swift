import Foundation

/// History kept only so long (issue 43): the days before the first day
/// kept go from the store at the kiosk's start and at each day's change.
extension Daycare {
    /// Removes the days the setting no longer keeps, if any; the marks are
    /// read afresh after it (the store dropped the summary that counted
    /// them). Never stops the board: a failure is noted for the log and
    /// tried again at the next day's change.
    func removeHistoryNotKept() {
        guard !store.isReadOnly, let first = settings.firstDayKept(on: today) else { return }
        do {
            let removed = try store.removeHistory(before: first)
            guard !removed.isEmpty else { return }
            attendance = try store.loadAttendance() ?? Attendance()
            if readLedger != nil { try rereadMarks() }
            historyNotes.append("ticks and absences before \(first) removed (Settings keeps \(settings.keepHistoryMonths) months): "
                                + "\(removed.days) days of ticks, \(removed.absences) absences")
        } catch {
            historyNotes.append("could not remove the ticks and absences before \(first) (\(error)); tried again at the next day's change")
        }
    }

    /// The first day "all time" counts from: the first day kept, or nil when every day is kept.
    public var firstDayCounted: Day? { settings.firstDayKept(on: today) }
}
