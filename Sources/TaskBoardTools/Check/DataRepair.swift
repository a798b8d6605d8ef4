import Foundation
import TaskBoard
import TaskBoardStorage

/// `taskboard check --repair`: fixes what needs no decision (see
/// `DataProblem.Fix`), under the data directory's lock (so never beside a
/// running kiosk), after writing an archive of the whole directory to
/// `backups/before-repair-<stamp>.zip`. Nothing is changed, and no archive
/// made, when nothing can be repaired.
public enum DataRepair {
    public struct Outcome: Sendable {
        /// The archive made first; nil when there was nothing to repair.
        public let backup: String?
        public let fixed: [DataProblem]
        /// What a check finds afterwards.
        public let remaining: DataCheckReport
        /// Journals dated after today, moved into marks-aside/.
        public var setAside: [SetAside] = []
    }

    /// A journal kept aside, and the ticks it ends with done: what to enter
    /// again on the day they were made, which only a person can tell.
    public struct SetAside: Sendable {
        public let file: String
        public let day: Day
        public let done: [(child: String, group: String?, task: String)]
        /// Today by the clock now, the likeliest day they were made.
        public let today: Day
    }

    public static func run(directory: URL, now: Date) throws -> Outcome {
        let root = DataDirectory.plainPath(directory)
        try MissingDataDirectory.check(root)
        let check = DataCheck(directory: directory, now: now)
        // Before the lock: opening the store for writing removes temp files,
        // and the report should still list them.
        let found: DataCheckReport
        do {
            found = try check.run()
        } catch {
            throw RepairFailure(cause: error, stage: .beforeAnyFix)
        }
        guard found.all.contains(where: \.isRepairable) else {
            return Outcome(backup: nil, fixed: [], remaining: found)
        }
        let store: JSONFileStore
        let problems: [DataProblem]
        let archive: String
        do {
            store = try JSONFileStore(directory: directory)
            problems = try check.run().all
            let backups = root + "/" + DataFiles.backupsFolder
            try DataFiles.makeDirectory(backups)
            archive = TimeStamp.unusedPath(backups + "/" + RepairArchiveName.prefix + TimeStamp.dashed(now), suffix: ".zip")
            try BackupWriter.write(directory: directory, to: URL(fileURLWithPath: archive), created: now)
        } catch let error as StorageError where error.isLock {
            throw error // said as every command says it
        } catch {
            throw RepairFailure(cause: error, stage: .beforeAnyFix)
        }

        var fixes = Set(problems.map(\.fix).filter { if case .manual = $0 { false } else { true } })
        // A journal set aside leaves the summary counting it: made again from what stays.
        if fixes.contains(where: { if case .setAsideFutureJournal = $0 { true } else { false } }) { fixes.insert(.rebuildSummary) }
        var setAside: [SetAside] = []
        var done: [DataProblem.Fix] = []
        for fix in fixes.sorted(by: { order($0) < order($1) }) {
            do {
                if case .setAsideFutureJournal(let day) = fix {
                    setAside.append(try keepAside(day, root: root, store: store, now: now))
                } else {
                    try apply(fix, root: root, store: store, now: now)
                }
            } catch {
                let made = problems.filter { done.contains($0.fix) }.map(\.description)
                throw RepairFailure(cause: error, stage: .fixing(made: made, failing: fix, archive: archive))
            }
            done.append(fix)
        }
        let after: DataCheckReport
        do {
            after = try check.run()
        } catch {
            throw RepairFailure(cause: error, stage: .checkingAfter(archive: archive))
        }
        let left = Set(after.all.map(\.description))
        var outcome = Outcome(backup: archive, fixed: found.all.filter { $0.isRepairable && !left.contains($0.description) },
                              remaining: after)
        outcome.setAside = setAside
        return outcome
    }

    /// The roster before the summary, which names its children.
    private static func order(_ fix: DataProblem.Fix) -> Int {
        switch fix {
        case .removeTempFile: 0
        case .setPinMode: 1
        case .repairRoster: 2
        case .setAsideFutureJournal: 3
        case .rebuildSummary: 4
        case .manual: 5
        }
    }

    private static func apply(_ fix: DataProblem.Fix, root: String, store: JSONFileStore, now: Date) throws {
        switch fix {
        case .removeTempFile(let relative):
            let path = root + "/" + relative
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try DataFiles.syncDirectory((path as NSString).deletingLastPathComponent)
        case .setPinMode(let relative):
            try DataFiles.setMode(root + "/" + relative, DataFiles.pinMode)
        case .repairRoster:
            guard let roster = try store.loadRoster() else { return }
            try store.saveRoster(RosterRepair.repaired(roster))
        case .rebuildSummary:
            // The ledger rebuilds a missing summary from every journal and saves it.
            let path = root + "/" + DataFiles.summary
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try DataFiles.syncDirectory(root)
            let settings = try store.loadSettings() ?? Settings()
            _ = try MarkLedger(store: store, today: settings.dayCalendar.day(of: now))
        case .manual, .setAsideFutureJournal:
            return
        }
    }

