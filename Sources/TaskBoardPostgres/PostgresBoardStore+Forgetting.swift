import Foundation
import PostgresNIO
import TaskBoard

/// What forgetting a child took out of the database.
public struct DatabaseForgetTally: Equatable, Sendable {
    public var ticks = 0
    public var days = 0
    public var absences = 0
    public var recordings = 0
}

extension PostgresBoardStore {
    /// The children forgotten here, by number (`forgotten_children`).
    public func forgottenChildren() throws -> ForgottenChildren {
        let logger = self.logger
        let ids = try session.run("reading the children forgotten") { connection -> [Int] in
            var ids: [Int] = []
            for try await id in try await connection.query("SELECT child_id FROM forgotten_children", logger: logger).decode(Int.self) {
                ids.append(id)
            }
            return ids
        }
        return ForgottenChildren(Set(ids.map { ChildID($0) }))
    }

    /// Keeps these children forgotten here too (a copy into the database).
    public func keepForgotten(_ forgotten: ForgottenChildren) throws {
        try refuseIfReadOnly()
        guard !forgotten.isEmpty else { return }
        let logger = self.logger, ids = forgotten.ids.map(\.rawValue)
        try session.write("keeping the children forgotten") { connection in
            try await connection.perform("""
                INSERT INTO forgotten_children (child_id) SELECT * FROM unnest(\(ids)::int[]) ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    /// Forgets a child for good (issue 43), in one transaction: the entry
    /// and board, every tick and untick, the day's marks, the absences, the
    /// recording and the points summary (made again from what is left);
    /// the number goes into `forgotten_children`, so that a kiosk's outbox
    /// sending the child's tick late is not taken in, and the roster's
    /// version moves, so that a kiosk holding the old roster cannot save it
    /// back. Every kiosk is told (roster, absences, recordings, each day).
    public func forget(_ child: ChildID) throws -> DatabaseForgetTally {
        try refuseIfReadOnly()
        let logger = self.logger, feed = changeFeed, kiosk = kioskName, id = child.rawValue, announcing = changeFeed.marksAnnouncement
        let (version, tally) = try session.write("forgetting a child") { connection -> (Int64, DatabaseForgetTally) in
            var version: Int64 = 0
            for try await found in try await connection.query("""
                UPDATE roster_state SET version = version + 1, next_id = greatest(next_id, \(id) + 1), changed_by = \(kiosk), changed_at = now()
                RETURNING version
                """, logger: logger).decode(Int64.self) {
                version = found
            }
            var tally = DatabaseForgetTally()
            for try await (ticks, days) in try await connection.query(
                "SELECT count(*)::int, count(DISTINCT day)::int FROM mark_events WHERE child_id = \(id)", logger: logger).decode((Int, Int).self) {
                (tally.ticks, tally.days) = (ticks, days)
            }
            for try await count in try await connection.query(
                "WITH gone AS (DELETE FROM absences WHERE child_id = \(id) RETURNING 1) SELECT count(*)::int FROM gone", logger: logger).decode(Int.self) {
                tally.absences = count
            }
            for try await count in try await connection.query(
                "WITH gone AS (DELETE FROM voices WHERE kind = 'child' AND id = \(id) RETURNING 1) SELECT count(*)::int FROM gone",
                logger: logger).decode(Int.self) {
                tally.recordings = count
            }
            try await connection.perform("INSERT INTO forgotten_children (child_id) VALUES (\(id)) ON CONFLICT DO NOTHING", logger: logger)
            // The points of the child's days removed as history: theirs too.
            try await connection.perform("DELETE FROM points_removed WHERE child_id = \(id)", logger: logger)
            try await connection.perform("DELETE FROM boards WHERE child_id = \(id)", logger: logger)
            try await connection.perform("DELETE FROM children WHERE id = \(id)", logger: logger)
            try await connection.perform("DELETE FROM day_marks WHERE child_id = \(id)", logger: logger)
            // The days whose ticks went are told as a tick's days are.
            try await connection.perform("""
                WITH new AS (DELETE FROM mark_events WHERE child_id = \(id) RETURNING day) \(unescaped: announcing)
                """, logger: logger)
            try await connection.perform("DELETE FROM mark_summary", logger: logger)
            for change in [StoreChange.roster, .attendance, .voices] {
                try await connection.perform(feed.announcement(change), logger: logger)
            }
            return (version, tally)
        }
        rosterVersion.withLock { $0 = version }
        return tally
    }
}
