import Foundation
import TaskBoard

/// A shared store as the screen sees it, told by the test what to say:
/// what changed elsewhere, whether it is offline, late answers, how many
/// changes wait, and the kiosks. It counts how often it was asked for news.
final class FakeSharedStore: SharedStore {
    private struct Said {
        var changes: Set<StoreChange> = []
        var offline: Offline?
        var answers: [LateAnswer] = []
        var waiting = 0
        var roll: KioskRoll?
        var asked = 0
    }

    private let said = Locked(Said())

    init(offline: Offline? = nil, waiting: Int = 0, roll: KioskRoll? = nil) {
        said.withLock {
            $0.offline = offline
            $0.waiting = waiting
            $0.roll = roll
        }
    }

    /// Another kiosk changed these: given to the screen at its next look.
    func announce(_ changes: Set<StoreChange>) { said.withLock { $0.changes.formUnion(changes) } }

    /// Changes announced that the screen has not taken yet.
    var untaken: Set<StoreChange> { said.withLock { $0.changes } }
    /// How many times the screen asked for changes or the connection.
    var asked: Int { said.withLock { $0.asked } }

    func takeChanges() -> Set<StoreChange> {
        said.withLock { said in
            said.asked += 1
            defer { said.changes = [] }
            return said.changes
        }
    }

    var offline: Offline? {
        get { said.withLock { $0.asked += 1; return $0.offline } }
        set { said.withLock { $0.offline = newValue } }
    }

    func takeLateAnswers() -> [LateAnswer] {
        said.withLock { said in
            defer { said.answers = [] }
            return said.answers
        }
    }

    var waitingChanges: Int {
        get { said.withLock { $0.waiting } }
        set { said.withLock { $0.waiting = newValue } }
    }

    var kioskRoll: KioskRoll? { said.withLock { $0.roll } }
}
