import Foundation
import TaskBoard

extension JSONFileStore {
    /// Removes the journals of `days` from `marks/`, the journals set aside
    /// in `marks-aside/` dated before `first`, and the absences before
    /// `first` in each daily backup's copy of `attendance.json` (issue 43:
    /// history kept only so long). The summary and `attendance.json` itself
    /// are the daycare's to keep right (`MarkLedger.removeDays`).
    public func removeHistory(journals days: [Day], before first: Day) throws {
        try requireWritable(marksPath)
        let aside = directoryPath + "/" + DataFiles.marksAsideFolder
        let setAside = try Posix.listDirectory(aside)
            .filter { name in name.hasSuffix(".jsonl") && Day(name.prefix(10)).map { $0 < first } == true }
            .map { aside + "/" + $0 }
        // The journals are removed under the open one: it is opened afresh.
        closeJournal()
        for path in days.map(journalPath) + setAside {
            guard unlink(path) == 0 || errno == ENOENT else { throw Posix.error(path, "removing") }
        }
        if !days.isEmpty { try Posix.fsyncDirectory(marksPath) }
        if !setAside.isEmpty { try Posix.fsyncDirectory(aside) }
        verifiedJournals.subtract(days)
        for day in days { tornTails[day] = nil }
        let backups = directoryPath + "/" + DataFiles.backupsFolder
        for name in try Posix.listDirectory(backups) where Day(name) != nil {
            let path = backups + "/" + name + "/" + DataFiles.attendance
            guard let copy = try Self.read(AttendanceDocument.self, at: path) else { continue }
            let (kept, removed) = copy.keeping(from: first)
            if removed > 0 { try Self.write(kept, as: AttendanceDocument.self, at: path, encoder: encoder) }
        }
    }
}
