/// Keeps the marks: appends every change to its day's journal before
/// reporting success, and keeps the summary (tallies of recent days, totals
/// of older ones) consistent with the journals, so that neither a tick nor
/// start-up reads more than a handful of files whatever the history.
///
/// The summary is a cache. On load every day of the window is checked against
/// its journal's length and re-read only when they differ, so a crash between
/// a journal append and a summary save loses nothing. A journal shorter than
/// the summary recorded has lost acknowledged ticks: that is damage, refused
/// with the file and both lengths, never folded quietly into the summary.
///
/// Because it is a cache, a summary that cannot be saved (a full or
/// read-only disk) stops nothing: the failure is kept in `cacheProblem` for
/// the log and the screen, and the next start re-reads what it missed.
public final class MarkLedger {
    private let store: BoardStore
    public private(set) var summary: MarkSummary {
        didSet { changed() }
    }
    /// Full detail of days read so far (always today's).
    private var detail: [Day: DayMarks] = [:] {
        didSet { changed() }
    }
    /// Counts the changes to the marks held, so that ranks worked out from
    /// them elsewhere know when they are stale.
    public private(set) var revision = 0

    private func changed() {
        pointsCache = [:]
        revision &+= 1
    }

    public init(store: BoardStore, today: Day) throws {
        self.store = store
        var dirty = false
        // A removal of old days cut off (a crash between its steps): the journals say what is left.
        // A summary whose window starts before the first day the store still keeps (a kiosk off for
        // weeks while another removed days) cannot tell what of it is gone: it is made again.
        let keptFrom = try store.historyKeptFrom()
        if let saved = try store.loadMarkSummary(), saved.removingBefore == nil, keptFrom.map({ saved.firstDay >= $0 }) ?? true {
            summary = saved
            if saved.firstTicks == nil {
                summary.firstTicks = try Self.firstTicks(from: store, before: saved.firstDay)
                for (offset, tally) in saved.days.enumerated() { summary.noteFirstTicks(tally, on: saved.firstDay.advanced(by: offset)) }
                dirty = true
            }
        } else {
            summary = try Self.rebuiltSummary(from: store, today: today)
            // Made from the days there are: the points of days removed are not in it to take off.
            summary.removedTaken = try store.pointsRemovedFromHistory()
            dirty = true
        }
        // Days another kiosk removed from a shared database (issue 43): their points leave the totals once.
        if summary.take(removed: try store.pointsRemovedFromHistory()) { dirty = true }
        if try finishPendingOldDayEdit() { dirty = true }
        if try refreshWindow(today: today) { dirty = true }
        if today > summary.lastDay {
            slideWindow(toEndAt: today)
            dirty = true
            // A summary saved days ago (a restored copy) has not seen the
            // journals of the days that just entered the window.
            _ = try refreshWindow(today: today)
        }
        _ = try marks(on: today)
        try loadDaysBeforeWindow(around: today)
        if dirty { saveCache() }
    }

    /// Why the summary could not be saved the last time it was due, if it
    /// could not; nil once a save succeeds.
    public private(set) var cacheProblem: Error?

    /// Without a summary (a first start, or one deleted on purpose) every
    /// journal is read once and the older days folded into the totals.
    private static func rebuiltSummary(from store: BoardStore, today: Day) throws -> MarkSummary {
        let days = try store.markJournalDays()
        let last = max(today, days.last ?? today)
        var summary = MarkSummary(firstDay: last.advanced(by: 1 - MarkSummary.windowLength))
        try forEachJournal(in: store, days: days.filter { $0 < summary.firstDay }) { day, marks in
            var tally = marks.tally
            tally.journalLength = try store.markJournalLength(on: day)
            summary.fold(tally)
            summary.noteFirstTicks(tally, on: day)
        }
        return summary
    }

    /// Replays the journals of `days` (sorted) in order, a month at a time:
    /// one read each where the store can.
    private static func forEachJournal(in store: BoardStore, days: [Day], _ body: (Day, DayMarks) throws -> Void) throws {
        var next = days.startIndex
        while next < days.endIndex {
            let run = days[next]...min(days[next].advanced(by: 30), days[days.endIndex - 1])
            let journals = try store.marks(in: run)
            while next < days.endIndex, run.contains(days[next]) {
                try body(days[next], DayMarks(replaying: journals[days[next]] ?? []))
                next += 1
            }
        }
    }

