/// This program's version: `taskboard --version`, and what each kiosk on a
/// shared database reports, so that the person who looks after the rooms
/// sees which kiosk still runs an older one. Raised with every release.
public enum TaskBoardVersion {
    public static let current = "0.35.0"
}
