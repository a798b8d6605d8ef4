import Foundation
import TaskBoard
import TaskBoardStorage

/// A kiosk's store on the shared database, made so that the screen never
/// waits on the network:
/// - it reads from memory: what the server said last, with the kiosk's own
///   changes that the server has not confirmed yet laid over it;
/// - a tick or an absence goes to the local outbox (durable, fsynced) and is
///   shown at once; a worker thread sends the outbox in order, and each
///   entry's id makes a resend harmless;
/// - the worker listens for other kiosks' changes and re-reads what changed,
///   and everything on every reconnect (notifications sent while a kiosk is
///   away are lost); `generation` grows each time, so the screen rebuilds;
/// - roster, task and settings edits go straight to the server, and are
///   refused while it cannot be reached.
///
/// The local directory holds the outbox, the points summary (a cache of this
/// kiosk's own: its journal lengths count this kiosk's unconfirmed ticks
/// too, so it is never shared) and the lock that keeps a second kiosk
/// process off the same outbox.
public final class KioskDatabaseStore: BoardStore, @unchecked Sendable {
    public enum Connection: Equatable, Sendable {
        case online
        case offline(since: Date, reason: String)
    }

    /// What the server said last.
    struct ServerView {
        var roster: Roster?
        var rosterVersion: Int64?
        var settings: Settings?
        var pin: PinRecord?
        var attendance: Attendance?
        /// The days read in full, in the server's order, with the ids their
        /// kiosks made (an outbox entry already among them is not counted twice).
        var days: [Day: [IdentifiedMark]] = [:]
        /// The number of events of every day in `counted` (absent: none).
        var counts: [Day: Int] = [:]
        var counted: ClosedRange<Day>
    }

    public let login: DatabaseLogin
    let lock = NSLock()
    var view: ServerView
    private let outbox: Outbox
    /// Nil once closed, which lets go of the local directory's lock.
    private var local: JSONFileStore?
    /// The screen's own connection, for edits and for days not read yet;
    /// opened when first needed after an offline start.
    private var writerStore: PostgresBoardStore?
    let deadline: Duration
    private let localDirectory: URL
    var connection: Connection = .online
    var changes = 0
    /// Raised whenever the worker changes the view or the outbox, so that a
    /// read from the server made meanwhile is read again.
    private var revision = 0
    /// The largest journal length given out per day: it never goes down,
    /// even when an entry the server already had leaves the outbox.
    private var reportedLengths: [Day: Int] = [:]
    /// Old days (outside `view.days`) and the list of days with ticks, as
    /// last read for a screen; dropped whenever the worker reads anything anew.
    private var older: [Day: [IdentifiedMark]] = [:]
    private var journalDays: [Day]?
    /// The screen's calls to the server, which it waits for only briefly.
    let calls: ScreenCalls
    /// Answers to saves the screen stopped waiting for, until it takes them.
    var answers: [LateAnswer] = []
    private(set) var worker: SyncWorker?
    private let now: @Sendable () -> Date

    /// Connects and reads the daycare (the server must be reachable to
    /// start), then starts the worker. `today` sets which days' counts are
    /// read up front (the summary's window and a little more).
    public init(login: DatabaseLogin, localDirectory: URL, today: Day, deadline: Duration = .seconds(3),
                now: @escaping @Sendable () -> Date = Date.init) throws {
        self.login = login
        self.now = now
        local = try JSONFileStore(directory: localDirectory, holder: .kiosk)
        outbox = try Outbox(directory: localDirectory)
        self.deadline = deadline
        self.localDirectory = localDirectory
        // Until the screen is up (`answerQuickly`), the deadline: a start waits for what it reads.
        calls = ScreenCalls(patience: deadline)
        do {
            let writer = try login.open(deadline: deadline)
            writerStore = writer
            // Entries sent before a stop whose answer never came: the server has them.
            let sent = try writer.committedIDs(among: outbox.entries.map(\.id))
            try outbox.remove(sent)
            view = try Self.read(from: writer, counted: Self.recentDays(around: today), days: [today])
            try? ViewSnapshot.save(view, in: localDirectory)
        } catch let error as DatabaseError where error.problem == .unreachable || error.problem == .timedOut {
            // The server is not there (a power cut, and the kiosks were up first):
            // start from what this kiosk last had, offline; without that, say why.
            guard let saved = try ViewSnapshot.load(from: localDirectory) else { throw error }
            view = saved
            connection = .offline(since: now(), reason: error.message)
        }
        let worker = SyncWorker(login: login, deadline: deadline)
        self.worker = worker
        worker.start(for: self)
    }