    /// The first day with points of each child in the journals before
    /// `first`: once, for a summary saved before first ticks were kept.
    private static func firstTicks(from store: BoardStore, before first: Day) throws -> [ChildID: Day] {
        var found: [ChildID: Day] = [:]
        try forEachJournal(in: store, days: store.markJournalDays().filter { $0 < first }) { day, marks in
            for (child, points) in marks.tally.points where points > 0 && found[child] == nil { found[child] = day }
        }
        return found
    }

    /// The tallies of the days before the summary's window, read from the
    /// journals the first time they are asked for (the all-time group goal
    /// counts the days each group reached its goal) and kept up to date.
    private var olderTallies: [Day: DayTally]?

    public func talliesBeforeWindow() throws -> [Day: DayTally] {
        if let olderTallies { return olderTallies }
        var found: [Day: DayTally] = [:]
        try Self.forEachJournal(in: store, days: store.markJournalDays().filter { $0 < summary.firstDay }) { day, marks in
            found[day] = marks.tally
        }
        olderTallies = found
        return found
    }

    /// The days after `today` whose journals hold ticks: saved while the
    /// clock was ahead (the window never moves back, so it still holds them).
    public func daysWithTicks(after today: Day) -> [Day] {
        guard today < summary.lastDay else { return [] }
        return (today.advanced(by: 1)...summary.lastDay).filter { summary[$0].hadActivity }
    }

    /// The first day `child` had points, where the summary knows it.
    public func firstTick(of child: ChildID) -> Day? { summary.firstTicks?[child] }

    /// Re-reads every window day whose journal length differs from its tally.
    /// Returns whether a day other than today was re-read.
    private func refreshWindow(today: Day) throws -> Bool {
        var changed = false
        for offset in 0..<MarkSummary.windowLength {
            let day = summary.firstDay.advanced(by: offset)
            let length = try store.markJournalLength(on: day)
            let recorded = summary[day].journalLength
            if length < recorded, !store.journalsMayShrink {
                throw MarkHistoryDamage(day: day, recorded: recorded, found: length)
            }
            if length != recorded {
                try reread(day, length: length)
                // Today's journal grows all day; its tally is not worth a save.
                if day != today { changed = true }
            }
        }
        return changed
    }

    /// When the clock is set back before the window (the window never moves
    /// back), the days that today's week, month and week strip need are not
    /// in the summary: keep their detail so the leaderboard can count them.
    private func loadDaysBeforeWindow(around today: Day) throws {
        let first = min(today.startOfWeek, today.startOfMonth, today.advanced(by: -6))
        let last = min(max(today.startOfWeek.advanced(by: 6), today.endOfMonth), summary.firstDay.advanced(by: -1))
        guard first <= last else { return }
        for day in first...last { _ = try marks(on: day) }
    }

    // MARK: Reading

    /// The marks of a day, read from its journal the first time.
    /// A day's marks if they have been read already; never reads the store.
    public func marksIfRead(on day: Day) -> DayMarks? { detail[day] }

    public func marks(on day: Day) throws -> DayMarks {
        if let cached = detail[day] { return cached }
        let marks = DayMarks(replaying: try store.marks(on: day))
        detail[day] = marks
        return marks
    }

    /// Totals already computed since the last change, by period.
    private var pointsCache: [ClosedRange<Day>?: [ChildID: Int]] = [:]

    /// Points per child over a range of days; nil means all time.
    public func points(in days: ClosedRange<Day>?) -> [ChildID: Int] {
        if let cached = pointsCache[days] { return cached }
        let totals = computePoints(in: days)
        pointsCache[days] = totals
        return totals
    }

