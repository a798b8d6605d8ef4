import TaskBoard

/// Forgetting a child for good from the admin side (issue 43), where the
/// store can: the kiosk asks what it would take away (for the
/// confirmation), then does it and carries on with the data read afresh.
/// The command that starts the kiosk makes it (the screens know no files).
public struct ChildForgetter {
    public var preview: (ChildID, Daycare) throws -> ForgetPreview
    /// Forgets the child; what it came to, with the daycare read afresh,
    /// also when the forgetting was cut off (memory must match the disk).
    public var forget: (ChildID, Daycare) -> ForgetOutcome

    public init(preview: @escaping (ChildID, Daycare) throws -> ForgetPreview,
                forget: @escaping (ChildID, Daycare) -> ForgetOutcome) {
        self.preview = preview
        self.forget = forget
    }
}

/// What forgetting a child takes away, as the confirmation names it.
public struct ForgetPreview: Equatable, Sendable {
    public var ticks: Int
    public var absences: Int
    public var points: Int
    public var recording: Bool
    /// The daily backups and archives on this machine that are cleaned too.
    public var dailyBackups: Int
    public var archives: Int

    public init(ticks: Int, absences: Int, points: Int, recording: Bool, dailyBackups: Int, archives: Int) {
        self.ticks = ticks
        self.absences = absences
        self.points = points
        self.recording = recording
        self.dailyBackups = dailyBackups
        self.archives = archives
    }
}

/// What forgetting came to, for the status line.
public struct ForgetReport: Equatable, Sendable {
    public var child: String
    /// Archives left as they were (another daycare's, where the number is another child's).
    public var archivesSkipped: Int
    /// Archives that could not be cleaned (the log names them): they still hold the child.
    public var archivesFailed = 0
    /// Why the forgetting stopped before its end, if it did (what was
    /// begun is finished by forgetting again, or by `taskboard forget --finish`).
    public var cutOff: String?
    /// Why nothing was forgotten, where nothing was begun (a shared database out of reach).
    public var refused: String?

    public init(child: String, archivesSkipped: Int = 0, cutOff: String? = nil, refused: String? = nil) {
        self.child = child
        self.archivesSkipped = archivesSkipped
        self.cutOff = cutOff
        self.refused = refused
    }
}

/// A forgetting's report and the daycare read afresh after it; nil when the
/// data could not be read again (the kiosk then stops, and its next start
/// reads and finishes what was begun).
public struct ForgetOutcome {
    public var report: ForgetReport
    public var daycare: Daycare?

    public init(report: ForgetReport, daycare: Daycare?) {
        self.report = report
        self.daycare = daycare
    }
}
