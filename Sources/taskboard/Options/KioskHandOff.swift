import Foundation
import TaskBoard
import TaskBoardStorage

/// A change handed to the kiosk that holds the data directory, which is its
/// only writer (`mark`, `away`): the request is left in `requests/`, and the
/// kiosk answers within a second or so (it checks on every key and every
/// second). A request the kiosk never took is withdrawn, so nothing changes.
enum KioskHandOff {
    /// The data directory for writing; nil when a running kiosk holds it
    /// (then the change goes to the kiosk). Another command holding it is
    /// waited for, then refused.
    static func openForWriting(_ data: DataOptions) throws -> (any BoardStore)? {
        // A database has many writers: every kiosk sees the change through it.
        if let login = try data.databaseLogin() { return try login.open() }
        do {
            return try data.openExistingForWriting()
        } catch let error as StorageError where error.isKioskLock {
            return nil
        } catch let error as StorageError where error.isLock {
            throw CommandFailure("\(error.description.dropLast()) and did not finish within \(Int(DataOptions.lockWait)) seconds; try again. Nothing was changed.")
        }
    }

    /// What the kiosk made of it; nil when the kiosk stopped before it
    /// answered (then nothing more of the request will be done by it, and
    /// the command may make the change itself: a tick or an absence is
    /// set, not toggled, so making it again is harmless). Throws the
    /// kiosk's refusal, or why it never answered, in words that match what
    /// is known of the disk.
    static func send(_ request: MarkRequest, what: String, data: DataOptions, wait: Double) throws -> MarkReply? {
        try data.requireOwner()
        let box = MarkRequestBox(directory: data.directory)
        guard let id = try box.submit(request) else {
            throw CommandFailure("the kiosk on \(data.directory.path) has no requests folder (it could not make one: see its log). Nothing was changed.")
        }
        switch try box.reply(to: id, timeout: wait, kioskStopped: { !JSONFileStore.isLocked(data.directory) }) {
        case .reply(let reply):
            if let refusal = reply.refusal { throw CommandFailure(refusal) }
            return reply
        case .notTaken:
            throw CommandFailure("the kiosk did not take the \(what) within \(wait.formatted()) seconds. Nothing was changed.")
        case .kioskStopped:
            return nil
        case .takenWithoutAnswer:
            throw CommandFailure("the kiosk took the \(what) but did not answer within \(wait.formatted()) seconds; "
                + "it may or may not have been saved: look at the kiosk's screen or the board (taskboard print board), "
                + "and its log, before trying again.")
        }
    }

    /// Said when the kiosk stopped while it had the change: the command makes it itself.
    static func kioskStopped(_ what: String) {
        Output.note("the kiosk stopped before it answered; the \(what) is made here instead.")
    }
}
