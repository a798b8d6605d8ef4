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
///   away are lost), and tells the screen what changed (`takeChanges`);
/// - roster, task and settings edits go straight to the server, and are
///   refused while it cannot be reached.
///
/// The local directory holds the outbox, the points summary (a cache of this
/// kiosk's own: its journal lengths count this kiosk's unconfirmed ticks
/// too, so it is never shared) and the lock that keeps a second kiosk
/// process off the same outbox.
public final class KioskDatabaseStore: BoardStore, Sendable {
    public enum Connection: Equatable, Sendable {
        case online
        /// With the server's refusal, where it refused the connection (full, login, database).
        case offline(since: Date, reason: String, refusal: DatabaseError.Refusal? = nil)
    }

    /// What the server said last.
    struct ServerView: Sendable {
        var roster: Roster?
        var rosterVersion: Int64?
        var settings: Settings?
        var pin: PinRecord?
        var attendance: Attendance?
        /// The login, where the kiosk logs in with one of its own (`taskboard
        /// rooms add`): that login refused later means it was revoked.
        var ownLogin: String?
        /// The days the server no longer keeps, and their points.
        var history = HistoryRemoved()
        /// The days read in full, in the server's order, with the ids their
        /// kiosks made (an outbox entry already among them is not counted twice).
        var days: [Day: [IdentifiedMark]] = [:]
        /// The number of events of every day in `counted` (absent: none).
        var counts: [Day: Int] = [:]
        var counted: ClosedRange<Day>
    }

    /// What the screen and the worker share, reachable only under its lock.
    struct State {
        var view: ServerView
        let outbox: Outbox
        /// The screen's own connection, for edits and for days not read yet;
        /// opened when first needed after an offline start.
        var writerStore: PostgresBoardStore?
        var connection: Connection
        /// How many times the connection came back: a call begun before it
        /// last did says, by failing, nothing of the connection now.
        var returns = 0
        /// What the screen has not taken in yet (`takeChanges`).
        var news: Set<StoreChange> = []
        /// Raised whenever the worker changes the view or the outbox, so that a
        /// read from the server made meanwhile is read again.
        var revision = 0
        /// The largest journal length given out per day: it never goes down,
        /// even when an entry the server already had leaves the outbox.
        var reportedLengths: [Day: Int] = [:]
        /// Old days (outside `view.days`) and the list of days with ticks, as
        /// last read for a screen; dropped whenever the worker reads anything anew.
        var older: [Day: [IdentifiedMark]] = [:]
        var journalDays: [Day]?
        /// Answers to saves the screen stopped waiting for, until it takes them.
        var answers: [LateAnswer] = []
        /// Every kiosk on the database, as last read (Settings lists them), and when by this kiosk's clock.
        var kiosks: (roll: KioskRoll, readAt: Date)?
        /// Words for the kiosk's log (`takeStorageNotes`), and the last one said, so a problem that stays is logged once.
        var notes: [String] = []
        var lastNote: String?
    }

    public let login: DatabaseLogin
    let state: Locked<State>
    /// The points summary's cache; nil once closed, which lets go of the
    /// local directory's lock. A lock of its own: its file writes hold up nobody else.
    private let local: Locked<JSONFileStore?>
    let deadline: Duration
    /// This kiosk's own folder: outbox, snapshot, summary, and the recordings' copy (`VoiceCache`).
    public let localDirectory: URL
    /// The screen's calls to the server, which it waits for only briefly.
    let calls: ScreenCalls
    /// Runs for the store's life; stopped by `close` (asking a stopped worker does nothing).
    let worker: SyncWorker
    /// Signalled whenever what the screen shows may have changed: another
    /// kiosk's change read, the outbox sent, the connection lost or back, a
    /// late answer. The kiosk's terminal watches it, so such a change is
    /// drawn when it comes rather than on the next timer tick.
    public let changeSignal = WakeSignal()
    private let now: @Sendable () -> Date

