import Foundation
import TaskBoard
import TaskBoardStorage

/// `taskboard forget` on a data directory (issue 43): what forgetting a
/// child takes away, and doing it. The child's entry, ticks, absences,
/// points and recording go from the data directory, its daily backups,
/// the folders a restore kept beside it and the archives in `backups/`
/// (and any other folder of archives named), and the log's lines that name
/// the child; the child's id stays in `forgotten.json`, so that no restore
/// or backup made before brings the child back. The log then says that a
/// child was forgotten, not who.
public enum ChildForgetting {
    public struct Plan: Sendable {
        public let child: Child
        public let group: String
        /// Deleted on the kiosk earlier: found in a backup's roster, not the data directory's.
        public let deletedEarlier: Bool
        /// Journal lines (ticks and unticks), and on how many days.
        public let ticks: Int
        public let days: Int
        public let absences: Int
        public let points: Int
        public let recording: Bool
        public let dailyBackups: Int
        /// Folders a restore kept beside the data directory (`DIR.before-restore-…`).
        public let keptByRestores: [String]
        public let archives: [String]
    }

    public struct Outcome: Sendable {
        public let tally: ForgetTally
        /// Archives that held something of the child, cleaned.
        public let archivesCleaned: Int
        /// Archives left as they were: another child has the number there (another daycare's).
        public let archivesSkipped: [String]
        /// Archives that could not be cleaned (damaged, unwritable), with why:
        /// they still hold the child, and the forgetting stays pending.
        public let archivesFailed: [(archive: String, reason: String)]
        public let logLines: Int
    }

    /// Where the installed backup timer (taskboard-backup.service) keeps its archives.
    public static let timerArchives = "/var/backups/taskboard"

    /// Every archive of ours to clean: the data directory's `backups/`, the
    /// backup timer's folder when it exists (unless `timer` is false: a
    /// demo's children are not the machine's), and `folders`.
    public static func archives(of store: JSONFileStore, folders: [String] = [], timer: Bool = true) throws -> [String] {
        var folders = folders
        if timer, DataFiles.isDirectory(timerArchives), !folders.contains(timerArchives) { folders.append(timerArchives) }
        var found = try ArchiveCleaning.archives(in: store.directory)
        for folder in folders where !found.contains(where: { $0.hasPrefix(folder + "/") }) {
            found += try ArchiveCleaning.archives(inFolder: folder)
        }
        return found
    }

    /// A child of the roster, by number (the kiosk's admin side).
    public static func find(_ id: ChildID, daycare: Daycare) throws -> (child: Child, group: String, deletedEarlier: Bool) {
        guard let child = daycare.roster.child(id) else { throw TaskBoardError.unknownChild(id) }
        return (child, groupName(child, in: daycare.roster), false)
    }

    /// The child of that name: in the roster, else (deleted on the kiosk
    /// earlier) in the newest daily backup or archive whose roster has it.
    public static func find(_ name: String, inGroup group: String?, daycare: Daycare, store: JSONFileStore,
                            archives: [String]) throws -> (child: Child, group: String, deletedEarlier: Bool) {
        let lookupError: Error
        do {
            let child = try NameLookup(roster: daycare.roster).child(named: name, inGroup: group)
            return (child, groupName(child, in: daycare.roster), false)
        } catch {
            lookupError = error
        }
        let backups = DataDirectory.plainPath(store.directory) + "/" + DataFiles.backupsFolder
        var rosters: [() throws -> Roster?] = try store.backupDays().reversed().map { day in
            { try JSONFileStore.roster(at: backups + "/\(day)/" + DataFiles.roster) }
        }
        rosters += archives.reversed().map { path in { try ArchiveCleaning.roster(in: path) } }
        for read in rosters {
            guard let roster = try? read(),
                  let child = try? NameLookup(roster: roster).child(named: name, inGroup: group),
                  !daycare.roster.children.contains(where: { $0.id == child.id }) else { continue }
            return (child, groupName(child, in: roster), true)
        }
        throw lookupError
    }

    private static func groupName(_ child: Child, in roster: Roster) -> String {
        roster.groups.first { $0.id == child.groupID }?.name ?? ""
    }

