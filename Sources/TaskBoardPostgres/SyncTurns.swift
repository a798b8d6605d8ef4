import Foundation
import TaskBoard
import TaskBoardStorage

/// What the database worker does in one turn, with the connection it keeps
/// between turns: reconnect if needed, send the outbox, read what changed.
/// It learns of other kiosks' changes as the login's `ChangeFeed` says, on
/// that same connection (listening, or reading the counters), so a kiosk
/// holds two of the server's connections (this one and the screen's own),
/// and neither waits for the other: a tick is sent while an edit waits on
/// a server that hangs. Only the worker's thread has it.
struct SyncTurns {
    let login: DatabaseLogin
    let deadline: Duration
    /// Where the listener's notifications go, and its loss.
    let heard: @Sendable (String) -> Void
    let lost: @Sendable (String) -> Void

    private var reader: PostgresBoardStore?
    private var listener: ChangeListener?
    /// With `ChangeFeed.counters`: the counters as last read (nil: not yet on this connection).
    private var counters: [String: Int64]?
    /// Failures in a row: the worker waits longer after each.
    private(set) var failures = 0
    /// The first day kept this kiosk last asked the server to remove to.
    private var asked: Day?
    /// The kiosk's own login was revoked (at the last try): the worker
    /// tries again rarely, and only when that time has come.
    private(set) var removed = false
    /// How long the worker waits for work between turns, when all is well:
    /// a listening kiosk is woken by what it hears; a counting one looks again.
    var idleWait: TimeInterval {
        if case .counters(let every) = login.changeFeed { every } else { SyncWorker.pollInterval }
    }
    private var lastFullRead = Date()
    /// This run of the kiosk, for its reports (`KioskReport`).
    private let run = UUID()
    private let startedAt = Date()
    /// What the last report said, and when: the next one goes when that
    /// changes, or when it is `KioskStatus.reportInterval` old.
    private var lastReport: (waiting: Int, offlineSince: Date?, at: Date)?

    init(login: DatabaseLogin, deadline: Duration, heard: @escaping @Sendable (String) -> Void,
         lost: @escaping @Sendable (String) -> Void) {
        self.login = login
        self.deadline = deadline
        self.heard = heard
        self.lost = lost
    }

    /// Stops listening and closes the connection (the worker stops, or it failed).
    mutating func end() {
        listener?.stop()
        listener = nil
        counters = nil
        reader?.close()
        reader = nil
    }

    /// One turn: reconnect if needed, send the outbox, read what changed.
    mutating func turn(for store: KioskDatabaseStore, payloads told: [String], lost: String?, everything asked: Bool) {
        var everything = asked
        var payloads = told
        do {
            if let lost {
                listener?.stop()
                listener = nil
                throw DatabaseError(.unreachable, lost)
            }
            let reader = try self.reader ?? login.open(deadline: deadline, role: login.changeFeed == .notifications ? "listening" : "counting")
            // Logged in: not removed (said before anything read is saved again).
            if self.reader == nil { store.loggedIn() }
            self.reader = reader
            if case .counters = login.changeFeed {
                // The counters before what they count: a change committed in between is read again next time, not missed.
                let now = try reader.changeCounters()
                if let known = counters {
                    payloads += now.filter { known[$0.key] != $0.value }.map(\.key)
                } else {
                    everything = true
                }
                counters = now
            } else if listener == nil {
                // Listen first, then read: nothing committed in between is missed.
                let lost = self.lost
                let address = login.address
                listener = try ChangeListener(on: try reader.connectionToListenOn(), address: address, deadline: deadline, heard: heard,
                                              lost: { error in lost(DatabaseError.from(error, doing: "listening for changes", at: address).message) })
                everything = true
            }
            if case .offline(let since, _, _) = store.connectionState {
                // Back from an offline spell: said before what was kept meanwhile is sent (which may fail again).
                try report(waiting: store.waiting().count, offlineSince: since, with: reader)
            }
            try send(store.waiting(), with: reader, to: store)
            let changes = Set(payloads.compactMap(StoreChange.init(words:)))
            let readAll = everything || Date().timeIntervalSince(lastFullRead) >= SyncWorker.pollInterval
            if readAll {
                try readEverything(with: reader, into: store)
                lastFullRead = Date()
                // The full read leaves older days (a history screen's) as they were: what was heard of them is read too.
                let recent = KioskDatabaseStore.recentDays(around: store.today)
                let older = changes.filter { if case .marks(let day) = $0 { !recent.contains(day) } else { false } }
                if !older.isEmpty { try readChanges(older, with: reader, into: store) }
            } else if !changes.isEmpty {
                try readChanges(changes, with: reader, into: store)
            }
            // With the settings as just read: the days they no longer keep go, and what is left is read.
            if try removeHistoryIfDue(with: reader, for: store) { try readEverything(with: reader, into: store) }
            if try report(waiting: store.waiting().count, offlineSince: nil, with: reader) || readAll {
                // The list Settings shows, with this kiosk's report in it (not worth going offline for).
                do { store.keep(try reader.kioskRoll()) } catch let error as DatabaseError where !error.isOutage {}
            }
            store.setConnection(.online)
            failures = 0
            removed = false
        } catch {
            end()
            let reason = DatabaseError.words(for: error)
            let refusal = store.offlineRefusal(after: error as? DatabaseError)
            store.setConnection(.offline(since: store.clockNow, reason: reason, refusal: refusal))
            removed = refusal == .removed
            failures += 1
        }
    }

