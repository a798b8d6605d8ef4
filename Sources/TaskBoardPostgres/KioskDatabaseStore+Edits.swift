import Foundation
import TaskBoard

/// The edits that need the server (roster, settings, the PIN), made so that
/// the screen never waits on it: each goes through the screen's calls, and
/// one the server does not answer within `screenPatience` goes on in the
/// background, the screen told `SaveUnderway` now and a `LateAnswer` later.
extension KioskDatabaseStore {
    public func saveRoster(_ roster: Roster) throws {
        try requireOnline("the roster can be changed")
        let expected = state.withLock { $0.view.rosterVersion }
        try save(.roster, "saving the roster", { try $0.saveRoster(roster, over: expected) }) { state, version in
            // A newer roster read meanwhile (another kiosk saved after this one) stays.
            guard version > (state.view.rosterVersion ?? 0) else { return }
            state.view.roster = roster
            state.view.rosterVersion = version
        }
    }

    public func saveSettings(_ settings: Settings) throws {
        try requireOnline("the settings can be changed")
        try save(.settings, "saving the settings", { try $0.saveSettings(settings) }) { state, _ in state.view.settings = settings }
    }

    /// A new PIN needs the server; the count of wrong tries is kept here
    /// while it cannot be reached or is slow to answer (the staff can still
    /// log in to tick).
    public func savePin(_ pin: PinRecord) throws {
        let (online, current) = state.withLock { ($0.connection == .online, $0.view.pin) }
        let onlyTheCount = pin.hash == current?.hash
        if online {
            do {
                try save(.pin, "saving the PIN", quiet: onlyTheCount, { try $0.savePin(pin) }) { state, _ in state.view.pin = pin }
                return
            } catch is SaveUnderway where onlyTheCount {
                // Kept here meanwhile; the late answer sets it again.
            } catch let error as DatabaseError where (error.isOutage || error.problem == .busy) && onlyTheCount {}
        } else if !onlyTheCount {
            try requireOnline("a new PIN can be set")
        }
        state.withLock { $0.view.pin = pin }
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
        let current = state.withLock { $0.view.pin }
        let changed = try change(current)
        if changed.hash != current?.hash { try requireOnline("a new PIN can be set") }
        state.withLock { $0.view.pin = changed }
        return changed
    }

