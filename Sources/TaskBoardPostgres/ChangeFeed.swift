import Foundation
import PostgresNIO
import TaskBoard

/// The channel listening kiosks hear on. The payload says what changed, in a `StoreChange`'s words.
let changeChannel = "taskboard_changes"

/// What one kiosk tells the others it changed (the domain's `StoreChange`:
/// what they read again), in words: a notification's payload and a
/// counter's kind.
extension StoreChange {
    /// How the words of `.marks` begin; the day follows as YYYY-MM-DD (made in SQL by `marksAnnouncement`).
    static let marksPrefix = "marks "

    /// The change these words name; nil for words this build does not know (a newer kiosk's).
    init?(words: String) {
        switch words {
        case "roster": self = .roster
        case "settings": self = .settings
        case "pin": self = .pin
        case "attendance": self = .attendance
        case "voices": self = .voices
        case "history": self = .history
        default:
            guard words.hasPrefix(Self.marksPrefix), let day = Day(words.dropFirst(Self.marksPrefix.count)) else { return nil }
            self = .marks(day)
        }
    }

    var words: String {
        switch self {
        case .roster: "roster"
        case .settings: "settings"
        case .pin: "pin"
        case .attendance: "attendance"
        case .voices: "voices"
        case .history: "history"
        case .marks(let day): Self.marksPrefix + day.description
        }
    }
}

/// How a kiosk learns that another kiosk changed something. Every kiosk of
/// one daycare must learn the same way: a change made by one that counts is
/// not heard by one that listens (until its half-minute re-read).
public enum ChangeFeed: Sendable, Equatable {
    /// LISTEN/NOTIFY: each change is announced with its commit, and the
    /// listening kiosks re-read what it names at once. What kiosks use: it
    /// served more kiosks within the budget (docs/rooms.md, "Listening or counting").
    case notifications
    /// Each change bumps a counter of its kind in `change_counters` as it is
    /// saved (in its transaction where it has one); each kiosk reads the
    /// counters every `every` seconds and re-reads the kinds whose counter
    /// moved. Counters per kind, not a numbered log, so a change committed
    /// after a later-numbered one cannot be passed over. Kept so that
    /// `taskboard-bench rooms` can compare the two on any server.
    case counters(every: TimeInterval)

    /// The statement, in the change's transaction, that tells the other
    /// kiosks of `change` (ticks are told by `marksAnnouncement`, in their statement).
    func announcement(_ change: StoreChange) -> PostgresQuery {
        let kind = change.words
        return switch self {
        case .notifications:
            "SELECT pg_notify(\(changeChannel), \(kind))"
        case .counters:
            """
            INSERT INTO change_counters (kind, version) VALUES (\(kind), 1)
            ON CONFLICT (kind) DO UPDATE SET version = change_counters.version + 1
            """
        }
    }

    /// The last part of a tick's statement: announces the day of the events
    /// in `new` (its insert), if any went in.
    var marksAnnouncement: String {
        switch self {
        case .notifications:
            "SELECT pg_notify('\(changeChannel)', '\(StoreChange.marksPrefix)' || to_char(day, 'YYYY-MM-DD')) FROM (SELECT DISTINCT day FROM new) AS d"
        case .counters:
            """
            INSERT INTO change_counters (kind, day, version) SELECT DISTINCT '\(StoreChange.marksPrefix)' || to_char(day, 'YYYY-MM-DD'), day, 1 FROM new
            ON CONFLICT (kind) DO UPDATE SET version = change_counters.version + 1
            """
        }
    }
}

extension PostgresBoardStore {
    /// The counters of every kind of change (a row a day with ticks: a
    /// tick on an old day is news too, as it is to a listening kiosk).
    func changeCounters() throws -> [String: Int64] {
        let logger = self.logger
        return try session.run("reading what changed") { connection in
            var counters: [String: Int64] = [:]
            for try await row in try await connection.query("SELECT kind, version FROM change_counters", logger: logger) {
                let (kind, version) = try row.decode((String, Int64).self)
                counters[kind] = version
            }
            return counters
        }
    }
}