    private func computePoints(in days: ClosedRange<Day>?) -> [ChildID: Int] {
        var totals = days == nil ? summary.pointsBefore : [:]
        for (offset, tally) in summary.days.enumerated() {
            let day = summary.firstDay.advanced(by: offset)
            if let days, !days.contains(day) { continue }
            for (child, points) in tally.points { totals[child, default: 0] += points }
        }
        // Days before the window (the clock was set back): their detail was loaded.
        if let days, days.lowerBound < summary.firstDay {
            for day in days.lowerBound...min(days.upperBound, summary.firstDay.advanced(by: -1)) {
                for (child, points) in detail[day]?.tally.points ?? [:] { totals[child, default: 0] += points }
            }
        }
        return totals
    }

    public func tally(on day: Day) -> DayTally {
        if day < summary.firstDay, let marks = detail[day] { return marks.tally }
        return summary[day]
    }

    /// Days in a row, ending `today`, on which the child finished the whole
    /// board. Closed days (`isOpen`) and days when nobody ticked anything are
    /// skipped: they neither extend nor break it. Today counts only once it
    /// is complete; until then the streak shown is the one that ended
    /// yesterday and can still continue. (Before the summary's window, six
    /// weeks back, only days without any tick are skipped: the cached
    /// streak does not depend on settings that may change.)
    public func streak(of child: ChildID, today: Day, completeToday: Bool, isOpen: (Day) -> Bool = { _ in true }) -> Int {
        var count = completeToday && isOpen(today) ? 1 : 0
        var day = today.advanced(by: -1)
        while day >= summary.firstDay {
            let tally = summary[day]
            if tally.hadActivity && isOpen(day) {
                guard tally.complete.contains(child) else { return count }
                count += 1
            }
            day = day.advanced(by: -1)
        }
        return count + (summary.streakBefore[child] ?? 0)
    }

    // MARK: Writing

    /// Appends the change durably, then updates the in-memory view.
    public func record(_ event: MarkEvent, on day: Day) throws {
        try record([event], on: day)
    }

    /// Several changes on one day as one durable append (on a day before
    /// the summary's window, one after another).
    public func record(_ events: [MarkEvent], on day: Day) throws {
        guard !events.isEmpty else { return }
        if day < summary.firstDay {
            for event in events { try recordOnOldDay(event, day) }
            return
        }
        if day > summary.lastDay {
            slideWindow(toEndAt: day)
            saveCache()
        }
        var marks = try marks(on: day)
        try store.appendMarks(events, on: day)
        for event in events { marks.apply(event) }
        detail[day] = marks
        // The change is on disk: from here nothing may throw. A length that
        // cannot be read makes the next start read the day again.
        let length = (try? store.markJournalLength(on: day)) ?? -1
        summary[day] = DayTally(points: marks.tally.points, complete: marks.complete, journalLength: length)
    }

    /// Called when the local day changes while running: saves the finished
    /// day's tally so the next start need not read its journal, and forgets
    /// the detail of days no longer needed.
    public func dayChanged(to today: Day) throws {
        if today > summary.lastDay { slideWindow(toEndAt: today) }
        detail = detail.filter { $0.key == today }
        _ = try marks(on: today)
        try loadDaysBeforeWindow(around: today)
        saveCache()
    }

    /// Takes the journals of the days before `first` out of the totals,
    /// around `remove`, which takes them off the store (history kept only
    /// so long). The summary first records that a removal is under way, so
    /// one cut off is rebuilt from the journals at the next start. A journal
    /// that cannot be read is left (check names it). `journalDays`: the
    /// store's days with a journal, as just listed. Returns the days removed.
    public func removeDays(before first: Day, among journalDays: [Day], _ remove: ([Day]) throws -> Void) throws -> [Day] {
        let older = journalDays.filter { $0 < first && $0 < summary.firstDay }
        var days: [Day] = []
        var points: [ChildID: Int] = [:]
        for day in older {
            guard let marks = try? store.marks(on: day) else { continue }
            days.append(day)
            for (child, value) in DayMarks(replaying: marks).tally.points { points[child, default: 0] += value }
        }
        guard !days.isEmpty else { return [] }
        summary.removingBefore = first
        do {
            // Not a cache here: without this record a removal cut off would leave totals that count days gone.
            try store.saveMarkSummary(summary)
        } catch {
            summary.removingBefore = nil
            throw error
        }
        try remove(days)
        for (child, value) in points {
            let total = (summary.pointsBefore[child] ?? 0) - value
            summary.pointsBefore[child] = total > 0 ? total : nil
        }
        for day in days { olderTallies?[day] = nil }
        detail = detail.filter { $0.key >= first }
        summary.removingBefore = nil
        saveCache()
        return days
    }