    /// Connects and reads the daycare (the server must be reachable to
    /// start), then starts the worker. `today` sets which days' counts are
    /// read up front (the summary's window and a little more).
    public init(login: DatabaseLogin, localDirectory: URL, today: Day, deadline: Duration = .seconds(3),
                now: @escaping @Sendable () -> Date = Date.init) throws {
        self.login = login
        self.now = now
        local = Locked(try JSONFileStore(directory: localDirectory, holder: .kiosk))
        let outbox = try Outbox(directory: localDirectory)
        self.deadline = deadline
        self.localDirectory = localDirectory
        // Until the screen is up (`answerQuickly`), the deadline: a start waits for what it reads.
        calls = ScreenCalls(patience: deadline)
        do {
            let writer = try login.open(deadline: deadline, role: "screen")
            // Entries sent before a stop whose answer never came: the server has them.
            let sent = try writer.committedIDs(among: outbox.entries.map(\.id))
            // And a tick of a child forgotten meanwhile, which the server answers and never takes in
            // (asked only where a tick waits unsent: most starts have none).
            let unsent = outbox.entries.filter { if case .mark(let id, _, _) = $0 { !sent.contains(id) } else { false } }
            let forgotten = unsent.isEmpty ? ForgottenChildren() : try writer.forgottenChildren()
            let ofForgotten = unsent.compactMap { entry -> UUID? in
                if case .mark(let id, _, let event) = entry, forgotten.contains(event.child) { id } else { nil }
            }
            try outbox.remove(sent.union(ofForgotten))
            let view = try Self.read(from: writer, counted: Self.recentDays(around: today), days: [today])
            try? ViewSnapshot.save(view, in: localDirectory)
            RemovedMark.clear(in: localDirectory)
            state = Locked(State(view: view, outbox: outbox, writerStore: writer, connection: .online))
        } catch let error as DatabaseError where error.problem == .unreachable || error.problem == .timedOut {
            // The server is not there (a power cut, and the kiosks were up first):
            // start from what this kiosk last had, offline; without that, say why.
            let saved = try ViewSnapshot.load(from: localDirectory)
            let removed = RemovedMark.isSet(in: localDirectory)
                || Self.isRevocation(error, ownLogin: saved?.ownLogin, user: login.address.user)
            // Removed: what it read goes from the disk (the outbox stays); it starts from memory, or waits saying so.
            if removed { RemovedMark.set(in: localDirectory) }
            guard let saved else {
                var refused = error
                if removed { refused.refusal = .removed }
                throw refused
            }
            state = Locked(State(view: saved, outbox: outbox, connection: .offline(since: now(), reason: error.message,
                                                                                   refusal: removed ? .removed : error.refusal)))
        }
        worker = SyncWorker(login: login, deadline: deadline)
        worker.start(for: self)
    }

    deinit { worker.stop() }

    /// Whether the server's refusal is of the kiosk's own login, known from
    /// an earlier session, with the password right and the login not
    /// permitted: revoked (`taskboard rooms revoke`). A wrong password, or
    /// the owner's login, is a login refused, not a kiosk removed.
    static func isRevocation(_ error: DatabaseError, ownLogin: String?, user: String) -> Bool {
        error.refusal == .loginRefused && error.loginDisabled && ownLogin != nil && ownLogin == user
    }

    /// The first day the settings keep, where the server still keeps days
    /// before it (as last read), with the first day it keeps now.
    func historyRemovalDue() -> (first: Day, known: Day?)? {
        let (settings, history) = state.withLock { ($0.view.settings, $0.view.history) }
        guard let first = settings?.firstDayKept(on: today) else { return nil }
        if let known = history.firstDayKept, known >= first { return nil }
        return (first, history.firstDayKept)
    }

    /// The worker logged in: a kiosk removed earlier has its login back.
    func loggedIn() { RemovedMark.clear(in: localDirectory) }

    /// How the kiosk is offline after `error`: removed once revoked (kept on
    /// its disk, so that a network down or a restart does not bring the
    /// board back), until it logs in again; otherwise as the server said.
    func offlineRefusal(after error: DatabaseError?) -> DatabaseError.Refusal? {
        let ownLogin = state.withLock { $0.view.ownLogin }
        if let error, Self.isRevocation(error, ownLogin: ownLogin, user: login.address.user) { RemovedMark.set(in: localDirectory) }
        return RemovedMark.isSet(in: localDirectory) ? .removed : error?.refusal
    }

    /// Stops the worker and waits for it (what is still in the outbox stays
    /// there for the next start).
    public func close() {
        worker.stopAndWait()
        state.withLock { $0.writerStore }?.close()
        local.withLock { $0 = nil }
    }

    // MARK: What the screen shows

    /// What another kiosk's change (or a re-read, or a save the screen
    /// stopped waiting for) changed of what this one shows, since the last call.
    public func takeChanges() -> Set<StoreChange> {
        state.withLock { state in
            defer { state.news = [] }
            return state.news
        }
    }

