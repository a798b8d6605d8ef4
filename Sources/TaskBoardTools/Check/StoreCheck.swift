import TaskBoard

/// `taskboard check` on a store that is not a data directory (a shared
/// database): what the rules say of its roster, settings and PIN, and
/// whether the points summary and recent days can be read. The database's
/// own consistency (its tables against each other) is the store's to check.
public enum StoreCheck {
    /// `avatars`: the catalogue, to name the pictures children share.
    public static func run(_ store: BoardStore, today: Day, avatars: [AvatarCatalogue.Avatar] = []) -> DataCheckReport {
        var report = DataCheckReport()
        func read<T>(_ place: String, _ load: () throws -> T?) -> T? {
            report.filesChecked += 1
            do {
                return try load()
            } catch {
                report.problems.append(.inDatabase(place, "cannot be read: \(error)", fix: DataProblem.restoreAdvice))
                return nil
            }
        }
        if let roster = read("roster", { try store.loadRoster() }) {
            let check = RosterCheck(roster: roster, file: "roster", avatars: avatars)
            report.problems += check.problems().map(Self.manual)
            report.notes += check.notes()
        }
        _ = read("settings") { try store.loadSettings() }
        _ = read("absences") { try store.loadAttendance() }
        if let hash = read("pin", { try store.loadPin() })?.hash {
            report.problems += PinCheck(hash: hash, file: "pin").problems()
        }
        _ = read("mark_summary") { try store.loadMarkSummary() }
        for offset in -6...0 {
            let day = today.advanced(by: offset)
            _ = read("mark_events \(day)") { try store.marks(on: day) }
        }
        return report
    }

    /// A database has no `--repair`: every problem is for a person.
    private static func manual(_ problem: DataProblem) -> DataProblem {
        guard problem.isRepairable else { return problem }
        return .inDatabase(problem.file, String(problem.description.dropFirst(problem.file.count + 2)))
    }
}
