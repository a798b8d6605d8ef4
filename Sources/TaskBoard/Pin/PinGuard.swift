import Foundation

/// What the PIN entry can tell the screen before anything is typed.
public enum PinStatus: Equatable, Sendable {
    /// No PIN yet: the first start asks for a new one.
    case notSet
    case ready(triesLeft: Int)
    case locked(until: Date, remaining: TimeInterval)
}

/// The answer to one typed PIN.
public enum LoginOutcome: Equatable, Sendable {
    case success
    case wrong(triesLeft: Int)
    /// Locked: either it already was (the PIN was not checked and the try was
    /// not counted) or this wrong PIN used the last try.
    case locked(until: Date)
}

/// The admin PIN's rules over a `BoardStore`: set it once, check it with a
/// limited number of tries, lock it for a growing time after too many wrong
/// ones, change it with the current PIN, reset it from the command line.
///
/// Every try is on disk as a failure before the slow hash check starts, so
/// killing the program during a check gives no free guesses. A check cut
/// short that way (most often a power cut while the right PIN was checked) is
/// forgiven at the next check, up to `forgivenInterruptions` times between
/// correct PINs, so the staff do not find a try gone or a lockout they never
/// earned; the lockout itself is written only after a check came out wrong.
/// The record is read again from the store before every check, so the guard
/// never works from a copy older than what is on disk.
///
/// Not thread-safe: the kiosk and the command line use it from one thread.
/// `attempt` and `change` take as long as one hash (a fraction of a second).
public final class PinGuard {
    /// Wrong PINs in a row before a lockout.
    public static let triesBeforeLockout = 5
    /// How long the 1st, 2nd, 3rd and 4th lockout in a row last; the 5th and
    /// later last as long as the last one here.
    public static let lockoutDurations: [TimeInterval] = [60, 5 * 60, 15 * 60, 60 * 60]
    /// Checks cut short by the program's death that are not held against the
    /// staff, between two correct PINs. More than that is someone killing the
    /// kiosk to guess: those count as wrong tries.
    public static let forgivenInterruptions = 2

    private let store: BoardStore
    private let clock: WallClock
    private let hasher: PinHasher
    /// The record as last read or written (settled to the clock by `status`).
    private var record: PinRecord

    /// Reads the PIN record; throws when it exists but cannot be read, which
    /// is never taken as "no PIN".
    public init(store: BoardStore, clock: WallClock = SystemClock(), hasher: PinHasher = PinHasher()) throws {
        self.store = store
        self.clock = clock
        self.hasher = hasher
        record = try store.loadPin() ?? PinRecord()
    }

    public var isSet: Bool { record.hash != nil }

    /// Reads the record again: another kiosk on a shared store changed it.
    func reread() throws {
        record = try store.loadPin() ?? PinRecord()
    }

    public func status() -> PinStatus {
        guard record.hash != nil else { return .notSet }
        let now = clock.now()
        // Only in memory: the next check settles the stored record and saves it.
        record = Self.settled(record, at: now, shared: store.sharesPin)
        if let until = record.lockedUntil {
            return .locked(until: until, remaining: until.timeIntervalSince(now))
        }
        return .ready(triesLeft: Self.triesLeft(record))
    }

    /// Sets the first PIN. Refused when one is set: that needs `change`
    /// (with the current PIN) or `reset` (from the command line).
    public func setInitialPin(_ pin: String, confirmation: String) throws {
        record = try store.loadPin() ?? PinRecord()
        guard record.hash == nil else { throw TaskBoardError.pinAlreadySet }
        try PinPolicy.validate(pin, confirmation: confirmation)
        try save(PinRecord(hash: try hasher.hash(pin)))
    }

    /// Checks a typed PIN. While locked it answers `.locked` without checking
    /// or counting. Throws `pinNotSet` when there is no PIN, `PinHashError`
    /// when the stored hash cannot be checked, and the store's errors.
    public func attempt(_ pin: String) throws -> LoginOutcome {
        let outcome = try countedCheck(pin)
        guard outcome == .success, let stored = record.hash else { return outcome }
        let cleared = Self.cleared(record)
        // Made with other parameters (an older default): replace it now that
        // the PIN is known. A failure here must not stop the login (a store
        // that cannot take a new hash now, such as a database out of reach,
        // still counts the login).
        if hasher.needsRehash(stored), let fresh = try? hasher.hash(pin) {
            var rehashed = cleared
            rehashed.hash = fresh
            if (try? save(rehashed)) != nil { return .success }
        }
        try save(cleared)
        return .success
    }

    /// Changes the PIN. A wrong current PIN counts exactly like a wrong
    /// `attempt` and throws `wrongPin` (or `pinLocked` when it used the last
    /// try); while locked it throws `pinLocked` without checking. The new PIN
    /// is validated first, so a typo in it costs no try.
    public func change(current: String, to new: String, confirmation: String) throws {
        try PinPolicy.validate(new, confirmation: confirmation)
        switch try countedCheck(current) {
        case .success: break
        case .wrong: throw TaskBoardError.wrongPin
        case .locked(let until): throw TaskBoardError.pinLocked(until: until)
        }
        try save(PinRecord(hash: try hasher.hash(new)))
    }

    /// For a forgotten PIN (the command line, run by whoever can read the
    /// data): sets a new PIN whether or not one was set or locked, and clears
    /// the failures and lockouts. Writes the PIN record and nothing else.
    public func reset(to new: String, confirmation: String) throws {
        try PinPolicy.validate(new, confirmation: confirmation)
        try save(PinRecord(hash: try hasher.hash(new)))
    }