    deinit { worker?.stop() }

    /// Stops the worker and waits for it (what is still in the outbox stays
    /// there for the next start).
    public func close() {
        worker?.stopAndWait()
        worker = nil
        lock.withLock { writerStore }?.close()
        lock.withLock { local = nil }
    }

    // MARK: What the screen shows

    /// Grows whenever another kiosk's change (or a re-read) changed what this one shows.
    public var generation: Int { lock.withLock { changes } }

    public var connectionState: Connection { lock.withLock { connection } }

    /// Changes made here that the server has not confirmed yet.
    public var waitingChanges: Int { lock.withLock { outbox.entries.count } }

    /// How long the screen waits for the server before it goes on without
    /// its answer: well inside the 50 ms a key may take to show.
    public static let screenPatience: Duration = .milliseconds(30)

    /// From now on a call the server does not answer within
    /// `screenPatience` goes on in the background (a save answers
    /// `SaveUnderway` now and a `LateAnswer` later): for when the screen is up.
    public func answerQuickly(patience: Duration = KioskDatabaseStore.screenPatience) {
        calls.patience = patience
    }

    /// Whether a call the screen stopped waiting for has not answered yet
    /// (the next one is refused until it has, or until its deadline).
    public var isWaitingOnServer: Bool { calls.isBusy }

    /// The answers to saves that came after the screen stopped waiting, oldest first; each is given once.
    public func takeLateAnswers() -> [LateAnswer] {
        lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }

    // MARK: BoardStore: the daycare

    public func loadRoster() throws -> Roster? { lock.withLock { view.roster } }

    public func loadSettings() throws -> Settings? { lock.withLock { view.settings } }

    public func loadPin() throws -> PinRecord? { lock.withLock { view.pin } }

    public var sharesPin: Bool { true }

    public func loadAttendance() throws -> Attendance? {
        lock.withLock {
            var attendance = view.attendance ?? Attendance()
            for case .away(_, let day, let child, let away) in outbox.entries { attendance.set(child, away: away, on: day) }
            return attendance.away.isEmpty && view.attendance == nil ? nil : attendance
        }
    }

    public func saveAttendance(_ attendance: Attendance) throws {
        let current = try loadAttendance() ?? Attendance()
        var entries: [OutboxEntry] = []
        for day in Set(current.away.keys).union(attendance.away.keys).sorted() {
            let before = current.away[day] ?? [], after = attendance.away[day] ?? []
            for child in after.subtracting(before).sorted() { entries.append(.away(id: UUID(), day: day, child: child, away: true)) }
            for child in before.subtracting(after).sorted() { entries.append(.away(id: UUID(), day: day, child: child, away: false)) }
        }
        try lock.withLock { try outbox.append(entries) }
        worker?.wake()
    }

    // MARK: BoardStore: marks

    public func appendMark(_ event: MarkEvent, on day: Day) throws {
        try appendMarks([event], on: day)
    }

    /// Durable in the outbox when it returns; the worker sends it.
    public func appendMarks(_ events: [MarkEvent], on day: Day) throws {
        guard !events.isEmpty else { return }
        try lock.withLock { try outbox.append(events.map { .mark(id: UUID(), day: day, event: $0) }) }
        worker?.wake()
    }

