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
    }

    public static func run(directory: URL, now: Date) throws -> Outcome {
        let root = DataDirectory.plainPath(directory)
        try MissingDataDirectory.check(root)
        let check = DataCheck(directory: directory, now: now)
        // Before the lock: opening the store for writing removes temp files,
        // and the report should still list them.
        let found = try check.run()
        guard found.all.contains(where: \.isRepairable) else {
            return Outcome(backup: nil, fixed: [], remaining: found)
        }
        let store = try JSONFileStore(directory: directory)
        let fixes = try check.run().all.map(\.fix).filter { if case .manual = $0 { false } else { true } }

        let backups = root + "/" + DataFiles.backupsFolder
        try DataFiles.makeDirectory(backups)
        let archive = TimeStamp.unusedPath(backups + "/" + RepairArchiveName.prefix + TimeStamp.dashed(now), suffix: ".zip")
        try BackupWriter.write(directory: directory, to: URL(fileURLWithPath: archive), created: now)

        for fix in Set(fixes).sorted(by: { order($0) < order($1) }) {
            try apply(fix, root: root, store: store, now: now)
        }
        let after = try check.run()
        let left = Set(after.all.map(\.description))
        return Outcome(backup: archive, fixed: found.all.filter { $0.isRepairable && !left.contains($0.description) },
                       remaining: after)
    }

    /// The roster before the summary, which names its children.
    private static func order(_ fix: DataProblem.Fix) -> Int {
        switch fix {
        case .removeTempFile: 0
        case .setPinMode: 1
        case .repairRoster: 2
        case .rebuildSummary: 3
        case .manual: 4
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
        case .manual:
            return
        }
    }
}