    /// Moves the day's journal into marks-aside/ (under a name of its own
    /// if one is there already), durably, and says what it ends with done.
    private static func keepAside(_ day: Day, root: String, store: JSONFileStore, now: Date) throws -> SetAside {
        let events = try store.marks(on: day)
        let today = (try store.loadSettings() ?? Settings()).dayCalendar.day(of: now)
        let roster = try store.loadRoster()
        // The summary counts the journal: removed first (a cache, rebuilt after), so
        // that a failure part-way never leaves it recording a journal that moved.
        let summary = root + "/" + DataFiles.summary
        if FileManager.default.fileExists(atPath: summary) { try FileManager.default.removeItem(atPath: summary) }
        try DataFiles.syncDirectory(root)
        let aside = root + "/" + marksAsideFolder
        try DataFiles.makeDirectory(aside)
        let target = TimeStamp.unusedPath(aside + "/\(day)", suffix: ".jsonl")
        let marks = root + "/" + DataFiles.marksFolder
        let source = marks + "/\(day).jsonl"
        try DataFiles.renameWithoutReplacing(source, to: target)
        if FileManager.default.fileExists(atPath: source) {
            throw StorageError(path: source, problem: .failed(operation: "moving it into \(marksAsideFolder)/",
                                                              reason: "it could not be removed from marks/ after it was copied there"))
        }
        try DataFiles.syncDirectory(aside)
        try DataFiles.syncDirectory(marks)
        var last: [String: MarkEvent] = [:]
        for event in events { last["\(event.child.rawValue) \(event.task.rawValue)"] = event }
        let done = last.values.filter(\.done).sorted { ($0.child.rawValue, $0.task.rawValue) < ($1.child.rawValue, $1.task.rawValue) }
            .map { event -> (child: String, group: String?, task: String) in
                let child = roster?.child(event.child)
                return (child?.name ?? "child \(event.child.rawValue)", child.flatMap { roster?.group($0.groupID)?.name },
                        roster?.task(event.task)?.name ?? "task \(event.task.rawValue)")
            }
        return SetAside(file: String(target.dropFirst(root.count + 1)), day: day, done: done, today: today)
    }

    /// Where journals dated after today are kept: beside marks/, so that
    /// nothing reads them as days, and in every backup.
    public static let marksAsideFolder = DataFiles.marksAsideFolder
}

/// Why `check --repair` stopped, and what it left as it was: every failure
/// says so, in a sentence of its own after the reason.
public struct RepairFailure: Error, CustomStringConvertible {
    public enum Stage: Sendable {
        /// Before the archive was whole: no fix was made.
        case beforeAnyFix
        /// While making `failing`, after those in `made`.
        case fixing(made: [String], failing: DataProblem.Fix, archive: String)
        /// The fixes were made; the check after them could not read.
        case checkingAfter(archive: String)
    }

    public let cause: any Error
    public let stage: Stage

    public var description: String {
        let reason = FullStop.after("\(cause)")
        switch stage {
        case .beforeAnyFix:
            return "\(reason) Nothing was repaired: the data directory is as it was."
        case .fixing(let made, let failing, let archive):
            let before = made.isEmpty ? "Nothing was repaired before it" : "Repaired before it: " + made.joined(separator: "; ")
            return "\(reason) \(before). \(Self.underWay(failing, cause: cause)) "
                + "The data directory as it was before the repair is in \(archive) (taskboard restore \(archive) puts it back)."
        case .checkingAfter(let archive):
            return "The repairs were made, but reading the data directory again afterwards failed: \(reason) "
                + "Run taskboard check; the data directory as it was before the repair is in \(archive)."
        }
    }

    /// What became of the fix under way: the summary is removed before it
    /// is rebuilt (a cache: the next start rebuilds it from the marks); a
    /// write that may have landed says so; any other fix was not made.
    private static func underWay(_ fix: DataProblem.Fix, cause: any Error) -> String {
        if case .setAsideFutureJournal(let day) = fix {
            return "marks/\(day).jsonl is where it was or in \(DataRepair.marksAsideFolder)/ (nothing was deleted); "
                + "the summary of the marks (a cache) may be missing, and the next start rebuilds it from the marks."
        }
        if case .rebuildSummary = fix {
            return "The marks, roster and settings are as they were; the summary of the marks (a cache) may be missing, and the next start rebuilds it from the marks."
        }
        if let storage = cause as? StorageError, storage.mayBeWritten { return "That fix may or may not have been made; the rest is as it was." }
        return "That fix was not made; the rest is as it was."
    }
}
