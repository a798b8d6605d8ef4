import Foundation
import TaskBoard
import TaskBoardStorage

/// `taskboard forget` on a data directory (issue 43): what forgetting a
/// child takes away, and doing it. The child's entry, ticks, absences,
/// points and recording go from the data directory, its daily backups and
/// the archives in `backups/` (and any other folder of archives named), and
/// the log's lines that name the child; the child's id stays in
/// `forgotten.json`, so that no restore or backup made before brings the
/// child back. The log then says that a child was forgotten, not who.
public enum ChildForgetting {
    public struct Plan: Sendable {
        public let child: Child
        public let group: String
        /// Journal lines (ticks and unticks), and on how many days.
        public let ticks: Int
        public let days: Int
        public let absences: Int
        public let points: Int
        public let recording: Bool
        public let dailyBackups: Int
        public let archives: [String]
    }

    public struct Outcome: Sendable {
        public let tally: ForgetTally
        /// Archives that held something of the child, cleaned.
        public let archivesCleaned: Int
        public let logLines: Int
    }

    /// What forgetting `child` would take away (nothing is changed).
    public static func plan(_ child: Child, daycare: Daycare, store: JSONFileStore, archiveFolders: [String]) throws -> Plan {
        var ticks = 0
        var days = 0
        for day in try store.markJournalDays() {
            let count = try store.marks(on: day).filter { $0.child == child.id }.count
            ticks += count
            days += count > 0 ? 1 : 0
        }
        let absences = daycare.attendance.away.values.filter { $0.contains(child.id) }.count
        var archives = try ArchiveCleaning.archives(in: store.directory)
        for folder in archiveFolders { archives += try ArchiveCleaning.archives(inFolder: folder) }
        return Plan(child: child, group: daycare.roster.groups.first { $0.id == child.groupID }?.name ?? "",
                    ticks: ticks, days: days, absences: absences, points: daycare.previewDelete(child: child.id).points,
                    recording: try store.loadVoice(.child(child.id)) != nil, dailyBackups: try store.backupDays().count,
                    archives: archives)
    }

    /// Forgets the planned child. The data directory first (its list of
    /// the forgotten written before anything is taken out), then each
    /// archive, then the log.
    public static func run(_ plan: Plan, store: JSONFileStore) throws -> Outcome {
        var tally = try store.forget([plan.child.id])
        var cleaned = 0
        for archive in plan.archives {
            let held = try ArchiveCleaning.clean(archive, forgottenIn: store.directory)
            if held.rosters > 0 || !held.isEmpty { cleaned += 1 }
            tally = tally + held
        }
        let log = LogFile(directory: store.directory)
        let dropped = try log.dropLines(naming: [plan.child.name])
        log.append("a child was forgotten (taskboard forget): the entry, \(tally.ticks) journal lines, \(tally.absences) absences and "
                   + "\(tally.recordings) recordings removed, from \(tally.places) places")
        return Outcome(tally: tally, archivesCleaned: cleaned, logLines: dropped)
    }
}