    /// Reports this kiosk (`taskboard rooms`) if the report changed or is
    /// due, and says whether it did. One the server refuses for a reason
    /// other than an outage (a role that may not write it) is no reason to
    /// go offline.
    @discardableResult
    private mutating func report(waiting: Int, offlineSince: Date?, with reader: PostgresBoardStore) throws -> Bool {
        let now = Date()
        if let last = lastReport, last.waiting == waiting, last.offlineSince == offlineSince,
           now.timeIntervalSince(last.at) < KioskStatus.reportInterval { return false }
        do {
            try reader.report(KioskReport(name: login.kioskName, run: run, waiting: waiting, offlineSince: offlineSince, startedAt: startedAt))
        } catch let error as DatabaseError where !error.isOutage {}
        lastReport = (waiting, offlineSince, now)
        return true
    }

    /// The kiosk stops: says so, if the server is there to hear it.
    mutating func stopping(_ store: KioskDatabaseStore) {
        guard failures == 0, listener != nil || counters != nil, store.connectionState == .online, let reader else { return }
        try? reader.report(KioskReport(name: login.kioskName, run: run, waiting: store.waiting().count, offlineSince: nil,
                                       startedAt: startedAt, stopping: true))
    }

    /// Sends the outbox in order: each run of marks on one day is one
    /// statement, absences one more; the days touched are read back.
    private func send(_ entries: [OutboxEntry], with reader: PostgresBoardStore, to store: KioskDatabaseStore) throws {
        guard !entries.isEmpty else { return }
        var touched: Set<Day> = []
        var sent: [OutboxEntry] = []
        for batch in Batch.split(entries) {
            do {
                switch batch {
                case .marks(let day, let marks):
                    try reader.appendMarks(marks, on: day)
                    touched.insert(day)
                case .absences(let changes, _):
                    try reader.setAway(changes)
                }
            } catch {
                // What went before is in: confirmed now, so it is not sent again.
                if !sent.isEmpty { try? confirm(sent, touched: touched, with: reader, to: store) }
                throw error
            }
            sent += batch.entries
        }
        try confirm(sent, touched: touched, with: reader, to: store)
    }

    /// Reads back the days the sent entries touched and drops from the
    /// outbox what is proven on the server: a tick whose id the server
    /// holds (read back with its day, or looked up), an absence whose
    /// COMMIT was answered, a tick of a child forgotten meanwhile (answered
    /// and never taken in), a tick of a day removed meanwhile (the same). A
    /// tick not found stays, and is sent again.
    private func confirm(_ entries: [OutboxEntry], touched: Set<Day>, with reader: PostgresBoardStore, to store: KioskDatabaseStore) throws {
        var fresh: [Day: [IdentifiedMark]] = [:]
        var counts: [Day: Int] = [:]
        var held: Set<UUID> = []
        let read = Set(store.daysRead())
        for day in touched {
            if read.contains(day) {
                let events = try reader.identifiedMarks(on: day)
                fresh[day] = events
                counts[day] = events.count
                held.formUnion(events.map(\.id))
            } else {
                counts[day] = try reader.markJournalLength(on: day)
            }
        }
        let unread = entries.compactMap { entry -> UUID? in
            if case .mark(let id, let day, _) = entry, !read.contains(day) { id } else { nil }
        }
        held.formUnion(try reader.committedIDs(among: unread))
        if entries.contains(where: { if case .away = $0 { true } else { false } }) {
            let attendance = try reader.loadAttendance()
            store.update { $0.attendance = attendance }
        }
        // Asked only where a tick was not found (rare): every other send costs no more.
        let unheld = entries.contains { if case .mark(let id, _, _) = $0 { !held.contains(id) } else { false } }
        let forgotten = unheld ? try reader.forgottenChildren() : ForgottenChildren()
        // And a tick of a day the server no longer keeps (answered, and never taken in either).
        let kept = unheld ? try reader.historyRemoved().firstDayKept : nil
        let proven = entries.filter { entry in
            if case .mark(let id, let day, let event) = entry {
                held.contains(id) || forgotten.contains(event.child) || kept.map { day < $0 } == true
            } else { true }
        }
        try store.confirmed(Set(proven.map(\.id)), days: fresh, counts: counts)
    }

