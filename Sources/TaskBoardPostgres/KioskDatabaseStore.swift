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
    private let lock = NSLock()
    private var view: ServerView
    private let outbox: Outbox
    /// Nil once closed, which lets go of the local directory's lock.
    private var local: JSONFileStore?
    /// The screen's own connection, for edits and for days not read yet;
    /// opened when first needed after an offline start.
    private var writerStore: PostgresBoardStore?
    private let deadline: Duration
    private let localDirectory: URL
    private var connection: Connection = .online
    private var changes = 0
    /// Raised whenever the worker changes the view or the outbox, so that a
    /// read from the server made meanwhile is read again.
    private var revision = 0
    /// The largest journal length given out per day: it never goes down,
    /// even when an entry the server already had leaves the outbox.
    private var reportedLengths: [Day: Int] = [:]
    private var worker: SyncWorker?
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

    // MARK: BoardStore: the daycare

    public func loadRoster() throws -> Roster? { lock.withLock { view.roster } }

    public func saveRoster(_ roster: Roster) throws {
        try requireOnline("the roster can be changed")
        let expected = lock.withLock { view.rosterVersion }
        do {
            let version = try writer().saveRoster(roster, over: expected)
            lock.withLock {
                view.roster = roster
                view.rosterVersion = version
            }
        } catch let error as DatabaseError {
            if error.problem == .conflict { worker?.refreshAll() }
            wentAway(error)
            throw error
        }
    }

    public func loadSettings() throws -> Settings? { lock.withLock { view.settings } }

    public func saveSettings(_ settings: Settings) throws {
        try requireOnline("the settings can be changed")
        do {
            try writer().saveSettings(settings)
        } catch let error as DatabaseError {
            wentAway(error)
            throw error
        }
        lock.withLock { view.settings = settings }
    }

    public func loadPin() throws -> PinRecord? { lock.withLock { view.pin } }

    public var sharesPin: Bool { true }

    /// A new PIN needs the server; the count of wrong tries is kept here
    /// while it cannot be reached (the staff can still log in to tick).
    public func savePin(_ pin: PinRecord) throws {
        let (online, current) = lock.withLock { (connection == .online, view.pin) }
        if online {
            do {
                try writer().savePin(pin)
            } catch let error as DatabaseError where error.problem == .unreachable || error.problem == .timedOut {
                wentAway(error)
                guard pin.hash == current?.hash else { throw error }
            }
        } else if pin.hash != current?.hash {
            try requireOnline("a new PIN can be set")
        }
        lock.withLock { view.pin = pin }
    }

    /// Online, on the server under its row lock (one count of tries for the
    /// house); offline, here, as `savePin` keeps it.
    public func updatePin(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord {
        if connectionState == .online {
            do {
                let saved = try writer().updatePin(change)
                lock.withLock { view.pin = saved }
                return saved
            } catch let error as DatabaseError where error.problem == .unreachable || error.problem == .timedOut {
                wentAway(error)
            }
        }
        let current = lock.withLock { view.pin }
        let changed = try change(current)
        if changed.hash != current?.hash { try requireOnline("a new PIN can be set") }
        lock.withLock { view.pin = changed }
        return changed
    }

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
                if let base = view.days[day] { return (body(base, unsent(on: day, besides: base)), revision) }
                if case .offline = connection, day >= view.counted.upperBound.advanced(by: -1) {
                    // Kept in memory, so the worker reads it when the server is back.
                    view.days[day] = []
                    return (body([], unsent(on: day, besides: [])), revision)
                }
                return (nil, revision)
            }
            if let known { return known }
            let fetched = try fromServer("the ticks of \(day)") { try $0.identifiedMarks(on: day) }
            let result = lock.withLock { () -> T? in
                guard revision == seen else { return nil }
                // Only recent days stay in memory (and are read again); an old one is read when asked.
                if view.counted.contains(day) { view.days[day] = fetched }
                return body(fetched, unsent(on: day, besides: fetched))
            }
            if let result { return result }
        }
        throw DatabaseError(.timedOut, "the ticks of \(day) kept changing while they were read; try again")
    }

    public func markJournalDays() throws -> [Day] {
        let days = try fromServer("the days with ticks") { try $0.markJournalDays() }
        return lock.withLock { Array(Set(days).union(outbox.entries.compactMap { if case .mark(_, let day, _) = $0 { day } else { nil } })).sorted() }
    }

    /// The summary is this kiosk's own cache, kept in its local directory.
    public func loadMarkSummary() throws -> MarkSummary? { try lock.withLock { local }?.loadMarkSummary() }

    public func saveMarkSummary(_ summary: MarkSummary) throws {
        guard let local = lock.withLock({ local }) else { throw DatabaseError(.readOnly, "this kiosk's store is closed; nothing was saved") }
        try local.saveMarkSummary(summary)
    }

    /// The database is backed up by its server; nothing here to copy.
    public func makeDailyBackup(on day: Day) throws {}

    // MARK: Internals

    /// A read of what is not in memory (an old day a screen asks for).
    /// Offline it fails at once rather than make the screen wait for a
    /// deadline; a read that finds the server gone puts the kiosk offline.
    private func fromServer<T>(_ what: String, _ read: (PostgresBoardStore) throws -> T) throws -> T {
        if case .offline(let since, _) = connectionState {
            throw DatabaseError(.unreachable, "offline since \(since.formatted(date: .omitted, time: .shortened)): \(what) cannot be read until the database is back")
        }
        do {
            return try read(try writer())
        } catch let error as DatabaseError {
            wentAway(error)
            throw error
        }
    }

    /// The server did not answer the screen's own call: offline at once (the
    /// worker reconnects), so the next call fails fast instead of waiting.
    private func wentAway(_ error: DatabaseError) {
        guard error.problem == .unreachable || error.problem == .timedOut else { return }
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
        let zone = lock.withLock { view.settings?.timeZone } ?? .current
        return DayCalendar(timeZone: zone).day(of: now())
    }

    /// The screen's own connection, opened again when it is needed.
    private func writer() throws -> PostgresBoardStore {
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
    private func requireOnline(_ what: String) throws {
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
            revision += 1
        }
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
