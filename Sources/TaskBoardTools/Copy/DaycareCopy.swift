import TaskBoard

/// A whole daycare from one store to another (a data directory to a
/// database and back): the roster, settings, PIN, who was away, the staff's
/// recordings of names, every day's ticks in the order they were made, and
/// the numbers of the children forgotten (so none comes back). The summary is not copied: it is
/// a cache whose journal lengths mean bytes in a directory and events in a
/// database, so the target builds its own from the ticks.
///
/// The target must be empty: a copy never mixes two daycares. A copy that
/// stops part way leaves a target that is not empty, and says so.
public enum DaycareCopy {
    public struct Outcome: Equatable, Sendable {
        public var groups = 0, children = 0, tasks = 0
        public var days = 0, ticks = 0
        public var voices = 0

        /// "8 groups, 200 children, 12 tasks, 366 days with 497801 ticks" (", 3 recordings")
        public var description: String {
            "\(groups) groups, \(children) children, \(tasks) tasks, \(days) days with \(ticks) ticks"
                + (voices > 0 ? ", \(voices) recording\(voices == 1 ? "" : "s")" : "")
        }
    }

    public struct TargetNotEmpty: Error, CustomStringConvertible {
        public var what: String
        public var description: String { "the target already holds \(what); a copy goes only into an empty data directory or database" }
    }

    /// What the target already holds, or nil when it is empty.
    public static func contents(of store: BoardStore) throws -> String? {
        if let roster = try store.loadRoster(), roster != Roster() { return "a roster (\(roster.children.count) children)" }
        if try store.loadSettings() != nil { return "settings" }
        if try store.loadPin() != nil { return "a PIN" }
        if try store.loadAttendance() != nil { return "absences" }
        if let day = try store.markJournalDays().first { return "ticks (from \(day))" }
        if let key = try store.voiceKeys().first { return "recordings (\(key))" }
        return nil
    }

    /// Copies everything; `today` is the day the target's summary is built for.
    /// `progress` hears of each day copied (for a long history).
    public static func run(from source: BoardStore, to target: BoardStore, today: Day,
                           progress: (Day) -> Void = { _ in }) throws -> Outcome {
        if let held = try contents(of: target) { throw TargetNotEmpty(what: held) }
        var outcome = Outcome()
        // First: a copy stopped part way still keeps them forgotten (their numbers only).
        try target.keepForgotten(try source.forgottenChildren())
        for day in try source.markJournalDays() {
            let events = try source.marks(on: day)
            guard !events.isEmpty else { continue }
            try target.appendMarks(events, on: day)
            outcome.days += 1
            outcome.ticks += events.count
            progress(day)
        }
        if let attendance = try source.loadAttendance() { try target.saveAttendance(attendance) }
        if let settings = try source.loadSettings() { try target.saveSettings(settings) }
        if let pin = try source.loadPin() { try target.savePin(pin) }
        outcome.voices = try target.copyVoices(from: source)
        // The roster last, so that a copy stopped part way has no roster: a
        // kiosk on it shows an empty house rather than a house without its history.
        if let roster = try source.loadRoster() {
            try target.saveRoster(roster)
            outcome.groups = roster.groups.count
            outcome.children = roster.children.count
            outcome.tasks = roster.tasks.count
        }
        let ledger = try MarkLedger(store: target, today: today)
        ledger.flush()
        return outcome
    }
}
