import Foundation
import PostgresNIO
import TaskBoard

/// What a shared database no longer keeps (issue 43): the first day still
/// kept, and the points of the days removed per child number, which each
/// kiosk takes off its own totals once (`MarkLedger`).
public struct HistoryRemoved: Equatable, Sendable {
    public var firstDayKept: Day?
    public var pointsRemoved: [ChildID: Int] = [:]

    public init(firstDayKept: Day? = nil, pointsRemoved: [ChildID: Int] = [:]) {
        self.firstDayKept = firstDayKept
        self.pointsRemoved = pointsRemoved
    }
}

extension PostgresBoardStore {
    public func historyRemoved() throws -> HistoryRemoved {
        let logger = self.logger
        return try session.transaction("reading what history was removed") { connection in
            var history = HistoryRemoved()
            for try await text in try await connection.query("SELECT to_char(first_day, 'YYYY-MM-DD') FROM history_kept", logger: logger)
                .decode(String.self) { history.firstDayKept = Day(text) }
            for try await row in try await connection.query("SELECT child_id, points FROM points_removed", logger: logger) {
                let (child, points) = try row.decode((Int, Int).self)
                history.pointsRemoved[ChildID(child)] = points
            }
            return history
        }
    }

    public func pointsRemovedFromHistory() throws -> [ChildID: Int] { try historyRemoved().pointsRemoved }

    /// What `removeHistory(before:)` did.
    public enum HistoryRemoval: Equatable, Sendable {
        /// The days before it were removed (or none was left to remove).
        case removed(days: Int)
        /// Nothing went: every day with ticks is before the first day kept,
        /// more likely a clock far ahead than a daycare closed a year.
        case clockAhead
    }

    /// Removes the ticks and absences before `first`, in one transaction:
    /// their points are added per child to `points_removed` (by the server,
    /// from its own rows, so two kiosks removing at once count them once),
    /// the first day kept moves (later ticks of those days from an outbox
    /// are not taken in), the points summary (a cache) goes, and the kiosks hear it.
    public func removeHistory(before first: Day) throws -> HistoryRemoval {
        try refuseIfReadOnly()
        let logger = self.logger, kiosk = kioskName, feed = changeFeed, firstText = first.description
        return try session.write("removing the days no longer kept") { connection -> HistoryRemoval in
            // One remover at a time; the second finds nothing left.
            try await connection.perform("SELECT pg_advisory_xact_lock(7341947302)", logger: logger)
            var counts = (before: 0, after: 0)
            for try await row in try await connection.query("""
                SELECT count(DISTINCT day) FILTER (WHERE day < \(firstText)::date)::int, count(*) FILTER (WHERE day >= \(firstText)::date)::int
                FROM day_marks
                """, logger: logger) {
                let (before, after) = try row.decode((Int, Int).self)
                counts = (before, after)
            }
            if counts.before > 0, counts.after == 0 { return .clockAhead }
            try await connection.perform("""
                INSERT INTO points_removed (child_id, points)
                SELECT child_id, sum(points) FROM day_marks WHERE day < \(firstText)::date AND done GROUP BY child_id HAVING sum(points) <> 0
                ON CONFLICT (child_id) DO UPDATE SET points = points_removed.points + EXCLUDED.points
                """, logger: logger)
            try await connection.perform("DELETE FROM day_marks WHERE day < \(firstText)::date", logger: logger)
            try await connection.perform("DELETE FROM mark_events WHERE day < \(firstText)::date", logger: logger)
            try await connection.perform("DELETE FROM absences WHERE day < \(firstText)::date", logger: logger)
            if counts.before > 0 { try await connection.perform("DELETE FROM mark_summary", logger: logger) }
            try await connection.perform("""
                INSERT INTO history_kept (first_day, changed_by) VALUES (\(firstText)::date, \(kiosk))
                ON CONFLICT (only_row) DO UPDATE SET first_day = greatest(history_kept.first_day, EXCLUDED.first_day),
                    changed_by = EXCLUDED.changed_by, changed_at = now()
                """, logger: logger)
            try await connection.perform(feed.announcement(.history), logger: logger)
            return .removed(days: counts.before)
        }
    }
}
