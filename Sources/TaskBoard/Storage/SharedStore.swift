import Foundation

/// A store other kiosks share (a database): what a kiosk on it learns
/// besides what it reads, asked when its wait for a key ends without one
/// (the store wakes that wait whenever any of this changes).
public protocol SharedStore: AnyObject, Sendable {
    /// What other kiosks (or a save the screen stopped waiting for)
    /// changed since the last call, each once: `Daycare.take(_:)` reads it.
    func takeChanges() -> Set<StoreChange>
    /// Why the store cannot be reached, since when; nil while it can.
    var offline: Offline? { get }
    /// The answers to saves the screen stopped waiting for, each given once.
    func takeLateAnswers() -> [LateAnswer]
    /// Changes made here that the server has not confirmed yet.
    var waitingChanges: Int { get }
    /// Every kiosk on the store as last read (Settings lists them).
    var kioskRoll: KioskRoll? { get }
}

/// A kiosk on a shared database that cannot reach it: since when, why
/// where the server said, and how many of its changes wait to be sent.
public struct Offline: Equatable, Sendable {
    /// Why the server would not have the kiosk, when it said so; nil for a
    /// network that is down or a server that does not answer.
    public enum Refusal: Equatable, Sendable {
        case serverFull, loginRefused, noSuchDatabase
        /// The kiosk's own login was revoked: it shows only that (`RemovedKioskView`) and takes no keys.
        case removed
    }

    public var since: Date
    public var waiting: Int
    public var refusal: Refusal?
    /// The whole reason, for the log.
    public var reason: String

    public init(since: Date, waiting: Int, refusal: Refusal? = nil, reason: String = "") {
        self.since = since
        self.waiting = waiting
        self.refusal = refusal
        self.reason = reason
    }
}
