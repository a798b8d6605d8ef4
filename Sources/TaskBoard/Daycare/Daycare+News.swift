/// Changes made elsewhere (another kiosk on the same database, the kiosk a
/// viewer stands beside), taken in part by part: only what changed is read
/// again from the store, never the whole daycare.
extension Daycare {
    /// Reads again what `changes` name. What can be undone here stays,
    /// except roster edits once another roster came in (undoing one would
    /// put back a roster older than the other's). On a failure, what was
    /// read before it is kept; the caller hands the same changes again later.
    public func take(_ changes: Set<StoreChange>) throws {
        if changes.contains(.roster) {
            let fresh = try store.loadRoster() ?? Roster()
            if fresh != roster {
                roster = fresh
                history = UndoHistory(history.entries.filter { if case .roster = $0 { false } else { true } })
            }
        }
        if changes.contains(.settings) {
            let fresh = try store.loadSettings() ?? Settings()
            if fresh != settings {
                settings = fresh
                day.use(fresh.dayCalendar)
                try syncDay()
            }
        }
        if changes.contains(.attendance) || changes.contains(.history) {
            let fresh = try store.loadAttendance() ?? Attendance()
            if fresh != attendance { attendance = fresh }
        }
        if changes.contains(.pin) { try pin.reread() }
        if changes.contains(.history) {
            storeKeepsFrom = try store.historyKeptFrom()
            // Days gone from the totals: the marks are read afresh at their next use.
            dropMarks()
            return
        }
        let days = changes.compactMap { if case .marks(let day) = $0 { day } else { nil } }
        if !days.isEmpty, let readLedger { try readLedger.reread(days) }
    }
}