    /// What forgetting the child would take away (nothing is changed).
    public static func plan(_ found: (child: Child, group: String, deletedEarlier: Bool), daycare: Daycare, store: JSONFileStore,
                            archives: [String]) throws -> Plan {
        let child = found.child
        let kept = try Kept(of: child.id, daycare: daycare, store: store)
        return Plan(child: child, group: found.group, deletedEarlier: found.deletedEarlier, ticks: kept.ticks, days: kept.days,
                    absences: kept.absences, points: kept.points, recording: kept.recording,
                    dailyBackups: try store.backupDays().count, keptByRestores: try keptByRestores(of: store.directory), archives: archives)
    }

    /// What a store keeps of one child (any store: a data directory, a
    /// database): journal lines (ticks and unticks) and on how many days,
    /// absences, points, and whether a recording of the name.
    public struct Kept: Sendable {
        public let ticks: Int
        public let days: Int
        public let absences: Int
        public let points: Int
        public let recording: Bool

        public init(of child: ChildID, daycare: Daycare, store: BoardStore) throws {
            let journalDays = try store.markJournalDays()
            // One read where the store can (a database: one query).
            let marks = journalDays.isEmpty ? [:] : try store.marks(in: journalDays[0]...journalDays[journalDays.count - 1])
            let counts = marks.values.map { $0.filter { $0.child == child }.count }
            ticks = counts.reduce(0, +)
            days = counts.filter { $0 > 0 }.count
            absences = daycare.attendance.away.values.filter { $0.contains(child) }.count
            points = daycare.points(.allTime)[child] ?? 0
            recording = try store.loadVoice(.child(child)) != nil
        }
    }

    /// Forgets the planned child: the log's lines naming the child first
    /// (only now is the name known), then the data directory
    /// (`JSONFileStore.forget`: the id kept, pending), the folders restores
    /// kept, each archive, and last the mark that nothing is pending.
    public static func run(_ plan: Plan, store: JSONFileStore, from source: String = "taskboard forget") throws -> Outcome {
        let log = LogFile(directory: store.directory)
        let dropped = try log.dropLines(naming: [plan.child.name])
        var tally = try store.forget([plan.child.id])
        let finished = try finish(store: store, archives: plan.archives, expected: plan.child)
        tally = tally + finished.tally
        log.append("a child was forgotten (\(source)): the entry, \(tally.ticks) journal lines, \(tally.absences) absences and "
                   + "\(tally.recordings) recordings removed, from \(tally.places) places")
        return Outcome(tally: tally, archivesCleaned: finished.archivesCleaned, archivesSkipped: finished.archivesSkipped,
                       archivesFailed: finished.archivesFailed, logLines: dropped)
    }

    /// The part after the data directory, for every child forgotten: the
    /// folders restores kept and the archives; then nothing is pending.
    /// `taskboard forget --finish` runs it alone, after a forgetting was cut off.
    /// An archive that cannot be cleaned is passed over (said, and the
    /// forgetting left pending for `--finish`), not the end of the others.
    public static func finish(store: JSONFileStore, archives: [String], expected: Child? = nil) throws
        -> (tally: ForgetTally, archivesCleaned: Int, archivesSkipped: [String], archivesFailed: [(archive: String, reason: String)]) {
        let forgotten = try store.forgottenChildren()
        var tally = ForgetTally()
        for folder in try keptByRestores(of: store.directory) {
            tally = tally + (try ForgetScrub(forgotten).clean(folder: folder))
        }
        var cleaned = 0
        var skipped: [String] = []
        var failed: [(archive: String, reason: String)] = []
        for archive in archives {
            let held: ForgetTally?
            do {
                held = try ArchiveCleaning.clean(archive, forgottenIn: store.directory, expected: expected)
            } catch {
                failed.append((archive, "\(error)"))
                continue
            }
            guard let held else {
                skipped.append(archive)
                continue
            }
            if !held.isEmpty { cleaned += 1 }
            tally = tally + held
        }
        if failed.isEmpty { try store.finishedForgetting() }
        return (tally, cleaned, skipped, failed)
    }

    /// `DIR.before-restore-…`: whole data directories a restore replaced and kept.
    static func keptByRestores(of directory: URL) throws -> [String] {
        let root = DataDirectory.plainPath(directory)
        let parent = (root as NSString).deletingLastPathComponent
        let prefix = (root as NSString).lastPathComponent + ".before-restore-"
        return try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasPrefix(prefix) }.sorted()
            .map { parent + "/" + $0 }.filter(DataFiles.isDirectory)
    }
}
