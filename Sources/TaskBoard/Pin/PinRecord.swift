import Foundation

/// What is stored about the admin PIN: never the PIN itself, only a salted
/// slow hash, and the failed-attempt state that must survive a restart.
public struct PinRecord: Codable, Equatable, Sendable {
    public var hash: PinHash?
    /// Failed attempts since the last success or lockout.
    public var failedAttempts: Int
    /// Lockouts in a row; each one waits longer.
    public var lockouts: Int
    /// When the current lockout started (to notice a clock moved backwards).
    public var lockedAt: Date?
    public var lockedUntil: Date?
    /// Checks whose try was counted (written before the slow hash) but whose
    /// answer was not yet written: non-zero on disk only when the program died
    /// during a check (a power cut, a kill).
    public var checksInProgress: Int
    /// Such checks forgiven since the last correct PIN (see `PinGuard`).
    public var interruptedChecks: Int

    public init(hash: PinHash? = nil, failedAttempts: Int = 0, lockouts: Int = 0, lockedAt: Date? = nil, lockedUntil: Date? = nil,
                checksInProgress: Int = 0, interruptedChecks: Int = 0) {
        self.hash = hash
        self.failedAttempts = failedAttempts
        self.lockouts = lockouts
        self.lockedAt = lockedAt
        self.lockedUntil = lockedUntil
        self.checksInProgress = checksInProgress
        self.interruptedChecks = interruptedChecks
    }

    private enum CodingKeys: String, CodingKey {
        case hash, failedAttempts, lockouts, lockedAt, lockedUntil, checksInProgress, interruptedChecks
    }

    // Files written before the check counters existed have neither.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        hash = try c.decodeIfPresent(PinHash.self, forKey: .hash)
        failedAttempts = try c.decode(Int.self, forKey: .failedAttempts)
        lockouts = try c.decode(Int.self, forKey: .lockouts)
        lockedAt = try c.decodeIfPresent(Date.self, forKey: .lockedAt)
        lockedUntil = try c.decodeIfPresent(Date.self, forKey: .lockedUntil)
        checksInProgress = try c.decodeIfPresent(Int.self, forKey: .checksInProgress) ?? 0
        interruptedChecks = try c.decodeIfPresent(Int.self, forKey: .interruptedChecks) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(hash, forKey: .hash)
        try c.encode(failedAttempts, forKey: .failedAttempts)
        try c.encode(lockouts, forKey: .lockouts)
        try c.encodeIfPresent(lockedAt, forKey: .lockedAt)
        try c.encodeIfPresent(lockedUntil, forKey: .lockedUntil)
        // Left out when zero, so a settled record reads as it always did.
        if checksInProgress != 0 { try c.encode(checksInProgress, forKey: .checksInProgress) }
        if interruptedChecks != 0 { try c.encode(interruptedChecks, forKey: .interruptedChecks) }
    }
}

/// A PBKDF2 hash with the parameters needed to check a PIN against it.
public struct PinHash: Codable, Equatable, Sendable {
    public var algorithm: String
    public var iterations: Int
    public var salt: Data
    public var hash: Data

    public init(algorithm: String, iterations: Int, salt: Data, hash: Data) {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }
}