    /// Reads these days again: another program changed them (another kiosk
    /// on a shared database, the kiosk a viewer watches). A day in the
    /// window gets its tally from the journal as it is now; an older one is
    /// read again where it was read before. (An older day's points in the
    /// totals stay as counted, as at a start from the summary.)
    public func reread(_ days: [Day]) throws {
        for day in days {
            if day >= summary.firstDay, day <= summary.lastDay {
                try reread(day, length: try store.markJournalLength(on: day))
            } else if detail[day] != nil || olderTallies != nil {
                let marks = DayMarks(replaying: try store.marks(on: day))
                if detail[day] != nil { detail[day] = marks }
                olderTallies?[day] = marks.tally
            }
        }
    }

    /// Saves the summary now (on a clean shutdown); see `cacheProblem`.
    public func flush() { saveCache() }

    /// Saves the summary where it is only a cache; a read-only store (a
    /// viewer beside the kiosk) keeps it in memory, and the kiosk saves it.
    private func saveCache() {
        guard !store.isReadOnly else { return }
        do {
            try store.saveMarkSummary(summary)
            cacheProblem = nil
        } catch {
            cacheProblem = error
        }
    }

    // MARK: Internals

    private func reread(_ day: Day, length: Int) throws {
        let marks = DayMarks(replaying: try store.marks(on: day))
        detail[day] = marks
        summary[day] = DayTally(points: marks.tally.points, complete: marks.complete, journalLength: length)
    }

    /// Folds the days that leave the window into the per-child totals.
    private func slideWindow(toEndAt last: Day) {
        let shift = summary.lastDay.distance(to: last)
        guard shift > 0 else { return }
        for (offset, tally) in summary.days.prefix(shift).enumerated() {
            summary.fold(tally)
            olderTallies?[summary.firstDay.advanced(by: offset)] = tally
        }
        let kept = shift < MarkSummary.windowLength ? Array(summary.days.dropFirst(shift)) : []
        summary.days = kept + Array(repeating: DayTally(), count: MarkSummary.windowLength - kept.count)
        summary.firstDay = last.advanced(by: 1 - MarkSummary.windowLength)
        detail = detail.filter { $0.key >= summary.firstDay }
    }

    /// A change to a day older than the window (a clock set far back, or a
    /// correction from the command line). The summary first records the day's
    /// points as they were, so a crash after the append is finished on the
    /// next load. Streaks before the window are not recomputed.
    private func recordOnOldDay(_ event: MarkEvent, _ day: Day) throws {
        var marks = try marks(on: day)
        summary.pendingOldDay = PendingOldDayEdit(day: day, pointsBeforeEdit: marks.tally.points)
        do {
            // Not a cache here: without this record a crash would lose the totals' update.
            try store.saveMarkSummary(summary)
            try store.appendMark(event, on: day)
        } catch {
            summary.pendingOldDay = nil
            throw error
        }
        marks.apply(event)
        detail[day] = marks
        summary.noteFirstTicks(marks.tally, on: day)
        olderTallies?[day] = marks.tally
        _ = try finishPendingOldDayEdit(knownMarks: marks)
        // The change is on disk and the saved record finishes it at the next
        // start if this save fails.
        saveCache()
    }

    /// Applies the difference a pending old-day change made. Returns whether there was one.
    private func finishPendingOldDayEdit(knownMarks: DayMarks? = nil) throws -> Bool {
        guard let pending = summary.pendingOldDay else { return false }
        let now = try knownMarks ?? DayMarks(replaying: store.marks(on: pending.day))
        let after = now.tally.points
        for child in Set(after.keys).union(pending.pointsBeforeEdit.keys) {
            let delta = (after[child] ?? 0) - (pending.pointsBeforeEdit[child] ?? 0)
            let total = (summary.pointsBefore[child] ?? 0) + delta
            summary.pointsBefore[child] = total == 0 ? nil : total
        }
        summary.pendingOldDay = nil
        return true
    }
}
