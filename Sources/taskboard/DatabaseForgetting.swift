import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardTools
import TaskBoardUI

extension ChildForgetter {
    /// The kiosk's admin side forgetting a child on a shared database: one
    /// transaction on the server (`KioskDatabaseStore.forget`), while it can
    /// be reached; out of reach, nothing is begun and the screen says why.
    /// Archives made by `taskboard backup` are the command line's to say.
    static func onDatabase(_ store: KioskDatabaseStore, clock: WallClock) -> ChildForgetter {
        ChildForgetter(
            preview: { id, daycare in
                let kept = try ChildForgetting.Kept(of: id, daycare: daycare, store: store)
                return ForgetPreview(ticks: kept.ticks, absences: kept.absences, points: kept.points, recording: kept.recording,
                                     dailyBackups: 0, archives: 0)
            },
            forget: { id, daycare in
                var report = ForgetReport(child: daycare.roster.child(id)?.name ?? "")
                do {
                    _ = try store.forget(id)
                } catch {
                    // One transaction: nothing was changed.
                    report.refused = "\(error)"
                    return ForgetOutcome(report: report, daycare: daycare)
                }
                return ForgetOutcome(report: report, daycare: try? Daycare(store: store, clock: clock))
            })
    }
}
