import Foundation
import TaskBoard

/// The thread that talks to the database for a kiosk, so the screen never
/// does: it sends the outbox in order, listens for other kiosks' changes and
/// re-reads what they touched, re-reads everything on each reconnect and
/// every `pollInterval` (a safety net for a lost notification), and tries
/// again after a failure, waiting a little longer each time (up to 10 s);
/// a kiosk whose own login was revoked tries every `removedInterval` only,
/// whatever is asked meanwhile (no storm of refused logins on the server).
/// The store asks it for work through the methods below; what a turn does is
/// `SyncTurns`.
final class SyncWorker: Sendable {
    static let pollInterval: TimeInterval = 30
    static let removedInterval: TimeInterval = 300

    /// What was asked since the worker's last turn.
    private struct Requests {
        var stopped = false
        var heard: [String] = []
        var listenerLost: String?
        var refreshEverything = false
        /// Rung by every request (only by a stop while `onlyStop`): the worker waits on it between turns.
        var bell = OneShot<Void>()
        var onlyStop = false
    }

    private let login: DatabaseLogin
    private let deadline: Duration
    private let requests = Locked(Requests())
    /// Handed over when the worker has stopped.
    private let finished = OneShot<Void>()

    init(login: DatabaseLogin, deadline: Duration) {
        self.login = login
        self.deadline = deadline
    }

    /// The store is held only during a turn, so that dropping it ends the worker.
    func start(for store: KioskDatabaseStore) {
        let thread = Thread { [self, weak store] in run { store } }
        thread.name = "taskboard database"
        thread.start()
    }

    func stop() { ask { $0.stopped = true } }

    /// Stops, and waits (a little longer than one call's deadline at most)
    /// for the turn under way to end.
    func stopAndWait() {
        stop()
        // Stopped and waited for already (a store closed twice): the wait would only time out.
        guard !finished.isOver else { return }
        // A turn makes a handful of calls, each within the deadline.
        _ = finished.wait(for: .seconds(deadline.components.seconds * 8 + 1))
    }

    /// There is something new in the outbox.
    func wake() { ask { _ in } }

    /// Re-read everything (after a refused roster save, say).
    func refreshAll() { ask { $0.refreshEverything = true } }

    /// The screen's own connection failed: go offline and reconnect.
    func connectionLost(_ reason: String) { ask { $0.listenerLost = reason } }

    private func ask(_ change: (inout Requests) -> Void) {
        requests.withLock {
            change(&$0)
            if !$0.onlyStop || $0.stopped { $0.bell.deliver(()) }
        }
    }

    // MARK: The loop

    private func run(_ store: () -> KioskDatabaseStore?) {
        var turns = SyncTurns(login: login, deadline: deadline,
                              heard: { [weak self] payload in self?.ask { $0.heard.append(payload) } },
                              lost: { [weak self] reason in self?.ask { $0.listenerLost = reason } })
        while true {
            // What was asked since the last turn; what is asked from here on rings a new bell.
            let bell = OneShot<Void>()
            guard let asked = requests.withLock({ requests -> Requests? in
                guard !requests.stopped else { return nil }
                defer { requests = Requests(bell: bell) }
                return requests
            }) else { break }

            // The store is held for the turn only, not while waiting.
            if let store = store() {
                turns.turn(for: store, payloads: asked.heard, lost: asked.listenerLost, everything: asked.refreshEverything)
            } else {
                break
            }
            // Wait for work, a notification, the poll, or (after a failure) the next try.
            let wait = turns.removed ? Self.removedInterval
                : turns.failures == 0 ? turns.idleWait : min(10, pow(2, Double(min(turns.failures, 4)) - 1))
            let removed = turns.removed
            requests.withLock { $0.onlyStop = removed }
            _ = bell.wait(for: .seconds(wait))
            requests.withLock { $0.onlyStop = false }
        }
        if let store = store() { turns.stopping(store) }
        turns.end()
        finished.deliver(())
    }
}
