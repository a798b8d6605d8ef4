import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardUI

extension ChildForgetter {
    /// The kiosk's admin side forgetting a child on its own data directory:
    /// the same work as `taskboard forget` (the kiosk holds the lock the
    /// command would wait for), with the archives the command finds by
    /// itself: `backups/` and the backup timer's folder (not for a demo).
    public static func onDataDirectory(_ store: JSONFileStore, clock: WallClock, timerArchives: Bool = true) -> ChildForgetter {
        let archives = { try ChildForgetting.archives(of: store, timer: timerArchives) }
        return ChildForgetter(
            preview: { id, daycare in
                let plan = try ChildForgetting.plan(try ChildForgetting.find(id, daycare: daycare), daycare: daycare, store: store,
                                                    archives: try archives())
                return ForgetPreview(ticks: plan.ticks, absences: plan.absences, points: plan.points, recording: plan.recording,
                                     dailyBackups: plan.dailyBackups, archives: plan.archives.count)
            },
            forget: { id, daycare in
                let plan = try ChildForgetting.plan(try ChildForgetting.find(id, daycare: daycare), daycare: daycare, store: store,
                                                    archives: try archives())
                let outcome = try ChildForgetting.run(plan, store: store, from: "on the kiosk's Groups tab")
                let log = LogFile(directory: store.directory)
                for archive in outcome.archivesSkipped {
                    log.append("forgetting left \(archive) as it was: another child has the forgotten child's number there (another daycare's archive?)")
                }
                // Read afresh: the summary was made again without the child, and nothing in memory remembers them.
                let fresh = try Daycare(store: store, clock: clock)
                return (ForgetReport(child: plan.child.name, archivesSkipped: outcome.archivesSkipped.count), fresh)
            })
    }
}
