import Foundation
import TaskBoard
import TaskBoardStorage

/// The thread that talks to the database for a kiosk, so the screen never
/// does: it sends the outbox in order, listens for other kiosks' changes and
/// re-reads what they touched, re-reads everything on each reconnect and
/// every `pollInterval` (a safety net for a lost notification), and tries
/// again after a failure, waiting a little longer each time (up to 10 s).
final class SyncWorker: @unchecked Sendable {
    static let pollInterval: TimeInterval = 30

    private let login: DatabaseLogin
    private let deadline: Duration
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var stopped = false
    private var nudged = false
    private var heard: [String] = []
    private var listenerLost: String?
    private var refreshEverything = false

    init(login: DatabaseLogin, deadline: Duration) {
        self.login = login
        self.deadline = deadline
    }

    /// The store is held only during a turn, so that dropping it ends the worker.
    private weak var store: KioskDatabaseStore?

    func start(for store: KioskDatabaseStore) {
        self.store = store
        let thread = Thread { [self] in run() }
        thread.name = "taskboard database"
        thread.start()
    }

    func stop() { signal { $0.stopped = true } }

    /// Stops, and waits (a little longer than one call's deadline at most)
    /// for the turn under way to end.
    func stopAndWait() {
        stop()
        // A turn makes a handful of calls, each within the deadline.
        let (seconds, _) = deadline.components
        _ = finished.wait(timeout: .now() + .seconds(Int(seconds) * 8 + 1))
    }

    private let finished = DispatchSemaphore(value: 0)

    /// There is something new in the outbox.
    func wake() { signal { $0.nudged = true } }

    /// Re-read everything (after a refused roster save, say).
    func refreshAll() { signal { $0.refreshEverything = true } }

    /// The screen's own connection failed: go offline and reconnect.
    func connectionLost(_ reason: String) { signal { $0.listenerLost = reason } }

    private func signal(_ change: (SyncWorker) -> Void) {
        condition.lock()
        change(self)
        condition.signal()
        condition.unlock()
    }

    // MARK: The loop

    // The connections and the count of failures in a row, kept between turns (only the worker's thread uses them).
    private var reader: PostgresBoardStore?
    private var listener: ChangeListener?
    private var failures = 0
    private var lastFullRead = Date()

    private func run() {
        while true {
            // What happened since the last turn.
            condition.lock()
            if stopped { condition.unlock(); break }
            let payloads = heard
            heard = []
            let lost = listenerLost
            listenerLost = nil
            let everything = refreshEverything
            refreshEverything = false
            nudged = false
            condition.unlock()

            // The store is held for the turn only, not while waiting.
            if let store { turn(for: store, payloads: payloads, lost: lost, everything: everything) } else { break }
            // Wait for work, a notification, the poll, or (after a failure) the next try.
            let wait = failures == 0 ? Self.pollInterval : min(10, pow(2, Double(min(failures, 4)) - 1))
            condition.lock()
            let until = Date(timeIntervalSinceNow: wait)
            while !stopped && !nudged && heard.isEmpty && listenerLost == nil && !refreshEverything {
                if !condition.wait(until: until) { break }
            }
            condition.unlock()
        }
        listener?.stop()
        reader?.close()
        finished.signal()
    }

    /// One round: reconnect if needed, send the outbox, read what changed.
    private func turn(for store: KioskDatabaseStore, payloads: [String], lost: String?, everything asked: Bool) {
        var everything = asked
        do {
            if let lost {
                listener?.stop()
                listener = nil
                throw DatabaseError(.unreachable, lost)
            }
            if listener == nil {
                // Listen first, then read: nothing committed in between is missed.
                if reader == nil { reader = try login.open(deadline: deadline) }
                listener = try ChangeListener(address: login.address, password: login.password, deadline: deadline,
                                              heard: { [weak self] payload in self?.signal { $0.heard.append(payload) } },
                                              lost: { [weak self] error in
                                                  let reason = (error as? DatabaseError)?.message ?? "the connection to the database was lost"
                                                  self?.signal { $0.listenerLost = reason }
                                              })
                everything = true
            }
            guard let reader else { return }
            try send(store.waiting(), with: reader, to: store)
            if everything || Date().timeIntervalSince(lastFullRead) >= Self.pollInterval {
                try readEverything(with: reader, into: store)
                lastFullRead = Date()
            } else if !payloads.isEmpty {
                try readChanges(payloads, with: reader, into: store)
            }
            store.setConnection(.online)
            failures = 0
        } catch {
            listener?.stop()
            listener = nil
            reader?.close()
            reader = nil
            let reason = (error as? DatabaseError)?.message ?? "\(error)"
            store.setConnection(.offline(since: store.clockNow, reason: reason))
            failures += 1
        }
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

    /// Reads back the days the sent entries touched and drops them from the outbox.
    private func confirm(_ entries: [OutboxEntry], touched: Set<Day>, with reader: PostgresBoardStore, to store: KioskDatabaseStore) throws {
        var fresh: [Day: [IdentifiedMark]] = [:]
        var counts: [Day: Int] = [:]
        let read = Set(store.daysRead())
        for day in touched {
            if read.contains(day) {
                let events = try reader.identifiedMarks(on: day)
                fresh[day] = events
                counts[day] = events.count
            } else {
                counts[day] = try reader.markJournalLength(on: day)
            }
        }
        if entries.contains(where: { if case .away = $0 { true } else { false } }) {
            let attendance = try reader.loadAttendance()
            store.update { $0.attendance = attendance }
        }
        try store.confirmed(Set(entries.map(\.id)), days: fresh, counts: counts)
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
            current.counts = view.counts
            for (day, events) in view.days { current.days[day] = events }
        }
        store.saveSnapshot()
    }

    private func readChanges(_ payloads: [String], with reader: PostgresBoardStore, into store: KioskDatabaseStore) throws {
        let read = Set(store.daysRead())
        for payload in Set(payloads) {
            switch payload {
            case "roster":
                let roster = try reader.loadVersionedRoster()
                store.update {
                    $0.roster = roster?.roster
                    $0.rosterVersion = roster?.version
                }
            case "settings":
                let settings = try reader.loadSettings()
                store.update { $0.settings = settings }
            case "pin":
                let pin = try reader.loadPin()
                store.update { $0.pin = pin }
            case "attendance":
                let attendance = try reader.loadAttendance()
                store.update { $0.attendance = attendance }
            default:
                guard payload.hasPrefix("marks "), let day = Day(payload.dropFirst(6)) else { continue }
                if read.contains(day) {
                    let events = try reader.identifiedMarks(on: day)
                    store.update {
                        $0.days[day] = events
                        $0.counts[day] = events.count
                    }
                } else {
                    let count = try reader.markJournalLength(on: day)
                    store.update { $0.counts[day] = count }
                }
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
