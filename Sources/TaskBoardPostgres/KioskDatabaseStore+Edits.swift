import Foundation
import TaskBoard

/// The edits that need the server (roster, settings, the PIN), made so that
/// the screen never waits on it: each goes through the screen's calls, and
/// one the server does not answer within `screenPatience` goes on in the
/// background, the screen told `SaveUnderway` now and a `LateAnswer` later.
extension KioskDatabaseStore {
    public func saveRoster(_ roster: Roster) throws {
        try requireOnline("the roster can be changed")
        let expected = lock.withLock { view.rosterVersion }
        try save(.roster, "saving the roster", { try $0.saveRoster(roster, over: expected) }) { store, version in
            // A newer roster read meanwhile (another kiosk saved after this one) stays.
            guard version > (store.view.rosterVersion ?? 0) else { return }
            store.view.roster = roster
            store.view.rosterVersion = version
        }
    }

    public func saveSettings(_ settings: Settings) throws {
        try requireOnline("the settings can be changed")
        try save(.settings, "saving the settings", { try $0.saveSettings(settings) }) { store, _ in store.view.settings = settings }
    }

    /// A new PIN needs the server; the count of wrong tries is kept here
    /// while it cannot be reached or is slow to answer (the staff can still
    /// log in to tick).
    public func savePin(_ pin: PinRecord) throws {
        let (online, current) = lock.withLock { (connection == .online, view.pin) }
        let onlyTheCount = pin.hash == current?.hash
        if online {
            do {
                try save(.pin, "saving the PIN", quiet: onlyTheCount, { try $0.savePin(pin) }) { store, _ in store.view.pin = pin }
                return
            } catch is SaveUnderway where onlyTheCount {
                // Kept here meanwhile; the late answer sets it again.
            } catch let error as DatabaseError where (error.isOutage || error.problem == .busy) && onlyTheCount {}
        } else if !onlyTheCount {
            try requireOnline("a new PIN can be set")
        }
        lock.withLock { view.pin = pin }
    }

