import CryptoExtras
import Foundation

/// Turns a PIN into a salted, slow `PinHash` and checks a PIN against one:
/// PBKDF2-HMAC-SHA256 with a random 16-byte salt.
///
/// A 4 to 8 digit PIN cannot resist an offline attack whatever the hash;
/// the slow hash only raises the cost, and the guard's lockout and the data
/// file's permissions do the real protecting.
public struct PinHasher: Sendable {
    public static let algorithm = "pbkdf2-sha256"
    public static let defaultIterations = 600_000
    public static let saltByteCount = 16
    public static let hashByteCount = 32
    /// Iterations accepted at all, in a new hash or a stored one: a stored
    /// record with a huge count must not hang the kiosk.
    public static let iterationRange = 1...10_000_000
    /// The fewest iterations `taskboard check` accepts in a stored hash (the
    /// demo's count; every real PIN is rehashed at `defaultIterations` after
    /// its first login).
    public static let minimumIterations = 10_000

    /// Iterations for new hashes. Tests use a small count (e.g. 1_000).
    public let iterations: Int

    public init(iterations: Int = PinHasher.defaultIterations) {
        self.iterations = iterations
    }

    /// A new hash of the PIN with a fresh random salt.
    public func hash(_ pin: String) throws -> PinHash {
        guard Self.iterationRange.contains(iterations) else { throw PinHashError.invalidIterations(iterations) }
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<Self.saltByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return PinHash(
            algorithm: Self.algorithm, iterations: iterations, salt: salt,
            hash: try Self.derive(pin, salt: salt, iterations: iterations)
        )
    }

    /// Whether the PIN matches the stored hash. Throws `PinHashError` when the
    /// stored hash is not one this hasher can check (unknown algorithm, bad
    /// parameters): a damaged record is an error, never a match.
    public func verify(_ pin: String, against stored: PinHash) throws -> Bool {
        try validate(stored)
        let derived = try Self.derive(pin, salt: stored.salt, iterations: stored.iterations)
        return Self.constantTimeEquals(derived, stored.hash)
    }

    /// Throws `PinHashError` when `verify` could not check a PIN against it.
    public func validate(_ stored: PinHash) throws {
        try Self.checkParameters(of: stored)
        try Self.checkHashLength(of: stored)
    }

    /// Whether a stored hash was made with other parameters than this hasher
    /// uses now, so it should be replaced after the next successful check.
    public func needsRehash(_ stored: PinHash) -> Bool {
        stored.algorithm != Self.algorithm || stored.iterations != iterations
            || stored.salt.count != Self.saltByteCount
    }

    /// Compares every byte whatever the first difference is, so the time taken
    /// does not tell how much of a hash matched. (The length is not secret.)
    static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) {
            difference |= left ^ right
        }
        return difference == 0
    }

    private static func checkParameters(of stored: PinHash) throws {
        guard stored.algorithm == algorithm else { throw PinHashError.unsupportedAlgorithm(stored.algorithm) }
        guard iterationRange.contains(stored.iterations) else { throw PinHashError.invalidIterations(stored.iterations) }
        guard !stored.salt.isEmpty else { throw PinHashError.emptySalt }
    }

    private static func checkHashLength(of stored: PinHash) throws {
        guard stored.hash.count == hashByteCount else { throw PinHashError.invalidHashLength(stored.hash.count) }
    }

    private static func derive(_ pin: String, salt: Data, iterations: Int) throws -> Data {
        // The checked `rounds:` refuses fewer than 210_000; the range above
        // is enforced instead so tests can run with a small count.
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(pin.utf8), salt: salt, using: .sha256,
            outputByteCount: hashByteCount, unsafeUncheckedRounds: iterations
        )
        return key.withUnsafeBytes { Data($0) }
    }
}

/// A stored PIN hash that cannot be checked. The record is damaged or was
/// written by a newer version; the PIN can be reset from the command line.
public enum PinHashError: Error, Equatable, Sendable, CustomStringConvertible {
    case unsupportedAlgorithm(String)
    case invalidIterations(Int)
    case emptySalt
    case invalidHashLength(Int)

    public var description: String {
        switch self {
        case .unsupportedAlgorithm(let name): "The stored PIN uses an unknown hash algorithm (\(name)); reset the PIN."
        case .invalidIterations(let count): "The stored PIN hash has an invalid iteration count (\(count)); reset the PIN."
        case .emptySalt: "The stored PIN hash has no salt; reset the PIN."
        case .invalidHashLength(let length): "The stored PIN hash has the wrong length (\(length) bytes); reset the PIN."
        }
    }
}
