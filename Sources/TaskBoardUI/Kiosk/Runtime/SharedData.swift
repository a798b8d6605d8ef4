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
