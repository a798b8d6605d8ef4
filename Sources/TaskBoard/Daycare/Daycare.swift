import Foundation

/// A daycare's task board: the roster, today's marks, points, undo and
/// settings, over a `BoardStore` and a `WallClock`. Every method that
/// changes something has saved it durably when it returns. The work is
/// split by what it is about: the day (`DayClock`), ticks and absences
/// (`Daycare+Marks`), ranks and their caches (`Scoreboard`, `Daycare+Scores`),
/// roster edits (`Daycare+Roster`), undo (`Daycare+Undo`).
///
/// Not thread-safe: the kiosk and the command line use it from one thread.
public final class Daycare {
    let store: BoardStore
    /// The first day a store that removes old days itself still keeps, as
    /// it said when opened (a shared database); nil elsewhere.
    var storeKeepsFrom: Day?
    @Revised public internal(set) var roster: Roster
    @Revised public internal(set) var settings: Settings
    /// Who was away on which day.
    @Revised public internal(set) var attendance: Attendance
    /// The day the board shows; moves when `syncDay` sees the clock cross midnight.
    var day: DayClock
    /// Today's marks and the points, once read: by `finishOpening()` (which
    /// `init` calls unless told `marksLater`), or by the first read of them.
    private(set) var readLedger: MarkLedger?
    /// `finishOpening()` is done: the marks read, the backup made.
    private var opened = false
    var history = UndoHistory()
    /// What removing the history the settings no longer keep did, until the log has it.
    var historyNotes: [String] = []
    /// How many times the marks were read afresh (history removed): part of
    /// the leaderboards' revision, since a new ledger counts from 0 again.
    private(set) var ledgerGeneration = 0
    let scoreboard = Scoreboard()
    /// The admin PIN and its lockout.
    public let pin: PinGuard

    /// Reads everything, or with `marksLater` only what the kiosk's first
    /// frame shows (the roster, the settings, the PIN record): the marks,
    /// which take most of the time on a daycare with a year behind it, and
    /// the daily backup wait for `finishOpening()`.
    public init(store: BoardStore, clock: WallClock = SystemClock(), pinHasher: PinHasher = PinHasher(), marksLater: Bool = false) throws {
        self.store = store
        roster = try store.loadRoster() ?? Roster()
        let settings = try store.loadSettings() ?? Settings()
        self.settings = settings
        attendance = try store.loadAttendance() ?? Attendance()
        storeKeepsFrom = try store.historyKeptFrom()
        day = DayClock(clock: clock, calendar: settings.dayCalendar)
        pin = try PinGuard(store: store, clock: clock, hasher: pinHasher)
        if !marksLater { try finishOpening() }
    }

    /// The marks, read now if they were left for later.
    var ledger: MarkLedger {
        get throws {
            if let readLedger { return readLedger }
            let ledger = try MarkLedger(store: store, today: today)
            readLedger = ledger
            return ledger
        }
    }

    /// Lets the store tidy up, reads the marks and makes the day's backup,
    /// if `init` left them for later; nothing the second time. A damaged
    /// journal or summary throws here. Until then, the reads that cannot
    /// fail (points, leaderboards) read the marks themselves, and show none
    /// if they cannot.
    public func finishOpening() throws {
        guard !opened else { return }
        try store.tidyUp()
        _ = try ledger
        backUp()
        opened = true
    }

    /// Why the last daily backup failed, if it did. A failed backup must not
    /// stop ticking, so it is reported here for the screen or the log.
    public private(set) var backupProblem: Error?

    private func backUp() {
        // A viewer beside the kiosk never writes; the kiosk makes the backup.
        guard !store.isReadOnly else { return }
        do {
            try store.makeDailyBackup(on: today)
            backupProblem = nil
        } catch {
            backupProblem = error
        }
    }

    public var now: Date { day.clock.now() }
    /// The clock that only moves forward, for how long things take.
    public var uptime: TimeInterval { day.clock.uptime() }
    public var canUndo: Bool { !history.isEmpty }
    /// The local day the board shows.
    public var today: Day { day.today }
    public var calendar: DayCalendar { day.calendar }

    /// Moves to the day the clock says it is. Returns whether the day changed,
    /// so a screen knows to redraw. Nothing is awarded or removed by this.
    /// Changes and `progress` call it themselves; a screen calls it on a timer
    /// so that plain reads (leaderboard, week strip) follow midnight too.
    @discardableResult
    public func syncDay() throws -> Bool {
        guard day.sync() else { return false }
        // Marks not read yet are read for the new day when they are.
        guard let readLedger else { return true }
        try readLedger.dayChanged(to: today)
        backUp()
        return true
    }

    /// Saves what is only cached (on a clean exit); never needed for safety.
    public func flush() { readLedger?.flush() }

    /// Lets go of what is only cached, unsaved: the data on disk changed
    /// under it (a child forgotten), and `flush` must not write it back.
    public func dropCaches() { readLedger = nil }

    /// Why the marks' summary (a cache) could not be saved when it was last
    /// due, if it could not: a full or read-only disk, for the log and the
    /// screen. Nothing is lost; the next start re-reads the journals.
    public var cacheProblem: Error? { readLedger?.cacheProblem }

    /// Days still to come that already hold ticks: the clock was ahead when
    /// they were made, so no board shows them (`taskboard check --repair`
    /// keeps them aside). Empty until the marks are read.
    public var daysTickedAhead: [Day] { readLedger?.daysWithTicks(after: today) ?? [] }

    /// What the store mended on its own since the last call (`BoardStore.takeStorageNotes`).
    public func takeStorageNotes() -> [String] {
        defer { historyNotes = [] }
        return store.takeStorageNotes() + historyNotes
    }

    /// Lets go of the marks read, to be read afresh at their next use.
    func dropMarks() {
        readLedger = nil
        ledgerGeneration += 1
    }

    // MARK: Settings

    public func updateSettings(_ new: Settings) throws {
        if let zone = new.timeZoneIdentifier, TimeZone(identifier: zone) == nil {
            throw TaskBoardError.invalidTimeZone(zone)
        }
        guard Settings.idleLogoutRange.contains(new.idleLogoutMinutes) else {
            throw TaskBoardError.invalidIdleMinutes(new.idleLogoutMinutes)
        }
        try store.saveSettings(new)
        settings = new
        day.use(new.dayCalendar)
        try syncDay()
    }

    // MARK: Lookups

    func existingChild(_ id: ChildID) throws(TaskBoardError) -> Child {
        guard let child = roster.child(id) else { throw .unknownChild(id) }
        return child
    }

    func existingTask(_ id: TaskID) throws(TaskBoardError) -> LibraryTask {
        guard let task = roster.task(id) else { throw .unknownTask(id) }
        return task
    }
}