    public func marks(on day: Day) throws -> [MarkEvent] {
        try withDay(day) { base, pending in base.map(\.event) + pending.map(\.event) }
    }

    /// Old days in one query (a first start reads a year), kept for the
    /// lengths asked next; days in memory as they are here.
    public func marks(in days: ClosedRange<Day>) throws -> [Day: [MarkEvent]] {
        let seen = lock.withLock { revision }
        let keepOld: @Sendable (KioskDatabaseStore, [Day: [IdentifiedMark]]) -> Void = { store, fetched in
            // Room for the whole run, so that its lengths are there when asked.
            if store.older.count + days.count > 400 { store.older.removeAll() }
            var day = days.lowerBound
            while day <= days.upperBound {
                if !store.view.counted.contains(day) { store.keep(fetched[day] ?? [], of: day, readAt: seen) }
                day = day.advanced(by: 1)
            }
        }
        let fetched = try fromServer("the ticks of \(days.lowerBound) to \(days.upperBound)", { try $0.identifiedMarks(in: days) },
                                     late: keepOld)
        return lock.withLock {
            keepOld(self, fetched)
            var journals: [Day: [MarkEvent]] = [:]
            var day = days.lowerBound
            while day <= days.upperBound {
                let base = view.days[day] ?? fetched[day] ?? []
                let events = base.map(\.event) + unsent(on: day, besides: base).map(\.event)
                if !events.isEmpty { journals[day] = events }
                day = day.advanced(by: 1)
            }
            return journals
        }
    }

    public func markJournalLength(on day: Day) throws -> Int {
        let known = lock.withLock { () -> Int? in
            guard view.days[day] == nil, view.counted.contains(day) else { return nil }
            return reported(day, (view.counts[day] ?? 0) + pendingMarks(on: day).count)
        }
        if let known { return known }
        let length = try withDay(day) { base, pending in base.count + pending.count }
        return lock.withLock { reported(day, length) }
    }

    /// The day's server events and this kiosk's entries not among them,
    /// read from the server first when not in memory. A read the worker
    /// overtook (it confirmed or re-read something meanwhile) is made again.
    /// Offline, a day from the start of this kiosk on is taken as it stands
    /// here (a new day began while the network was down: the worker reads
    /// it when it is back); an older one cannot be read.
    private func withDay<T>(_ day: Day, _ body: ([IdentifiedMark], [IdentifiedMark]) -> T) throws -> T {
        for _ in 0..<3 {
            let (known, seen) = lock.withLock { () -> (T?, Int) in
                if let base = view.days[day] ?? older[day] { return (body(base, unsent(on: day, besides: base)), revision) }
                if case .offline = connection, day >= view.counted.upperBound.advanced(by: -1) {
                    // Kept in memory, so the worker reads it when the server is back.
                    view.days[day] = []
                    return (body([], unsent(on: day, besides: [])), revision)
                }
                return (nil, revision)
            }
            if let known { return known }
            let fetched = try fromServer("the ticks of \(day)", { try $0.identifiedMarks(on: day) },
                                         late: { $0.keep($1, of: day, readAt: seen) })
            let result = lock.withLock { () -> T? in
                guard keep(fetched, of: day, readAt: seen) else { return nil }
                return body(fetched, unsent(on: day, besides: fetched))
            }
            if let result { return result }
        }
        throw DatabaseError(.timedOut, "the ticks of \(day) kept changing while they were read; try again")
    }

    /// Kept (with the lock held). A recent day stays in `view.days` and is
    /// read again, so it is kept only if the worker read or confirmed
    /// nothing since. An old day is kept until anything is read anew: a
    /// read the worker overtook is as good as the one it made (an old day
    /// changes only by a backdated command, and is read afresh at the
    /// next re-read at the latest, within 30 s).
    @discardableResult
    private func keep(_ marks: [IdentifiedMark], of day: Day, readAt seen: Int) -> Bool {
        if view.counted.contains(day) {
            guard revision == seen else { return false }
            view.days[day] = marks
        } else {
            if older.count >= 400 { older.removeAll() }
            older[day] = marks
        }
        return true
    }

