import Foundation

/// History kept only so long (issue 43): the kiosk removes the days before
/// the first day kept at its start and at each day's change.
extension Daycare {
    /// Removes the ticks and absences the setting no longer keeps, if any,
    /// keeping the totals right (`MarkLedger.removeDays`). Never stops the
    /// board: what happened is noted for the log (`takeStorageNotes`), and a
    /// failure is tried again at the next day's change. Where every journal
    /// would go, the clock is more likely wrong than the daycare a year
    /// closed: nothing is removed, and the note says why.
    public func removeHistoryNotKept() {
        guard !store.isReadOnly, !store.removesHistoryItself, let first = firstDayCounted else { return }
        do {
            let ledger = try self.ledger
            let journalDays = try store.markJournalDays()
            if let newest = journalDays.last, newest < first {
                historyNotes.append("no ticks or absences removed: every day with ticks is before \(first), the first day kept "
                                    + "(\(settings.keepHistoryMonths) months before today, \(today)); is the clock right?")
                return
            }
            let removed: [Day]
            do {
                removed = try ledger.removeDays(before: first, among: journalDays) { days in try store.removeHistory(journals: days, before: first) }
            } catch {
                // The totals may count days half removed: read afresh (the summary says a removal was under way).
                dropMarks()
                throw error
            }
            let (kept, absences) = attendance.keeping(from: first)
            if absences > 0 {
                try store.saveAttendance(kept)
                attendance = kept
            }
            guard !removed.isEmpty || absences > 0 else { return }
            historyNotes.append("ticks and absences before \(first) removed (Settings keeps \(settings.keepHistoryMonths) months): "
                                + "\(removed.count) days of ticks, \(absences) absences")
        } catch {
            historyNotes.append("could not remove the ticks and absences before \(first) (\(error)); tried again at the next day's change")
        }
    }

    /// The first day "all time" counts from: the first day kept; nil when
    /// every day is kept (the setting, or a store that keeps them all). On a
    /// shared database, never before the first day the server still keeps
    /// (the setting lengthened after days went): a tick there would be
    /// refused by the server, so it is refused here, with why.
    public var firstDayCounted: Day? {
        guard !store.keepsAllHistory else { return nil }
        return [settings.firstDayKept(on: today), storeKeepsFrom].compactMap { $0 }.max()
    }
}
