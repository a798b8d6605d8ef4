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

    public init(hash: PinHash? = nil, failedAttempts: Int = 0, lockouts: Int = 0, lockedAt: Date? = nil, lockedUntil: Date? = nil) {
        self.hash = hash
        self.failedAttempts = failedAttempts
        self.lockouts = lockouts
        self.lockedAt = lockedAt
        self.lockedUntil = lockedUntil
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