    public var connectionState: Connection { state.withLock { $0.connection } }

    /// Changes made here that the server has not confirmed yet.
    public var waitingChanges: Int { state.withLock { $0.outbox.entries.count } }

    /// Every kiosk on the database as the worker last read them (with each
    /// full read, so at most half a minute old while online); nil before the
    /// first. Their states are judged by the server's clock then, moved on by
    /// the time since (a kiosk that falls silent shows as not seen lately),
    /// but only up to when this kiosk went offline: its own outage says
    /// nothing of the others, which are shown as it last knew them.
    public var kioskRoll: KioskRoll? {
        let (kiosks, connection) = state.withLock { ($0.kiosks, $0.connection) }
        guard let (roll, readAt) = kiosks else { return nil }
        var until = now()
        if case .offline(let since, _, _) = connection { until = min(until, since) }
        return KioskRoll(kiosks: roll.kiosks, now: roll.now.addingTimeInterval(max(0, until.timeIntervalSince(readAt))), logins: roll.logins)
    }

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
        state.withLock { state in
            defer { state.answers.removeAll() }
            return state.answers
        }
    }

    // MARK: BoardStore: the daycare

    public func loadRoster() throws -> Roster? { state.withLock { $0.view.roster } }

    public func loadSettings() throws -> Settings? { state.withLock { $0.view.settings } }

    public func loadPin() throws -> PinRecord? { state.withLock { $0.view.pin } }

    public var sharesPin: Bool { true }

    public func loadAttendance() throws -> Attendance? {
        state.withLock { state in
            var attendance = state.view.attendance ?? Attendance()
            for case .away(_, let day, let child, let away) in state.outbox.entries { attendance.set(child, away: away, on: day) }
            return attendance.away.isEmpty && state.view.attendance == nil ? nil : attendance
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
        try state.withLock { try $0.outbox.append(entries) }
        worker.wake()
    }

    // MARK: BoardStore: marks

    public func appendMark(_ event: MarkEvent, on day: Day) throws {
        try appendMarks([event], on: day)
    }

    /// Durable in the outbox when it returns; the worker sends it.
    public func appendMarks(_ events: [MarkEvent], on day: Day) throws {
        guard !events.isEmpty else { return }
        try state.withLock { try $0.outbox.append(events.map { .mark(id: UUID(), day: day, event: $0) }) }
        worker.wake()
    }

    public func marks(on day: Day) throws -> [MarkEvent] {
        try withDay(day) { base, pending in base.map(\.event) + pending.map(\.event) }
    }

    /// Old days in one query (a first start reads a year), kept for the
    /// lengths asked next; days in memory as they are here.
    public func marks(in days: ClosedRange<Day>) throws -> [Day: [MarkEvent]] {
        let seen = state.withLock { $0.revision }
        let keepOld: @Sendable (inout State, [Day: [IdentifiedMark]]) -> Void = { state, fetched in
            // Room for the whole run, so that its lengths are there when asked.
            if state.older.count + days.count > 400 { state.older.removeAll() }
            var day = days.lowerBound
            while day <= days.upperBound {
                if !state.view.counted.contains(day) { state.keep(fetched[day] ?? [], of: day, readAt: seen) }
                day = day.advanced(by: 1)
            }
        }
        let fetched = try fromServer("the ticks of \(days.lowerBound) to \(days.upperBound)", { try $0.identifiedMarks(in: days) },
                                     late: keepOld)
        return state.withLock { state in
            keepOld(&state, fetched)
            var journals: [Day: [MarkEvent]] = [:]
            var day = days.lowerBound
            while day <= days.upperBound {
                let base = state.view.days[day] ?? fetched[day] ?? []
                let events = base.map(\.event) + state.unsent(on: day, besides: base).map(\.event)
                if !events.isEmpty { journals[day] = events }
                day = day.advanced(by: 1)
            }
            return journals
        }
    }

    public func markJournalLength(on day: Day) throws -> Int {
        let known = state.withLock { state -> Int? in
            guard state.view.days[day] == nil, state.view.counted.contains(day) else { return nil }
            return state.reported(day, (state.view.counts[day] ?? 0) + state.pendingMarks(on: day).count)
        }
        if let known { return known }
        let length = try withDay(day) { base, pending in base.count + pending.count }
        return state.withLock { $0.reported(day, length) }
    }

    /// The day's server events and this kiosk's entries not among them,
    /// read from the server first when not in memory. A read the worker
    /// overtook (it confirmed or re-read something meanwhile) is made again.
    /// Offline, a day from the start of this kiosk on is taken as it stands
    /// here (a new day began while the network was down: the worker reads
    /// it when it is back); an older one cannot be read.
    private func withDay<T: Sendable>(_ day: Day, _ body: ([IdentifiedMark], [IdentifiedMark]) -> T) throws -> T {
        for _ in 0..<3 {
            let (known, seen) = state.withLock { state -> (T?, Int) in
                if let base = state.view.days[day] ?? state.older[day] { return (body(base, state.unsent(on: day, besides: base)), state.revision) }
                if case .offline = state.connection, day >= state.view.counted.upperBound.advanced(by: -1) {
                    // Kept in memory, so the worker reads it when the server is back.
                    state.view.days[day] = []
                    return (body([], state.unsent(on: day, besides: [])), state.revision)
                }
                return (nil, state.revision)
            }
            if let known { return known }
            let fetched = try fromServer("the ticks of \(day)", { try $0.identifiedMarks(on: day) },
                                         late: { $0.keep($1, of: day, readAt: seen) })
            let result = state.withLock { state -> T? in
                guard state.keep(fetched, of: day, readAt: seen) else { return nil }
                return body(fetched, state.unsent(on: day, besides: fetched))
            }
            if let result { return result }
        }
        throw DatabaseError(.timedOut, "the ticks of \(day) kept changing while they were read; try again")
    }

    public func markJournalDays() throws -> [Day] {
        let (cached, seen) = state.withLock { ($0.journalDays, $0.revision) }
        let remember: @Sendable (inout State, [Day]) -> Void = { state, days in
            if state.revision == seen { state.journalDays = days }
        }
        let days = try cached ?? fromServer("the days with ticks", { try $0.markJournalDays() }, late: remember)
        return state.withLock { state in
            if cached == nil { remember(&state, days) }
            return Array(Set(days).union(state.outbox.entries.compactMap { if case .mark(_, let day, _) = $0 { day } else { nil } })).sorted()
        }
    }

    /// The summary is this kiosk's own cache, kept in its local directory.
    public func loadMarkSummary() throws -> MarkSummary? { try local.withLock { try $0?.loadMarkSummary() } }

    public func saveMarkSummary(_ summary: MarkSummary) throws {
        try local.withLock { local in
            guard let local else { throw Self.closed }
            try local.saveMarkSummary(summary)
        }
    }

    /// The database is backed up by its server; nothing here to copy.
    public func makeDailyBackup(on day: Day) throws {}

    /// The worker removes the days no longer kept on the server (`SyncTurns`).
    public func removeHistory(journals days: [Day], before first: Day) throws {}
    public var removesHistoryItself: Bool { true }
    /// As the server last said (read with everything else).
    public func pointsRemovedFromHistory() throws -> [ChildID: Int] { state.withLock { $0.view.history.pointsRemoved } }
    public func historyKeptFrom() throws -> Day? { state.withLock { $0.view.history.firstDayKept } }
    /// A child forgotten (here or on another kiosk) takes their events out of the days.
    public var journalsMayShrink: Bool { true }

    // MARK: Internals

    /// A read of what is not in memory (an old day a screen asks for).
    /// Offline it fails at once rather than make the screen wait for a
    /// deadline; a read that finds the server gone puts the kiosk offline.
    /// An answer later than the screen waits goes to `late`, to be there
    /// when the screen asks again.
    private func fromServer<T: Sendable>(_ what: String, _ read: @escaping @Sendable (PostgresBoardStore) throws -> T,
                                         late: @escaping @Sendable (inout State, T) -> Void) throws -> T {
        if case .offline(let since, _, _) = connectionState {
            throw DatabaseError(.unreachable, "offline since \(since.formatted(date: .omitted, time: .shortened)): \(what) cannot be read until the database is back")
        }
        let term = self.term
        do {
            let answer = try calls.run("reading \(what)", { [weak self] in
                guard let self else { throw Self.closed }
                return try read(try self.writer())
            }, late: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let value):
                    self.state.withLock { late(&$0, value) }
                    // The screen that said "not known" draws it now.
                    self.changeSignal.signal()
                case .failure(let error as DatabaseError): self.wentAway(error, during: term)
                case .failure: break
                }
            })
            guard let answer else {
                throw DatabaseError(.busy, "still reading \(what) from the database; it shows when it comes")
            }
            return answer
        } catch let error as DatabaseError {
            wentAway(error, during: term)
            throw error
        }
    }

    static let closed = DatabaseError(.readOnly, "this kiosk's store is closed; nothing was saved")

    /// Which time online a call begins in (see `wentAway`).
    var term: Int { state.withLock { $0.returns } }

    /// The server did not answer the screen's own call, begun in `term`:
    /// offline at once (the worker reconnects), so the next call fails fast
    /// instead of waiting. A call begun before the connection last came back
    /// (stuck on a server that hung, failing at its deadline after the
    /// server answered the worker again) is old news and changes nothing.
    func wentAway(_ error: DatabaseError, during term: Int) {
        guard error.isOutage, term == self.term else { return }
        setConnection(.offline(since: now(), reason: error.message, refusal: offlineRefusal(after: error)))
        worker.connectionLost(error.message)
    }

    /// The days whose counts are read up front and whose events are kept
    /// and read again: the summary's window and a little more, and tomorrow.
    static func recentDays(around today: Day) -> ClosedRange<Day> {
        today.advanced(by: -(MarkSummary.windowLength + 14))...today.advanced(by: 1)
    }

    /// Today by the daycare's clock and zone.
    var today: Day {
        let settings = state.withLock { $0.view.settings } ?? Settings()
        return settings.dayCalendar.day(of: now())
    }

    /// The screen's own connection, opened again when it is needed.
    func writer() throws -> PostgresBoardStore {
        if let store = state.withLock({ $0.writerStore }) { return store }
        let store = try login.open(deadline: deadline, role: "screen")
        state.withLock { $0.writerStore = store }
        return store
    }

    /// Keeps what the server said last for a start without it.
    func saveSnapshot() {
        let view = state.withLock { $0.view }
        try? ViewSnapshot.save(view, in: localDirectory)
    }

    /// `what` says what waits: "the roster can be changed".
    func requireOnline(_ what: String) throws {
        guard case .offline(let since, _, _) = connectionState else { return }
        let time = since.formatted(date: .omitted, time: .shortened)
        throw DatabaseError(.unreachable, "offline since \(time): \(what) when the connection to the database is back; ticks are kept meanwhile")
    }

    static func read(from store: PostgresBoardStore, counted: ClosedRange<Day>, days: [Day]) throws -> ServerView {
        let roster = try store.loadVersionedRoster()
        var view = ServerView(roster: roster?.roster, rosterVersion: roster?.version, settings: try store.loadSettings(),
                              pin: try store.loadPin(), attendance: try store.loadAttendance(), counted: counted)
        view.ownLogin = try store.ownKioskLogin()?.login
        view.history = try store.historyRemoved()
        view.counts = try store.markCounts(in: counted)
        for day in days where counted.contains(day) { view.days[day] = try store.identifiedMarks(on: day) }
        return view
    }

    // MARK: For the worker

    /// The outbox as it is now.
    func waiting() -> [OutboxEntry] { state.withLock { $0.outbox.entries } }

    func daysRead() -> [Day] { state.withLock { Array($0.view.days.keys) } }

    var countedDays: ClosedRange<Day> { state.withLock { $0.view.counted } }

    /// The server confirmed these entries; `days` are the fresh events of
    /// the days they were on (read after the send, so they include them).
    func confirmed(_ ids: Set<UUID>, days fresh: [Day: [IdentifiedMark]], counts: [Day: Int]) throws {
        try state.withLock { state in
            // The outbox first: if it cannot be rewritten, the view stays as it was too.
            try state.outbox.remove(ids)
            for (day, events) in fresh where state.view.days[day] != nil {
                // Another kiosk's tick sent meanwhile is news; this kiosk's own confirmed ones are not.
                let known = Set((state.view.days[day] ?? []).map(\.id)).union(ids)
                if events.contains(where: { !known.contains($0.id) }) { state.news.insert(.marks(day)) }
                state.view.days[day] = events
            }
            for (day, count) in counts { state.view.counts[day] = count }
            state.forgetOlder()
            state.revision += 1
        }
        changeSignal.signal() // fewer changes waiting
    }

    /// A re-read of some or all of what the screen shows.
    func update(_ change: (inout ServerView) -> Void) {
        let changed = state.withLock { state in
            let before = state.view
            change(&state.view)
            // A roster read before this screen's own save is not taken over it.
            if let version = before.rosterVersion, (state.view.rosterVersion ?? 0) < version {
                state.view.rosterVersion = version
                state.view.roster = before.roster
            }
            state.forgetOlder()
            state.revision += 1
            let changes = state.view.changes(since: before)
            state.news.formUnion(changes)
            return !changes.isEmpty
        }
        if changed { changeSignal.signal() }
    }

    /// A problem for the log that is not worth going offline for; said once while it stays.
    func note(_ words: String) {
        state.withLock { state in
            guard state.lastNote != words else { return }
            state.lastNote = words
            state.notes.append(words)
        }
    }

    public func takeStorageNotes() -> [String] {
        state.withLock { state in
            defer { state.notes = [] }
            return state.notes
        }
    }

    /// The kiosks as the worker just read them. Settings lists them: when
    /// the list would say something new, the screen is woken to draw it.
    func keep(_ kiosks: KioskRoll) {
        let readAt = now()
        let news = state.withLock { state in
            defer { state.kiosks = (kiosks, readAt) }
            return state.kiosks.map { !$0.roll.saysTheSame(as: kiosks) } ?? true
        }
        if news { changeSignal.signal() }
    }

    func setConnection(_ state: Connection) {
        let changed = self.state.withLock {
            switch ($0.connection, state) {
            case (.online, .online): return false
            case (.offline(let since, _, let before), .offline(_, let reason, let refusal)):
                // Offline: keep when it started; a new refusal (the server became full) is news.
                guard before != refusal else { return false }
                $0.connection = .offline(since: since, reason: reason, refusal: refusal)
                return true
            default:
                if state == .online {
                    $0.returns += 1
                    RemovedMark.clear(in: localDirectory)
                }
                $0.connection = state
                return true
            }
        }
        if changed { changeSignal.signal() }
    }

    var clockNow: Date { now() }
}

