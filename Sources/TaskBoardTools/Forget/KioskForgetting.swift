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
                let log = LogFile(directory: store.directory)
                var report = ForgetReport(child: daycare.roster.child(id)?.name ?? "")
                do {
                    let plan = try ChildForgetting.plan(try ChildForgetting.find(id, daycare: daycare), daycare: daycare, store: store,
                                                        archives: try archives())
                    let outcome = try ChildForgetting.run(plan, store: store, from: "on the kiosk's Groups tab")
                    report.archivesSkipped = outcome.archivesSkipped.count
                    for (archive, reason) in outcome.archivesFailed {
                        log.append("forgetting could not clean \(archive) (\(reason)); it still holds the child: delete it, or stop the kiosk and run taskboard forget --finish")
                    }
                    report.archivesFailed = outcome.archivesFailed.count
                    for archive in outcome.archivesSkipped {
                        log.append("forgetting left \(archive) as it was: another child has the forgotten child's number there (another daycare's archive?)")
                    }
                } catch {
                    // Whatever was begun is on disk (the number pending in forgotten.json): forgetting again finishes it.
                    report.cutOff = "\(error)"
                    log.append("forgetting a child was cut off: \(error)")
                }
                // Read afresh, also after a failure: memory must match the disk, and nothing in it may remember the child.
                do {
                    return ForgetOutcome(report: report, daycare: try Daycare(store: store, clock: clock))
                } catch {
                    log.append("after forgetting a child, the data could not be read again (\(error)); the kiosk stops, and its next start finishes it")
                    return ForgetOutcome(report: report, daycare: nil)
                }
            })
    }
}
