import Foundation

/// What is stored about the admin PIN: never the PIN itself, only a salted
/// slow hash, and the failed-attempt state that must survive a restart.
public struct PinRecord: Encodable, JSONDecodable, Equatable, Sendable {
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
    public init(json: JSONValue) throws {
        let object = try json.object()
        hash = try object.optional("hash", PinHash.init(json:))
        failedAttempts = try object.int("failedAttempts")
        lockouts = try object.int("lockouts")
        lockedAt = try object.optional("lockedAt") { try $0.date() }
        lockedUntil = try object.optional("lockedUntil") { try $0.date() }
        checksInProgress = try object.optional("checksInProgress") { try $0.int() } ?? 0
        interruptedChecks = try object.optional("interruptedChecks") { try $0.int() } ?? 0
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
public struct PinHash: Encodable, JSONDecodable, Equatable, Sendable {
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

extension PinHash {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(algorithm: try object.string("algorithm"), iterations: try object.int("iterations"),
                  salt: try object.required("salt") { try $0.base64() }, hash: try object.required("hash") { try $0.base64() })
    }
}