extension KioskDatabaseStore.ServerView {
    /// Whether a screen drawn from either would look the same.
    /// What a screen reads again to show this view rather than `before`.
    /// (A PIN record that differs only in its tries is not news: every
    /// check reads the record afresh.)
    func changes(since before: Self) -> Set<StoreChange> {
        var changes = Set<StoreChange>()
        if roster != before.roster { changes.insert(.roster) }
        if settings != before.settings { changes.insert(.settings) }
        if pin?.hash != before.pin?.hash { changes.insert(.pin) }
        if attendance != before.attendance { changes.insert(.attendance) }
        if history != before.history { changes.insert(.history) }
        for day in Set(days.keys).union(before.days.keys) where days[day] != before.days[day] { changes.insert(.marks(day)) }
        for day in Set(counts.keys).union(before.counts.keys) where counts[day] != before.counts[day] { changes.insert(.marks(day)) }
        return changes
    }
}

extension KioskDatabaseStore.State {
    /// This kiosk's marks of the day still in the outbox.
    func pendingMarks(on day: Day) -> [IdentifiedMark] {
        outbox.entries.compactMap { if case .mark(let id, day, let event) = $0 { IdentifiedMark(id: id, event: event) } else { nil } }
    }

    /// This kiosk's entries for the day that the server's events do not hold yet.
    func unsent(on day: Day, besides base: [IdentifiedMark]) -> [IdentifiedMark] {
        let pending = pendingMarks(on: day)
        guard !pending.isEmpty, !base.isEmpty else { return pending }
        let known = Set(base.map(\.id))
        return pending.filter { !known.contains($0.id) }
    }

    /// The length to give out for a day: never less than before.
    mutating func reported(_ day: Day, _ length: Int) -> Int {
        let given = max(length, reportedLengths[day] ?? 0)
        reportedLengths[day] = given
        return given
    }

    /// Keeps a day read for a screen. A recent day stays in `view.days` and
    /// is read again, so it is kept only if the worker read or confirmed
    /// nothing since. An old day is kept until anything is read anew: a
    /// read the worker overtook is as good as the one it made (an old day
    /// changes only by a backdated command, and is read afresh at the
    /// next re-read at the latest, within 30 s).
    @discardableResult
    mutating func keep(_ marks: [IdentifiedMark], of day: Day, readAt seen: Int) -> Bool {
        if view.counted.contains(day) {
            guard revision == seen else { return false }
            view.days[day] = marks
        } else {
            if older.count >= 400 { older.removeAll() }
            older[day] = marks
        }
        return true
    }

    /// What was read for a screen outside the view may have changed.
    mutating func forgetOlder() {
        older.removeAll()
        journalDays = nil
    }
}
