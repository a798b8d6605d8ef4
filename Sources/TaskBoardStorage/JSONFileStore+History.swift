import Foundation
import TaskBoard

extension JSONFileStore {
    /// Removes the days before `first` (issue 43: history kept only so
    /// long): the summary first (it counted them; a removal cut off leaves
    /// none, and it is made again from the journals that are left), then
    /// each older journal in `marks/` and `marks-aside/`, then the older
    /// absences in `attendance.json` and in each daily backup's copy.
    public func removeHistory(before first: Day) throws -> HistoryRemoved {
        try requireWritable(marksPath)
        var removed = HistoryRemoved()
        var journals: [String] = []
        for folder in [marksPath, directoryPath + "/" + DataFiles.marksAsideFolder] {
            journals += try Posix.listDirectory(folder)
                .filter { name in name.hasSuffix(".jsonl") && Day(name.prefix(10)).map { $0 < first } == true }
                .map { folder + "/" + $0 }
        }
        let (attendance, absences) = (try load(AttendanceDocument.self) ?? Attendance()).keeping(from: first)
        let backups = directoryPath + "/" + DataFiles.backupsFolder
        let backupAttendance = try Posix.listDirectory(backups).filter { Day($0) != nil }.map { backups + "/" + $0 + "/" + DataFiles.attendance }
        let oldInBackups = try backupAttendance.filter { path in
            (try Self.read(AttendanceDocument.self, at: path)).map { $0.keeping(from: first).removed > 0 } ?? false
        }
        guard !journals.isEmpty || absences > 0 || !oldInBackups.isEmpty else { return removed }

        let summary = path(of: DataFiles.summary)
        if unlink(summary) == 0 {
            try Posix.fsyncDirectory(directoryPath)
        } else if errno != ENOENT {
            throw Posix.error(summary, "removing")
        }
        // The journals are removed under the open one: it is opened afresh.
        closeJournal()
        for path in journals {
            guard unlink(path) == 0 || errno == ENOENT else { throw Posix.error(path, "removing") }
            if path.hasPrefix(marksPath + "/") { removed.days += 1 }
        }
        for folder in Set(journals.map { ($0 as NSString).deletingLastPathComponent }) { try Posix.fsyncDirectory(folder) }
        if let day = journals.compactMap({ Day(($0 as NSString).lastPathComponent.prefix(10)) }).max() {
            verifiedJournals = verifiedJournals.filter { $0 > day }
            tornTails = tornTails.filter { $0.key > day }
        }
        if absences > 0 {
            try save(AttendanceDocument.self, attendance)
            removed.absences = absences
        }
        for path in oldInBackups {
            if let copy = try Self.read(AttendanceDocument.self, at: path) {
                try Self.write(copy.keeping(from: first).attendance, as: AttendanceDocument.self, at: path, encoder: encoder)
            }
        }
        return removed
    }
}
