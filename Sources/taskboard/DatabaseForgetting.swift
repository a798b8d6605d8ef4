import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardUI

extension ChildForgetter {
    /// The kiosk's admin side forgetting a child on a shared database: one
    /// transaction on the server (`KioskDatabaseStore.forget`), while it can
    /// be reached; out of reach, nothing is begun and the screen says why.
    /// Archives made by `taskboard backup` are the command line's to say.
    static func onDatabase(_ store: KioskDatabaseStore, clock: WallClock) -> ChildForgetter {
        ChildForgetter(
            preview: { id, daycare in
                let days = try store.markJournalDays()
                let marks = days.isEmpty ? [:] : try store.marks(in: days[0]...days[days.count - 1])
                return ForgetPreview(ticks: marks.values.reduce(0) { $0 + $1.filter { $0.child == id }.count },
                                     absences: daycare.attendance.away.values.filter { $0.contains(id) }.count,
                                     points: daycare.points(.allTime)[id] ?? 0, recording: try store.loadVoice(.child(id)) != nil,
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
