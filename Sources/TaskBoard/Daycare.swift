import Foundation

/// A daycare's task board: the roster, today's marks, points, undo and
/// settings, over a `BoardStore` and a `WallClock`. Every method that
/// changes something has saved it durably when it returns.
///
/// Not thread-safe: the kiosk and the command line use it from one thread.
public final class Daycare {
    private let store: BoardStore
    private let clock: WallClock
    public private(set) var roster: Roster {
        didSet {
            leaderboards = [:]
            namesakes = nil
        }
    }
    public private(set) var settings: Settings
    /// Who was away on which day.
    public private(set) var attendance: Attendance
    public private(set) var calendar: DayCalendar {
        didSet { todaySpan = nil }
    }
    /// The local day the board shows; moves when `syncDay` sees the clock cross midnight.
    public private(set) var today: Day
    /// When the day the clock was last seen in starts and ends: `syncDay`,
    /// called on every key, then only compares two moments, not asking the
    /// calendar for the date each time.
    private var todaySpan: Range<Date>?
    /// Today's marks and the points, once read: by `finishOpening()` (which
    /// `init` calls unless told `marksLater`), or by the first read of them.
    private var readLedger: MarkLedger?
    /// `finishOpening()` is done: the marks read, the backup made.
    private var opened = false
    /// The marks, read now if they were left for later.
    private var ledger: MarkLedger {
        get throws {
            if let readLedger { return readLedger }
            let ledger = try MarkLedger(store: store, today: today)
            readLedger = ledger
            return ledger
        }
    }
    private var history = UndoHistory()
    /// The admin PIN and its lockout.
    public let pin: PinGuard