    // MARK: Rules

    /// How long the nth lockout in a row lasts (n from 1).
    public static func lockoutDuration(forLockout number: Int) -> TimeInterval {
        lockoutDurations[min(max(number, 1), lockoutDurations.count) - 1]
    }

    /// The record as it stands at `now`: a lockout that has ended is cleared
    /// (with fresh tries); a lockout that started "in the future" because the
    /// clock moved backwards restarts from now with the same duration, so it
    /// never ends early; too many failures without a lockout get one.
    ///
    /// Where several kiosks share the record (`BoardStore.sharesPin`), a
    /// check in progress may be another kiosk's, under way: it is neither
    /// forgiven nor cleared (its kiosk clears it with the answer), so a check
    /// cut short there costs that one try.
    static func settled(_ record: PinRecord, at now: Date, shared: Bool = false) -> PinRecord {
        var settled = record
        settled.failedAttempts = max(0, settled.failedAttempts)
        settled.lockouts = max(0, settled.lockouts)
        settled.interruptedChecks = max(0, settled.interruptedChecks)
        settled.checksInProgress = max(0, settled.checksInProgress)
        if shared {
            // Counted already; only its kiosk's answer takes it out.
        } else if settled.checksInProgress > 0 {
            // The program died during these checks: their answer is unknown.
            let forgiven = min(settled.checksInProgress, max(0, forgivenInterruptions - settled.interruptedChecks))
            settled.failedAttempts = max(0, settled.failedAttempts - forgiven)
            settled.interruptedChecks += forgiven
            settled.checksInProgress = 0
        }
        if let until = settled.lockedUntil {
            if let start = settled.lockedAt, now >= start {
                // Never longer than the ladder allows, even in a damaged record.
                let end = min(until, start + lockDuration(of: settled))
                if now >= end {
                    settled.lockedAt = nil
                    settled.lockedUntil = nil
                    settled.failedAttempts = 0
                } else {
                    settled.lockedUntil = end
                }
            } else {
                let duration = lockDuration(of: settled)
                settled.lockedAt = now
                settled.lockedUntil = now + duration
            }
        } else if settled.failedAttempts >= triesBeforeLockout {
            lock(&settled, at: now)
        }
        return settled
    }

    private static func lockDuration(of record: PinRecord) -> TimeInterval {
        if let start = record.lockedAt, let until = record.lockedUntil {
            let stored = until.timeIntervalSince(start)
            if stored > 0, stored <= lockoutDuration(forLockout: .max) { return stored }
        }
        return lockoutDuration(forLockout: record.lockouts)
    }

    private static func lock(_ record: inout PinRecord, at now: Date) {
        let (next, overflow) = record.lockouts.addingReportingOverflow(1)
        record.lockouts = overflow ? .max : next
        record.failedAttempts = 0
        record.lockedAt = now
        record.lockedUntil = now + lockoutDuration(forLockout: record.lockouts)
    }

    private static func cleared(_ record: PinRecord) -> PinRecord {
        PinRecord(hash: record.hash)
    }

    private static func triesLeft(_ record: PinRecord) -> Int {
        max(0, triesBeforeLockout - record.failedAttempts)
    }

    // MARK: Checking

    /// Reads and settles the stored record, then checks the PIN. The failure
    /// (and the lockout it would cause) is saved before the hash is checked;
    /// on `.success` the caller saves the cleared record.
    /// Each step is one `updatePin`, so kiosks sharing a database count
    /// every try once between them: a try is counted on the record as it is
    /// then, whoever counted the one before.
    private func countedCheck(_ pin: String) throws -> LoginOutcome {
        let now = clock.now()
        var early: LoginOutcome?
        var stored: PinHash?
        let wellFormed = PinPolicy.isWellFormed(pin)
        record = try store.updatePin { loaded in
            let current = Self.settled(loaded ?? PinRecord(), at: now, shared: store.sharesPin)
            guard let hash = current.hash else { throw TaskBoardError.pinNotSet }
            stored = hash
            if let until = current.lockedUntil {
                early = .locked(until: until)
                return current
            }
            try hasher.validate(hash)
            // Not 4 to 8 digits: it cannot be the PIN, so there is nothing to
            // check, and a child pressing Enter or letters does not lock the admin out.
            guard wellFormed else {
                early = .wrong(triesLeft: Self.triesLeft(current))
                return current
            }
            // Counted before the check; the lockout it may earn is written with
            // the answer (or, if the program dies first, by the next `settled`).
            var counted = current
            counted.failedAttempts += 1
            counted.checksInProgress += 1
            return counted
        }
        if let early { return early }
        guard let stored else { throw TaskBoardError.pinNotSet }

        if try hasher.verify(pin, against: stored) { return .success }
        record = try store.updatePin { latest in
            var failed = latest ?? record
            failed.checksInProgress = max(0, failed.checksInProgress - 1)
            if failed.lockedUntil == nil, failed.failedAttempts >= Self.triesBeforeLockout {
                Self.lock(&failed, at: now)
            }
            return failed
        }
        if let until = record.lockedUntil { return .locked(until: until) }
        return .wrong(triesLeft: Self.triesLeft(record))
    }

    private func save(_ new: PinRecord) throws {
        try store.savePin(new)
        record = new
    }
}
