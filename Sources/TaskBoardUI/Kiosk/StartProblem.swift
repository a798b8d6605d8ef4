import TaskBoard

/// Why a kiosk waits on a screen instead of showing the board: it has
/// nothing it could show, and exiting would only begin a restart loop under
/// systemd that says nothing on the screen.
public enum StartProblem: Equatable, Sendable {
    /// A kiosk on a shared database that has never reached it.
    case database(Offline.Refusal?)
    /// The data (its files or the database) was written by a newer
    /// taskboard: an older program installed over newer data.
    case newerData
    /// A file the board needs cannot be read (cut off, damaged).
    case damagedData
}