    public func markJournalDays() throws -> [Day] {
        let (cached, seen) = lock.withLock { (journalDays, revision) }
        let remember: @Sendable (KioskDatabaseStore, [Day]) -> Void = { store, days in
            if store.revision == seen { store.journalDays = days }
        }
        let days = try cached ?? fromServer("the days with ticks", { try $0.markJournalDays() }, late: remember)
        return lock.withLock {
            if cached == nil { remember(self, days) }
            return Array(Set(days).union(outbox.entries.compactMap { if case .mark(_, let day, _) = $0 { day } else { nil } })).sorted()
        }
    }

    /// The summary is this kiosk's own cache, kept in its local directory.
    public func loadMarkSummary() throws -> MarkSummary? { try lock.withLock { local }?.loadMarkSummary() }

    public func saveMarkSummary(_ summary: MarkSummary) throws {
        guard let local = lock.withLock({ local }) else { throw Self.closed }
        try local.saveMarkSummary(summary)
    }

    /// The database is backed up by its server; nothing here to copy.
    public func makeDailyBackup(on day: Day) throws {}

    // MARK: Internals

    /// A read of what is not in memory (an old day a screen asks for).
    /// Offline it fails at once rather than make the screen wait for a
    /// deadline; a read that finds the server gone puts the kiosk offline.
    /// An answer later than the screen waits goes to `late` (called with
    /// the lock held), to be there when the screen asks again.
    private func fromServer<T: Sendable>(_ what: String, _ read: @escaping @Sendable (PostgresBoardStore) throws -> T,
                                         late: @escaping @Sendable (KioskDatabaseStore, T) -> Void) throws -> T {
        if case .offline(let since, _) = connectionState {
            throw DatabaseError(.unreachable, "offline since \(since.formatted(date: .omitted, time: .shortened)): \(what) cannot be read until the database is back")
        }
        do {
            let answer = try calls.run("reading \(what)", { [weak self] in
                guard let self else { throw Self.closed }
                return try read(try self.writer())
            }, late: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let value): self.lock.withLock { late(self, value) }
                case .failure(let error as DatabaseError): self.wentAway(error)
                case .failure: break
                }
            })
            guard let answer else {
                throw DatabaseError(.busy, "still reading \(what) from the database; it shows when it comes")
            }
            return answer
        } catch let error as DatabaseError {
            wentAway(error)
            throw error
        }
    }

    static let closed = DatabaseError(.readOnly, "this kiosk's store is closed; nothing was saved")

    /// The server did not answer the screen's own call: offline at once (the
    /// worker reconnects), so the next call fails fast instead of waiting.
    func wentAway(_ error: DatabaseError) {
        guard error.isOutage else { return }
        setConnection(.offline(since: now(), reason: error.message))
        worker?.connectionLost(error.message)
    }

    /// Called with the lock held.
    private func pendingMarks(on day: Day) -> [IdentifiedMark] {
        outbox.entries.compactMap { if case .mark(let id, day, let event) = $0 { IdentifiedMark(id: id, event: event) } else { nil } }
    }

    /// This kiosk's entries for the day that the server's events do not hold yet. Called with the lock held.
    private func unsent(on day: Day, besides base: [IdentifiedMark]) -> [IdentifiedMark] {
        let pending = pendingMarks(on: day)
        guard !pending.isEmpty, !base.isEmpty else { return pending }
        let known = Set(base.map(\.id))
        return pending.filter { !known.contains($0.id) }
    }

    /// The length to give out for a day: never less than before. Called with the lock held.
    private func reported(_ day: Day, _ length: Int) -> Int {
        let given = max(length, reportedLengths[day] ?? 0)
        reportedLengths[day] = given
        return given
    }

    /// The days whose counts are read up front and whose events are kept
    /// and read again: the summary's window and a little more, and tomorrow.
    static func recentDays(around today: Day) -> ClosedRange<Day> {
        today.advanced(by: -(MarkSummary.windowLength + 14))...today.advanced(by: 1)
    }

    /// Today by the daycare's clock and zone.
    var today: Day {
        let settings = lock.withLock { view.settings } ?? Settings()
        return settings.dayCalendar.day(of: now())
    }

    /// The screen's own connection, opened again when it is needed.
    func writer() throws -> PostgresBoardStore {
        if let store = lock.withLock({ writerStore }) { return store }
        let store = try login.open(deadline: deadline)
        lock.withLock { writerStore = store }
        return store
    }

    /// Keeps what the server said last for a start without it.
    func saveSnapshot() {
        let view = lock.withLock { self.view }
        try? ViewSnapshot.save(view, in: localDirectory)
    }

    /// `what` says what waits: "the roster can be changed".
    func requireOnline(_ what: String) throws {
        guard case .offline(let since, _) = connectionState else { return }
        let time = since.formatted(date: .omitted, time: .shortened)
        throw DatabaseError(.unreachable, "offline since \(time): \(what) when the connection to the database is back; ticks are kept meanwhile")
    }

    static func read(from store: PostgresBoardStore, counted: ClosedRange<Day>, days: [Day]) throws -> ServerView {
        let roster = try store.loadVersionedRoster()
        var view = ServerView(roster: roster?.roster, rosterVersion: roster?.version, settings: try store.loadSettings(),
                              pin: try store.loadPin(), attendance: try store.loadAttendance(), counted: counted)
        view.counts = try store.markCounts(in: counted)
        for day in days where counted.contains(day) { view.days[day] = try store.identifiedMarks(on: day) }
        return view
    }

    // MARK: For the worker

    /// The outbox as it is now.
    func waiting() -> [OutboxEntry] { lock.withLock { outbox.entries } }

    func daysRead() -> [Day] { lock.withLock { Array(view.days.keys) } }

    var countedDays: ClosedRange<Day> { lock.withLock { view.counted } }

    /// The server confirmed these entries; `days` are the fresh events of
    /// the days they were on (read after the send, so they include them).
    func confirmed(_ ids: Set<UUID>, days fresh: [Day: [IdentifiedMark]], counts: [Day: Int]) throws {
        try lock.withLock {
            // The outbox first: if it cannot be rewritten, the view stays as it was too.
            try outbox.remove(ids)
            for (day, events) in fresh where view.days[day] != nil { view.days[day] = events }
            for (day, count) in counts { view.counts[day] = count }
            forgetOlder()
            revision += 1
        }
    }

    /// A re-read of some or all of what the screen shows.
    func update(_ change: (inout ServerView) -> Void) {
        lock.withLock {
            let before = (view.roster, view.settings, view.pin?.hash, view.attendance, view.days, view.counts)
            let version = view.rosterVersion, roster = view.roster
            change(&view)
            // A roster read before this screen's own save is not taken over it.
            if let version, (view.rosterVersion ?? 0) < version {
                view.rosterVersion = version
                view.roster = roster
            }
            let after = (view.roster, view.settings, view.pin?.hash, view.attendance, view.days, view.counts)
            if before != after { changes += 1 }
            forgetOlder()
            revision += 1
        }
    }

    /// What was read for a screen outside the view may have changed. Called with the lock held.
    private func forgetOlder() {
        older.removeAll()
        journalDays = nil
    }

    func setConnection(_ state: Connection) {
        lock.withLock {
            switch (connection, state) {
            case (.offline, .offline): break // keep when it started
            default: connection = state
            }
        }
    }

    var clockNow: Date { now() }
}