    /// Reads everything, or with `marksLater` only what the kiosk's first
    /// frame shows (the roster, the settings, the PIN record): the marks,
    /// which take most of the time on a daycare with a year behind it, and
    /// the daily backup wait for `finishOpening()`.
    public init(store: BoardStore, clock: WallClock = SystemClock(), pinHasher: PinHasher = PinHasher(), marksLater: Bool = false) throws {
        self.store = store
        self.clock = clock
        roster = try store.loadRoster() ?? Roster()
        settings = try store.loadSettings() ?? Settings()
        attendance = try store.loadAttendance() ?? Attendance()
        calendar = settings.dayCalendar
        today = calendar.day(of: clock.now())
        pin = try PinGuard(store: store, clock: clock, hasher: pinHasher)
        if !marksLater { try finishOpening() }
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
        // A leaderboard ranked before, over marks that could not be read, is not kept.
        leaderboards = [:]
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

    public var now: Date { clock.now() }
    /// The clock that only moves forward, for how long things take.
    public var uptime: TimeInterval { clock.uptime() }
    public var canUndo: Bool { !history.isEmpty }

    /// Moves to the day the clock says it is. Returns whether the day changed,
    /// so a screen knows to redraw. Nothing is awarded or removed by this.
    /// Changes and `progress` call it themselves; a screen calls it on a timer
    /// so that plain reads (leaderboard, week strip) follow midnight too.
    @discardableResult
    public func syncDay() throws -> Bool {
        let now = clock.now()
        if let todaySpan, todaySpan.contains(now) { return false }
        let current = calendar.day(of: now)
        let start = calendar.start(of: current), end = calendar.end(of: current)
        todaySpan = start < end ? start..<end : nil
        guard current != today else { return false }
        today = current
        leaderboards = [:]
        // Marks not read yet are read for the new day when they are.
        guard let readLedger else { return true }
        try readLedger.dayChanged(to: current)
        backUp()
        return true
    }

    /// Saves what is only cached (on a clean exit); never needed for safety.
    public func flush() { readLedger?.flush() }

    /// Why the marks' summary (a cache) could not be saved when it was last
    /// due, if it could not: a full or read-only disk, for the log and the
    /// screen. Nothing is lost; the next start re-reads the journals.
    public var cacheProblem: Error? { readLedger?.cacheProblem }

    // MARK: Marks

    public func marks(on day: Day) throws -> DayMarks { try ledger.marks(on: day) }

    /// A day's marks if they are in memory already (today's always, once
    /// opened): never waits for the store.
    public func marksIfRead(on day: Day) -> DayMarks? { readLedger?.marksIfRead(on: day) }

    public func isDone(child: ChildID, task: TaskID, on day: Day? = nil) throws -> Bool {
        try syncDay()
        return try ledger.marks(on: day ?? today).isDone(child, task)
    }

    /// Ticks the task done for today if it was not, or undone if it was.
    @discardableResult
    public func toggle(child: ChildID, task: TaskID) throws -> MarkChange {
        try syncDay()
        let done = try ledger.marks(on: today).isDone(child, task)
        return try changeMark(child: child, task: task, done: !done, on: today)
    }

    /// Marks the task done or not done on a day (today by default). Returns
    /// nil when it already was.
    @discardableResult
    public func setMark(child: ChildID, task: TaskID, done: Bool, on day: Day? = nil) throws -> MarkChange? {
        try syncDay()
        let day = day ?? today
        // A mark for a day that has not come would move the history forward.
        if day > today { throw TaskBoardError.dayInFuture(day) }
        if try ledger.marks(on: day).isDone(child, task) == done { return nil }
        return try changeMark(child: child, task: task, done: done, on: day)
    }

    /// Ticking needs the task on the child's board; unticking does not, so a
    /// mark can always be taken back.
    private func changeMark(child childID: ChildID, task taskID: TaskID, done: Bool, on day: Day) throws -> MarkChange {
        let child = try existingChild(childID)
        let task = try existingTask(taskID)
        if done && !child.board.contains(taskID) {
            throw TaskBoardError.taskNotOnBoard(task: task.name, child: child.name)
        }
        let points = done ? task.points : (try ledger.marks(on: day).done[childID]?[taskID] ?? 0)
        let change = try applyMark(child: child, task: task, day: day, done: done, points: points)
        history.push(.mark(child: childID, task: taskID, day: day, wasDone: !done, points: points))
        return change
    }

    private func applyMark(child: Child, task: LibraryTask, day: Day, done: Bool, points: Int) throws -> MarkChange {
        let before = try ledger.marks(on: day)
        var doneAfter = before.tasksDone(by: child.id)
        if done { doneAfter.insert(task.id) } else { doneAfter.remove(task.id) }
        let completeBefore = Self.isComplete(board: child.board(on: day), done: before.tasksDone(by: child.id))
        let completeAfter = Self.isComplete(board: child.board(on: day), done: doneAfter)
        let event = MarkEvent(child: child.id, task: task.id, done: done, points: points,
                              boardComplete: completeAfter, at: Int64(clock.now().timeIntervalSince1970))
        try ledger.record(event, on: day)
        leaderboards = [:]
        return MarkChange(child: child, task: task, day: day, done: done,
                          pointsDelta: done ? points : -points, finishedBoard: completeAfter && !completeBefore)
    }

    /// Ticks a task today for every child given who has it on their board
    /// and has not got it yet (or, with `done: false`, takes it back from
    /// every one who has it): one durable append, one undo step. Children
    /// without the task are passed over.
    @discardableResult
    public func setMarks(task taskID: TaskID, children childIDs: [ChildID], done: Bool) throws -> ColumnChange {
        try syncDay()
        let task = try existingTask(taskID)
        let marks = try ledger.marks(on: today)
        var points: [ChildID: Int] = [:]
        let children = try childIDs.map(existingChild).filter { child in
            // Away children are passed over, both ways.
            guard marks.isDone(child.id, taskID) != done, !done || child.board(on: today).contains(taskID),
                  !attendance.isAway(child.id, on: today) else { return false }
            points[child.id] = done ? task.points : marks.done[child.id]?[taskID] ?? 0
            return true
        }
        let change = try applyMarks(task: task, children: children, day: today, done: done, points: points)
        if !children.isEmpty {
            history.push(.column(task: taskID, day: today, wasDone: !done, points: points, children: children.map(\.id)))
        }
        return change
    }

    private func applyMarks(task: LibraryTask, children: [Child], day: Day, done: Bool, points: [ChildID: Int]) throws -> ColumnChange {
        let before = try ledger.marks(on: day)
        let at = Int64(clock.now().timeIntervalSince1970)
        var finished: [Child] = []
        let events = children.map { child in
            var doneAfter = before.tasksDone(by: child.id)
            if done { doneAfter.insert(task.id) } else { doneAfter.remove(task.id) }
            let completeAfter = Self.isComplete(board: child.board(on: day), done: doneAfter)
            if completeAfter && !Self.isComplete(board: child.board(on: day), done: before.tasksDone(by: child.id)) { finished.append(child) }
            return MarkEvent(child: child.id, task: task.id, done: done, points: points[child.id] ?? 0, boardComplete: completeAfter, at: at)
        }
        try ledger.record(events, on: day)
        leaderboards = [:]
        let total = children.reduce(0) { $0 + (points[$1.id] ?? 0) }
        return ColumnChange(task: task, day: day, done: done, children: children, pointsDelta: done ? total : -total, finishedBoards: finished)
    }

    /// The days that count for a child's streak: open, and the child not away.
    private func counts(_ child: ChildID) -> (Day) -> Bool {
        { [settings, attendance] day in settings.isOpen(day) && !attendance.isAway(child, on: day) }
    }

    // MARK: Attendance

    public func isAway(_ child: ChildID, on day: Day? = nil) -> Bool {
        attendance.isAway(child, on: day ?? today)
    }

    /// Marks a child away (or here again) on a day, today by default; saved
    /// before it returns, one undo step. Nil when it already was so.
    @discardableResult
    public func setAway(child childID: ChildID, away: Bool, on day: Day? = nil) throws -> AttendanceChange? {
        try syncDay()
        let day = day ?? today
        if day > today { throw TaskBoardError.dayInFuture(day) }
        let child = try existingChild(childID)
        guard attendance.isAway(childID, on: day) != away else { return nil }
        try applyAway(child, away: away, on: day)
        history.push(.away(child: childID, day: day, wasAway: !away))
        return AttendanceChange(child: child, day: day, away: away)
    }

    /// How a child stands today, as a change to report where nothing changed.
    public func attendanceToday(of childID: ChildID) throws -> AttendanceChange {
        AttendanceChange(child: try existingChild(childID), day: today, away: attendance.isAway(childID, on: today))
    }

    private func applyAway(_ child: Child, away: Bool, on day: Day) throws {
        var changed = attendance
        changed.set(child.id, away: away, on: day)
        try store.saveAttendance(changed)
        attendance = changed
        leaderboards = [:]
    }

    private static func isComplete(board: [TaskID], done: Set<TaskID>) -> Bool {
        !board.isEmpty && board.allSatisfy(done.contains)
    }

    // MARK: Points, progress, leaderboard

    public func progress(of childID: ChildID) throws -> Progress {
        try syncDay()
        return try shownProgress(of: childID)
    }

    /// Progress on the day the board shows, without moving to a new day:
    /// only reads, so a screen may ask while it draws.
    public func shownProgress(of childID: ChildID) throws -> Progress {
        let child = try existingChild(childID)
        let done = try ledger.marks(on: today).tasksDone(by: childID)
        let board = child.board(on: today)
        let count = board.filter(done.contains).count
        let complete = Self.isComplete(board: board, done: done)
        return Progress(done: count, total: board.count,
                        streak: try ledger.streak(of: childID, today: today, completeToday: complete, isOpen: counts(childID)),
                        away: attendance.isAway(childID, on: today))
    }

    /// The last seven days, oldest first, ending on the day the board shows. Only reads.
    public func weekStrip(of childID: ChildID) throws -> [DayStatus] {
        let child = try existingChild(childID)
        let ledger = try ledger
        let todayDone = try ledger.marks(on: today).tasksDone(by: childID)
        return (0..<7).reversed().map { back in
            let day = today.advanced(by: -back)
            let tally = ledger.tally(on: day)
            let complete = day == today ? Self.isComplete(board: child.board(on: today), done: todayDone) : tally.complete.contains(childID)
            return DayStatus(day: day, points: tally.points[childID] ?? 0, complete: complete, open: settings.isOpen(day),
                             away: attendance.isAway(childID, on: day))
        }
    }

    public func points(_ period: Period) -> [ChildID: Int] {
        (try? ledger)?.points(in: period.days(around: today)) ?? [:]
    }

    /// Leaderboards already ranked since the last change; a kiosk redraws
    /// the same one on every key.
    private var leaderboards: [LeaderboardKey: [LeaderboardEntry]] = [:]

    private struct LeaderboardKey: Hashable {
        /// Ranked by points, by share, or by name (rank 0).
        enum Kind: Hashable { case points, share, names }
        let kind: Kind
        let scope: LeaderboardScope
        let period: Period
        let today: Day
        let order: NameOrder
    }

    /// A leaderboard of the kind asked for, ranked once per change.
    private func cachedLeaderboard(_ kind: LeaderboardKey.Kind, _ scope: LeaderboardScope, _ period: Period, _ order: NameOrder,
                                   _ make: () throws -> [LeaderboardEntry]) rethrows -> [LeaderboardEntry] {
        let key = LeaderboardKey(kind: kind, scope: scope, period: period, today: today, order: order)
        if let cached = leaderboards[key] { return cached }
        let entries = try make()
        leaderboards[key] = entries
        return entries
    }

    /// Children who share their name with a child of another group, so a
    /// list of all groups can tell them apart. Worked out once per roster:
    /// a leaderboard redraws on every key.
    public var childrenWithNamesakesInOtherGroups: Set<ChildID> {
        if let namesakes { return namesakes }
        var groupsByName: [String: Set<GroupID>] = [:]
        for child in roster.children { groupsByName[NameRules.key(child.name), default: []].insert(child.groupID) }
        let found = Set(roster.children.filter { (groupsByName[NameRules.key($0.name)]?.count ?? 0) > 1 }.map(\.id))
        namesakes = found
        return found
    }

    private var namesakes: Set<ChildID>?

    /// Ranked by points; ties by name in `order` (the screen's language).
    public func leaderboard(_ scope: LeaderboardScope, _ period: Period, order: NameOrder = .english) -> [LeaderboardEntry] {
        cachedLeaderboard(.points, scope, period, order) { Leaderboard.rank(children(of: scope), points: points(period), order: order) }
    }

    /// Ranked by the share of their own board done over the period, in per
    /// cent of the points it could have given on the days that counted for
    /// them (open, not away, up to today; all time from the first journal).
    /// The entries' `points` are those per cents.
    public func leaderboardByShare(_ scope: LeaderboardScope, _ period: Period, order: NameOrder = .english) throws -> [LeaderboardEntry] {
        try cachedLeaderboard(.share, scope, period, order) { try rankByShare(scope, period, order) }
    }

    private func rankByShare(_ scope: LeaderboardScope, _ period: Period, _ order: NameOrder) throws -> [LeaderboardEntry] {
        let earned = points(period)
        let first = try period.days(around: today)?.lowerBound ?? store.markJournalDays().first ?? today
        let days = first <= today ? Array(first...min(today, period.days(around: today)?.upperBound ?? today)) : []
        var shares: [ChildID: Int] = [:]
        for child in children(of: scope) {
            let possible = days.reduce(0) { total, day in
                guard settings.isOpen(day), !attendance.isAway(child.id, on: day) else { return total }
                return total + child.board(on: day).reduce(0) { $0 + (roster.task($1)?.points ?? 0) }
            }
            shares[child.id] = possible == 0 ? 0 : min(100, (earned[child.id] ?? 0) * 100 / possible)
        }
        return Leaderboard.rank(children(of: scope), points: shares, order: order)
    }

    /// Every child of the scope with their points in name order, without ranks.
    public func pointsByName(_ scope: LeaderboardScope, _ period: Period, order: NameOrder = .english) -> [LeaderboardEntry] {
        cachedLeaderboard(.names, scope, period, order) { Leaderboard.byName(children(of: scope), points: points(period), order: order) }
    }

    /// Each group of the scope with its children's points together, in roster order.
    public func groupTotals(_ scope: LeaderboardScope, _ period: Period) -> [(group: Group, points: Int)] {
        let points = points(period)
        let groups = switch scope {
        case .allGroups: roster.groups
        case .group(let id): roster.groups.filter { $0.id == id }
        }
        return groups.map { group in (group, roster.children(in: group.id).reduce(0) { $0 + (points[$1.id] ?? 0) }) }
    }

    private func children(of scope: LeaderboardScope) -> [Child] {
        switch scope {
        case .allGroups: roster.children
        case .group(let id): roster.children(in: id)
        }
    }

    // MARK: Roster

    /// Applies a roster change, saves it, and remembers it for undo. A refused
    /// change throws and leaves everything as it was.
    @discardableResult
    public func edit<T>(_ change: RosterChange, _ body: (inout Roster) throws(TaskBoardError) -> T) throws -> T {
        var updated = roster
        let result = try body(&updated)
        try commit(updated, change)
        return result
    }

    /// Applies a roster command: saved, remembered for undo, and described.
    @discardableResult
    public func perform(_ command: RosterCommand) throws -> RosterChange {
        var updated = roster
        try command.apply(to: &updated)
        let change = command.change(before: roster, after: updated)
        try commit(updated, change)
        return change
    }

    /// What a roster edit would take back of the shown day's ticks: those of
    /// tasks taken off a board that stay in the library (taken off, a board
    /// replaced by a copy), which no screen would show any more. A deleted
    /// task's earned points stay, as history; a deleted child's go with the
    /// child. Only reads, so a screen may ask while it draws.
    public func ticksTaken(by command: RosterCommand) throws -> [TakenTick] {
        var updated = roster
        try command.apply(to: &updated)
        return try ticksLeavingBoards(from: roster, to: updated)
    }

    private func ticksLeavingBoards(from before: Roster, to after: Roster) throws -> [TakenTick] {
        let marks = try ledger.marks(on: today)
        var taken: [TakenTick] = []
        for child in before.children {
            guard let now = after.child(child.id), let done = marks.done[child.id] else { continue }
            let staying = Set(now.board)
            for task in child.board where !staying.contains(task) && after.task(task) != nil {
                if let points = done[task] { taken.append(TakenTick(child: child.id, task: task, day: today, points: points)) }
            }
        }
        return taken
    }

    /// Takes back today's ticks of tasks leaving a board, then saves the
    /// roster, and remembers both as one change for undo. The ticks go
    /// first: a crash between the two leaves a task on the board not done,
    /// never a point that no board shows.
    private func commit(_ updated: Roster, _ change: RosterChange) throws {
        guard updated != roster else { return }
        try syncDay()
        let taken = try ticksLeavingBoards(from: roster, to: updated)
        var unticked: [TakenTick] = []
        do {
            for tick in taken {
                guard let child = roster.child(tick.child), let task = roster.task(tick.task) else { continue }
                _ = try applyMark(child: child, task: task, day: tick.day, done: false, points: tick.points)
                unticked.append(tick)
            }
            try store.saveRoster(updated)
        } catch {
            // Put back what was taken, so a refused edit changes nothing. A
            // save a shared server answers late (`SaveUnderway`) is treated
            // alike: if it is refused then, no tick is lost; if it is saved,
            // today's ticks of the tasks it took off a board stay (they were done).
            for tick in unticked {
                if let child = roster.child(tick.child), let task = roster.task(tick.task) {
                    _ = try? applyMark(child: child, task: task, day: tick.day, done: true, points: tick.points)
                }
            }
            throw error
        }
        history.push(.roster(before: roster, change: change, unticked: unticked))
        roster = updated
    }

    public func previewDelete(group id: GroupID) -> DeletePreview {
        preview(of: roster.children(in: id))
    }

    public func previewDelete(child id: ChildID) -> DeletePreview {
        preview(of: roster.children.filter { $0.id == id })
    }

    public func previewDelete(task id: TaskID) -> DeletePreview {
        let boards = roster.children.filter { $0.board.contains(id) }.count
        return DeletePreview(children: 0, boards: boards, boardEntries: boards, points: 0)
    }

    private func preview(of children: [Child]) -> DeletePreview {
        let totals = points(.allTime)
        return DeletePreview(
            children: children.count,
            boards: children.filter { !$0.board.isEmpty }.count,
            boardEntries: children.reduce(0) { $0 + $1.board.count },
            points: children.reduce(0) { $0 + (totals[$1.id] ?? 0) })
    }

    // MARK: Undo

    /// Takes over what could be undone on `previous`, the same store read
    /// before another kiosk's change. A roster edit is kept only while the
    /// roster is as it left it: undoing it would put back the whole roster
    /// it replaced, over the other kiosk's edit. Ticks and absences are set,
    /// not toggled, when undone, so they stay.
    public func continueHistory(of previous: Daycare) {
        guard previous !== self else { return }
        let rosterUnchanged = previous.roster == roster
        history = UndoHistory(previous.history.entries.filter { entry in
            if case .roster = entry { return rosterUnchanged }
            return true
        })
    }

    /// Takes back the newest change still remembered.
    @discardableResult
    public func undo() throws -> UndoneChange {
        guard let entry = history.pop() else { throw TaskBoardError.nothingToUndo }
        do {
            switch entry {
            case .roster(let before, let change, let unticked):
                var restored = before
                // Ids are never handed out twice, even after an undo.
                restored.nextID = max(before.nextID, roster.nextID)
                try store.saveRoster(restored)
                roster = restored
                // The ticks the edit took back come back with their tasks.
                for tick in unticked {
                    if let child = roster.child(tick.child), let task = roster.task(tick.task),
                       try !ledger.marks(on: tick.day).isDone(tick.child, tick.task) {
                        _ = try applyMark(child: child, task: task, day: tick.day, done: true, points: tick.points)
                    }
                }
                return .roster(change)
            case .mark(let childID, let taskID, let day, let wasDone, let points):
                let change = try applyMark(child: try existingChild(childID), task: try existingTask(taskID),
                                           day: day, done: wasDone, points: points)
                return .mark(change)
            case .away(let childID, let day, let wasAway):
                let child = try existingChild(childID)
                try applyAway(child, away: wasAway, on: day)
                return .away(AttendanceChange(child: child, day: day, away: wasAway))
            case .column(let taskID, let day, let wasDone, let points, let childIDs):
                // Children deleted since are passed over.
                let children = childIDs.compactMap { roster.child($0) }
                return .column(try applyMarks(task: try existingTask(taskID), children: children, day: day, done: wasDone, points: points))
            }
        } catch {
            history.push(entry)
            throw error
        }
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
        // Shares count only the days the board was open.
        leaderboards = [:]
        calendar = new.dayCalendar
        try syncDay()
    }

    // MARK: Lookups

    private func existingChild(_ id: ChildID) throws(TaskBoardError) -> Child {
        guard let child = roster.child(id) else { throw .unknownChild(id) }
        return child
    }

    private func existingTask(_ id: TaskID) throws(TaskBoardError) -> LibraryTask {
        guard let task = roster.task(id) else { throw .unknownTask(id) }
        return task
    }
}
