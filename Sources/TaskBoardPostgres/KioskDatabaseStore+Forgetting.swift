import Foundation
import TaskBoard

extension KioskDatabaseStore {
    /// Forgets a child on the server from this kiosk's admin side (issue
    /// 43): online only, in one transaction (`PostgresBoardStore.forget`),
    /// waited for (the screen says "Forgetting…" first). What the screen
    /// shows is then taken without the child at once, and kept so on disk
    /// (the kiosk's copy of the server's view); a tick of the child still
    /// in the outbox is sent and not taken in.
    public func forget(_ child: ChildID) throws -> DatabaseForgetTally {
        try requireOnline("a child can be forgotten")
        let server = try writer()
        let tally = try server.forget(child)
        let version = server.rosterVersion.withLock { $0 }
        // The days shrank: their lengths may be reported shorter from now on (the ledger reads them again).
        state.withLock { $0.reportedLengths = [:] }
        update { view in
            if let roster = view.roster { view.roster = roster.forgetting(ForgottenChildren([child])) ?? roster }
            if let version { view.rosterVersion = version }
            if let attendance = view.attendance { view.attendance = attendance.forgetting(ForgottenChildren([child]))?.attendance ?? attendance }
            view.days = view.days.mapValues { $0.filter { $0.event.child != child } }
        }
        saveSnapshot()
        return tally
    }
}