    /// Online, on the server under its row lock: one count of tries for the
    /// house. A server slow to answer is not worked around: the try is
    /// refused, neither checked nor counted ("try again in a moment"), since
    /// a count kept here would be lost at the next re-read. Offline (also
    /// once a call finds the server gone), here, as `savePin` keeps it.
    public func updatePin(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord {
        if connectionState == .online, let counted = try updatePinOnServer(change) {
            return counted
        }
        let current = lock.withLock { view.pin }
        let changed = try change(current)
        if changed.hash != current?.hash { try requireOnline("a new PIN can be set") }
        lock.withLock { view.pin = changed }
        return changed
    }

    /// The server's transaction runs on the calls' thread; the record it
    /// read is handed over so `change` (the PIN rules) runs here, and the
    /// result goes back to be saved, all within one `patience`. Nil when the
    /// server turned out to be gone (the kiosk is offline now).
    private func updatePinOnServer(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord? {
        let exchange = PinExchange()
        let deadline = self.deadline
        let handoff = try calls.start("checking the PIN", { [weak self] in
            defer { exchange.end() }
            guard let self else { throw Self.closed }
            return try self.writer().updatePin { try exchange.offer($0, waitingAtMost: deadline) }
        }, late: { [weak self] result in self?.pinAnsweredLate(result) })
        let end = ContinuousClock.now + calls.patience
        func remaining() -> Duration { max(.milliseconds(1), end - .now) }
        let slow = DatabaseError(.busy, "PIN not checked: the database is slow; try again")
        var answer: Result<PinRecord, any Error>?
        switch exchange.awaitOffer(remaining()) {
        case .tooSlow:
            // The transaction rolls back when the record comes; nothing was counted.
            answer = handoff.wait(.zero)
        case .ended:
            answer = handoff.wait(remaining())
        case .offered(let loaded):
            let changed: PinRecord
            do {
                changed = try change(loaded)
            } catch {
                exchange.answer(.failure(error))
                _ = handoff.wait(remaining())
                throw error
            }
            exchange.answer(.success(changed))
            // Not answered in time: the try is counted (or not) on the server, and checked by nobody.
            answer = handoff.wait(remaining())
        }
        switch answer {
        case .success(let saved)?:
            lock.withLock { view.pin = saved }
            return saved
        case .failure(let error as DatabaseError)? where error.isOutage:
            wentAway(error)
            return nil
        case .failure(is CancellationError)?, nil:
            throw slow
        case .failure(let error)?:
            throw error
        }
    }

    private func pinAnsweredLate(_ result: Result<PinRecord, any Error>) {
        switch result {
        case .success:
            worker?.refreshAll() // what the server holds now, whatever came between
        case .failure(let error as DatabaseError): wentAway(error)
        case .failure: break // the screen stopped waiting and it was rolled back
        }
    }

    /// Sends an edit through the screen's calls; `apply` (called with the
    /// lock held) takes it into the view once the server has it.
    private func save<T: Sendable>(_ subject: SavedSubject, _ what: String, quiet: Bool = false,
                                   _ call: @escaping @Sendable (PostgresBoardStore) throws -> T,
                                   apply: @escaping @Sendable (KioskDatabaseStore, T) -> Void) throws {
        let answer: T?
        do {
            answer = try calls.run(what, { [weak self] in
                guard let self else { throw Self.closed }
                return try call(try self.writer())
            }, late: { [weak self] result in
                self?.savedLate(subject, result, quiet: quiet, apply: apply)
            })
        } catch let error as DatabaseError {
            failed(error)
            throw error
        }
        guard let answer else { throw SaveUnderway(subject) }
        lock.withLock { apply(self, answer) }
    }

    /// A save the screen stopped waiting for: taken in, and the screen told
    /// (it rebuilds with the change, since `generation` grows).
    private func savedLate<T>(_ subject: SavedSubject, _ result: Result<T, any Error>, quiet: Bool,
                              apply: (KioskDatabaseStore, T) -> Void) {
        switch result {
        case .success(let value):
            lock.withLock {
                apply(self, value)
                changes += 1
                if !quiet { answers.append(LateAnswer(subject)) }
            }
            // Another kiosk may have saved since: read what the server holds now.
            worker?.refreshAll()
        case .failure(let error):
            let database = error as? DatabaseError
            if let database { failed(database) }
            let outcome: LateAnswer.Outcome = database?.isOutage ?? true ? .unknown("\(error)") : .notSaved(database?.message ?? "\(error)")
            if !quiet { lock.withLock { answers.append(LateAnswer(subject, outcome)) } }
        }
    }

    private func failed(_ error: DatabaseError) {
        if error.problem == .conflict { worker?.refreshAll() }
        wentAway(error)
    }
}

/// Hands the PIN record read under the server's row lock to the screen's
/// thread, and the changed record back to be saved in the same transaction,
/// so the PIN rules run where the screen waits; a screen that stopped
/// waiting makes the transaction roll back.
final class PinExchange: @unchecked Sendable {
    enum Offer {
        case offered(PinRecord?)
        /// The call ended without reading the record (it failed).
        case ended
        /// Not read within the patience: given up on.
        case tooSlow
    }

    private let condition = NSCondition()
    private var offered: PinRecord??
    private var reply: Result<PinRecord, any Error>?
    private var ended = false
    private var abandoned = false

    /// The calls' thread, inside the transaction: offers the record read and
    /// waits for the screen's change of it.
    func offer(_ record: PinRecord?, waitingAtMost limit: Duration) throws -> PinRecord {
        condition.lock()
        defer { condition.unlock() }
        guard !abandoned else { throw CancellationError() }
        offered = .some(record)
        condition.broadcast()
        let end = Date(timeIntervalSinceNow: Double(limit.nanoseconds) / 1e9)
        while reply == nil, condition.wait(until: end) {}
        guard let reply else {
            abandoned = true
            throw CancellationError()
        }
        return try reply.get()
    }

    /// The calls' thread: the call is over (after an offer or without one).
    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// The screen's thread: the record, if it comes within `patience`.
    func awaitOffer(_ patience: Duration) -> Offer {
        condition.lock()
        defer { condition.unlock() }
        let end = Date(timeIntervalSinceNow: Double(patience.nanoseconds) / 1e9)
        while offered == nil, !ended, condition.wait(until: end) {}
        if let offered { return .offered(offered) }
        if ended { return .ended }
        abandoned = true
        return .tooSlow
    }

    /// The screen's thread, after an offer: the changed record, or why not.
    func answer(_ result: Result<PinRecord, any Error>) {
        condition.lock()
        reply = result
        condition.broadcast()
        condition.unlock()
    }
}
