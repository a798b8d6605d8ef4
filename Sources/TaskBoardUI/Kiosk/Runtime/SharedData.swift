import Foundation
import TaskBoard

/// A kiosk on a database that other kiosks share: the runtime asks on every
/// event for the daycare as it is now (nil when nothing changed) and
/// whether the database can be reached.
public struct SharedData {
    public var refresh: () -> Daycare?
    public var offline: () -> Offline?
    /// The answers to saves the screen stopped waiting for, each given once.
    public var lateAnswers: () -> [LateAnswer]
    /// Changes made here that the server has not confirmed yet.
    public var waiting: () -> Int
    /// Every kiosk on the database as last read (Settings lists them).
    public var kiosks: () -> KioskRoll?

    public init(refresh: @escaping () -> Daycare?, offline: @escaping () -> Offline?,
                lateAnswers: @escaping () -> [LateAnswer] = { [] }, waiting: @escaping () -> Int = { 0 },
                kiosks: @escaping () -> KioskRoll? = { nil }) {
        self.refresh = refresh
        self.offline = offline
        self.lateAnswers = lateAnswers
        self.waiting = waiting
        self.kiosks = kiosks
    }
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