    /// The days the settings no longer keep go from the server (issue 43),
    /// by whichever kiosk sees it first; the others learn of it with their
    /// next full read. Not where every day with ticks would go (a clock
    /// far ahead): said in the kiosk's log, once.
    private mutating func removeHistoryIfDue(with reader: PostgresBoardStore, for store: KioskDatabaseStore) throws -> Bool {
        // Asked once a day (the server may reckon the first day kept a day apart, near midnight or months' ends).
        guard let (first, known) = store.historyRemovalDue(), asked != first else { return false }
        asked = first
        do {
            switch try reader.removeHistory(before: first) {
            case .removed(let removed, let days):
                if days > 0 {
                    store.note("ticks and absences before \(removed) removed from the database (Settings keeps them so long): \(days) days of ticks")
                }
                return true
            case .clockAhead:
                store.note("no ticks or absences removed: every day with ticks is before \(first), the first day kept "
                           + "(the first day kept so far: \(known.map(\.description) ?? "none")); is the clock right?")
            case .keptForever:
                break
            }
        } catch let error as DatabaseError where !error.isOutage {
            // Not worth going offline for: said in the log, tried again tomorrow (or at the next start).
            store.note("the days before \(first) could not be removed from the database (\(error.message)); tried again at the next day's change")
        }
        return false
    }

    private func readEverything(with reader: PostgresBoardStore, into store: KioskDatabaseStore) throws {
        // The recent days move with the clock (a kiosk runs for weeks); older days read for a screen stay as they were.
        let recent = KioskDatabaseStore.recentDays(around: store.today)
        let view = try KioskDatabaseStore.read(from: reader, counted: recent, days: store.daysRead().filter { recent.contains($0) })
        store.update { current in
            current.counted = recent
            current.roster = view.roster
            current.rosterVersion = view.rosterVersion
            current.settings = view.settings
            current.pin = view.pin
            current.attendance = view.attendance
            current.ownLogin = view.ownLogin
            current.history = view.history
            current.counts = view.counts
            for (day, events) in view.days { current.days[day] = events }
        }
        store.saveSnapshot()
        try refreshVoices(with: reader, into: store)
    }

    /// The recordings' copy brought up to date; a problem with it (a full
    /// disk, a file refused) is logged, and the copy plays as it is: not worth going offline for.
    private func refreshVoices(with reader: PostgresBoardStore, into store: KioskDatabaseStore) throws {
        do {
            try VoiceCache.refresh(from: reader, into: store.localDirectory)
        } catch let error as DatabaseError where error.isOutage {
            throw error
        } catch {
            store.note("the recordings could not be brought up to date (\(error)); read aloud plays the copy it has")
        }
    }

    private func readChanges(_ changes: Set<StoreChange>, with reader: PostgresBoardStore, into store: KioskDatabaseStore) throws {
        let read = Set(store.daysRead())
        for change in changes {
            switch change {
            case .roster:
                let roster = try reader.loadVersionedRoster()
                store.update {
                    $0.roster = roster?.roster
                    $0.rosterVersion = roster?.version
                }
            case .settings:
                let settings = try reader.loadSettings()
                store.update { $0.settings = settings }
            case .pin:
                let pin = try reader.loadPin()
                store.update { $0.pin = pin }
            case .attendance:
                let attendance = try reader.loadAttendance()
                store.update { $0.attendance = attendance }
            case .voices:
                try refreshVoices(with: reader, into: store)
            case .history:
                let history = try reader.historyRemoved()
                let attendance = try reader.loadAttendance()
                store.update {
                    $0.history = history
                    $0.attendance = attendance
                }
            case .marks(let day) where read.contains(day):
                let events = try reader.identifiedMarks(on: day)
                store.update {
                    $0.days[day] = events
                    $0.counts[day] = events.count
                }
            case .marks(let day):
                let count = try reader.markJournalLength(on: day)
                store.update { $0.counts[day] = count }
            }
        }
    }
}

/// A run of outbox entries that goes to the server as one statement.
private enum Batch {
    case marks(Day, [(id: UUID, event: MarkEvent)])
    case absences([(day: Day, child: ChildID, away: Bool)], ids: [UUID])

    var entries: [OutboxEntry] {
        switch self {
        case .marks(let day, let marks): marks.map { .mark(id: $0.id, day: day, event: $0.event) }
        case .absences(let changes, let ids): zip(changes, ids).map { .away(id: $1, day: $0.day, child: $0.child, away: $0.away) }
        }
    }

    /// The entries in order, consecutive marks of one day together, consecutive absences together.
    static func split(_ entries: [OutboxEntry]) -> [Batch] {
        var batches: [Batch] = []
        for entry in entries {
            switch (entry, batches.last) {
            case (.mark(let id, let day, let event), .marks(let last, var marks)?) where last == day:
                marks.append((id, event))
                batches[batches.count - 1] = .marks(day, marks)
            case (.mark(let id, let day, let event), _):
                batches.append(.marks(day, [(id, event)]))
            case (.away(let id, let day, let child, let away), .absences(var changes, var ids)?):
                changes.append((day, child, away))
                ids.append(id)
                batches[batches.count - 1] = .absences(changes, ids: ids)
            case (.away(let id, let day, let child, let away), _):
                batches.append(.absences([(day, child, away)], ids: [id]))
            }
        }
        return batches
    }
}
