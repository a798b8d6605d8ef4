import TaskBoard
/// One thing `taskboard check` found wrong, as one line that starts with the
/// file's name relative to the data directory.
public struct DataProblem: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What `check --repair` does about it.
    public enum Fix: Hashable, Sendable {
        /// Removes a temp file (or folder) left by an interrupted write.
        case removeTempFile(String)
        /// Sets a pin.json (the data's, or a daily backup's) back to 0600.
        case setPinMode(String)
        /// Drops board entries of missing tasks or twice on a board; raises nextID.
        case repairRoster
        /// Writes summary.json anew from the journals.
        case rebuildSummary
        /// Moves a journal dated after today (written while the clock was
        /// ahead) into marks-aside/, losing nothing, and says how to count
        /// its ticks on the day they were made.
        case setAsideFutureJournal(Day)
        /// Nothing: fixing it would mean guessing. The reason, for the output.
        case manual(String)
    }

    /// "roster.json", "marks/2026-11-20.jsonl", "backups/2026-11-21/pin.json"
    public let file: String
    public let description: String
    public let fix: Fix
    /// The file cannot be read at all (not JSON, truncated, a newer schema).
    public let unreadable: Bool

    init(file: String, _ text: String, fix: Fix, unreadable: Bool = false) {
        self.file = file
        description = text.hasPrefix(file) ? text : "\(file): \(text)"
        self.fix = fix
        self.unreadable = unreadable
    }

    /// A problem found in a shared database (a table, not a file); only a
    /// person can fix it there.
    public static func inDatabase(_ place: String, _ text: String) -> DataProblem {
        inDatabase(place, text, fix: noGuessing)
    }

    static func inDatabase(_ place: String, _ text: String, fix: String) -> DataProblem {
        DataProblem(file: place, text, fix: .manual(fix))
    }

    public var isRepairable: Bool {
        if case .manual = fix { return false }
        return true
    }

    static let restoreAdvice = "cannot repair: restore a backup with taskboard restore"
    static let noGuessing = "cannot repair without guessing: correct it in the kiosk or restore a backup with taskboard restore"
}

/// What `DataCheck` found.
public struct DataCheckReport: Sendable {
    public var problems: [DataProblem] = []
    /// Worth knowing but nothing wrong: temp files a power cut left behind,
    /// which the next writer removes (and `--repair` too). A script that runs
    /// `check` after a power cut must not see a failure for them.
    public var notes: [DataProblem] = []
    /// Files read (JSON files and journals, the daily backups' included).
    public var filesChecked = 0

    /// The problems, then the notes.
    public var all: [DataProblem] { problems + notes }

    /// "N problems found." or "All good: N files checked."
    public var verdict: String {
        switch problems.count {
        case 0: "All good: \(filesChecked) files checked."
        case 1: "1 problem found."
        default: "\(problems.count) problems found."
        }
    }
}