    /// The server's transaction runs on the calls' thread; the record it
    /// read is handed over so `change` (the PIN rules) runs here, and the
    /// result goes back to be saved, all within one `patience`. Nil when the
    /// server turned out to be gone (the kiosk is offline now).
    private func updatePinOnServer(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord? {
        let exchange = PinExchange()
        let deadline = self.deadline
        let term = self.term
        let handoff = try calls.start("checking the PIN", { [weak self] in
            defer { exchange.end() }
            guard let self else { throw Self.closed }
            return try self.writer().updatePin { try exchange.offer($0, waitingAtMost: deadline) }
        }, late: { [weak self] result in self?.pinAnsweredLate(result, during: term) })
        let end = ContinuousClock.now + calls.patience
        func remaining() -> Duration { max(.milliseconds(1), end - .now) }
        let slow = DatabaseError(.busy, "PIN not checked: the database is slow; try again")
        var answer: Result<PinRecord, any Error>?
        switch exchange.record.wait(for: remaining()) {
        case nil:
            // Too slow: the transaction rolls back when the record comes; nothing was counted.
            answer = handoff.wait(.zero)
        case .ended?:
            answer = handoff.wait(remaining())
        case .read(let loaded)?:
            let changed: PinRecord
            do {
                changed = try change(loaded)
            } catch {
                exchange.changed.deliver(.failure(error))
                _ = handoff.wait(remaining())
                throw error
            }
            exchange.changed.deliver(.success(changed))
            // Not answered in time: the try is counted (or not) on the server, and checked by nobody.
            answer = handoff.wait(remaining())
        }
        switch answer {
        case .success(let saved)?:
            state.withLock { $0.view.pin = saved }
            return saved
        case .failure(let error as DatabaseError)? where error.isOutage:
            wentAway(error, during: term)
            return nil
        case .failure(is CancellationError)?, nil:
            throw slow
        case .failure(let error)?:
            throw error
        }
    }

    private func pinAnsweredLate(_ result: Result<PinRecord, any Error>, during term: Int) {
        switch result {
        case .success:
            worker.refreshAll() // what the server holds now, whatever came between
        case .failure(let error as DatabaseError): wentAway(error, during: term)
        case .failure: break // the screen stopped waiting and it was rolled back
        }
    }

    /// Sends an edit through the screen's calls; `apply` takes it into the
    /// view once the server has it.
    private func save<T: Sendable>(_ subject: SavedSubject, _ what: String, quiet: Bool = false,
                                   _ call: @escaping @Sendable (PostgresBoardStore) throws -> T,
                                   apply: @escaping @Sendable (inout State, T) -> Void) throws {
        let answer: T?
        let term = self.term
        do {
            answer = try calls.run(what, { [weak self] in
                guard let self else { throw Self.closed }
                return try call(try self.writer())
            }, late: { [weak self] result in
                self?.savedLate(subject, result, quiet: quiet, during: term, apply: apply)
            })
        } catch let error as DatabaseError where error.mayBeSaved {
            // Its COMMIT went unanswered: never "not saved". The screen says
            // it shows the change if it was saved, and reads the server again.
            failed(error, during: term)
            if !quiet {
                state.withLock { $0.answers.append(LateAnswer(subject, .unknown(error.description))) }
                changeSignal.signal()
            }
            worker.refreshAll()
            throw SaveUnderway(subject)
        } catch let error as DatabaseError {
            failed(error, during: term)
            throw error
        }
        guard let answer else { throw SaveUnderway(subject) }
        state.withLock { apply(&$0, answer) }
    }

    /// A save the screen stopped waiting for: taken in, and the screen told
    /// (it reads the change again: `takeChanges`).
    private func savedLate<T: Sendable>(_ subject: SavedSubject, _ result: Result<T, any Error>, quiet: Bool, during term: Int,
                                        apply: (inout State, T) -> Void) {
        switch result {
        case .success(let value):
            state.withLock { state in
                let before = state.view
                apply(&state, value)
                state.news.formUnion(state.view.changes(since: before))
                if !quiet { state.answers.append(LateAnswer(subject)) }
            }
            changeSignal.signal()
            // Another kiosk may have saved since: read what the server holds now.
            worker.refreshAll()
        case .failure(let error):
            let database = error as? DatabaseError
            if let database { failed(database, during: term) }
            let said = database?.message ?? DatabaseError.words(for: error)
            // Unknown only where the COMMIT went unanswered (or the error is not the database's).
            let outcome: LateAnswer.Outcome = database?.mayBeSaved ?? true ? .unknown(database.map(\.description) ?? said) : .notSaved(said)
            if !quiet {
                state.withLock { $0.answers.append(LateAnswer(subject, outcome)) }
                changeSignal.signal()
            }
        }
    }

    private func failed(_ error: DatabaseError, during term: Int) {
        if error.problem == .conflict { worker.refreshAll() }
        wentAway(error, during: term)
    }
}

/// Hands the PIN record read under the server's row lock to the screen's
/// thread, and the changed record back to be saved in the same transaction,
/// so the PIN rules run where the screen waits; a screen that stopped
/// waiting makes the transaction roll back.
struct PinExchange: Sendable {
    enum Record: Sendable {
        case read(PinRecord?)
        /// The call ended without reading the record (it failed).
        case ended
    }

    /// From the calls' thread to the screen's.
    let record = OneShot<Record>()
    /// From the screen's thread back: the changed record, or why not.
    let changed = OneShot<Result<PinRecord, any Error>>()

    /// The calls' thread, inside the transaction: offers the record read and
    /// waits for the screen's change of it.
    func offer(_ read: PinRecord?, waitingAtMost limit: Duration) throws -> PinRecord {
        guard record.deliver(.read(read)), let reply = changed.wait(for: limit) else { throw CancellationError() }
        return try reply.get()
    }

    /// The calls' thread: the call is over (after an offer or without one).
    func end() { record.deliver(.ended) }
}
