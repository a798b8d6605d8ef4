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

    /// As read first by this store (a command: once; the kiosk's worker reads `historyRemoved` afresh).
    public func pointsRemovedFromHistory() throws -> [ChildID: Int] { try historyOnce().pointsRemoved }
    public func historyKeptFrom() throws -> Day? { try historyOnce().firstDayKept }

    private func historyOnce() throws -> HistoryRemoved {
        if let known = historyRead.withLock({ $0 }) { return known }
        let read = try historyRemoved()
        historyRead.withLock { $0 = read }
        return read
    }

    /// What `removeHistory(before:)` did.
    public enum HistoryRemoval: Equatable, Sendable {
        /// The days before `first` were removed (`days` of them with ticks; none, where none was left).
        case removed(first: Day, days: Int)
        /// Nothing went: every day with ticks is before the first day kept,
        /// more likely a clock far ahead than a daycare closed a year.
        case clockAhead
        /// The database's own setting keeps every day.
        case keptForever
    }

    /// Removes the ticks and absences before the first day kept: `wanted`
    /// (the kiosk's reckoning), or the server's own from its clock and the
    /// setting as saved, whichever is earlier (a kiosk whose clock is ahead,
    /// or whose setting is stale, removes no more than the server would).
    /// A month at a time, oldest first, each in its own transaction: their
    /// points added per child to `points_removed` (by the server, from its
    /// own rows: two kiosks removing at once count them once, under an
    /// advisory lock), the first day kept moved (later ticks of those days
    /// from an outbox are not taken in), the kiosks told.
    public func removeHistory(before wanted: Day) throws -> HistoryRemoval {
        try refuseIfReadOnly()
        let logger = self.logger
        let (serverFirst, days) = try session.run("reading the first day kept") { connection -> (Day?, (before: Int, after: Int)) in
            var first: Day?
            for try await text in try await connection.query("""
                SELECT to_char((((now() AT TIME ZONE coalesce(time_zone, current_setting('TimeZone')))::date)
                                - make_interval(months => keep_history_months))::date, 'YYYY-MM-DD')
                FROM settings WHERE keep_history_months > 0
                """, logger: logger).decode(String.self) { first = Day(text) }
            var counts = (before: 0, after: 0)
            if let first {
                for try await row in try await connection.query("""
                    SELECT (EXISTS (SELECT 1 FROM day_marks WHERE day < \(first.description)::date))::int,
                           (EXISTS (SELECT 1 FROM day_marks WHERE day >= \(first.description)::date))::int
                    """, logger: logger) {
                    let (before, after) = try row.decode((Int, Int).self)
                    counts = (before, after)
                }
            }
            return (first, counts)
        }
        guard let serverFirst else { return .keptForever }
        let first = min(wanted, serverFirst)
        if days.before > 0, days.after == 0 { return .clockAhead }
        var removed = 0
        defer { historyRead.withLock { $0 = nil } }
        while let batch = try removeMonth(before: first) { removed += batch }
        return .removed(first: first, days: removed)
    }

    /// One month of the days before `first`, oldest first: the number of
    /// days with ticks it removed, or nil when none was left (the first day
    /// kept then recorded as `first`).
    private func removeMonth(before first: Day) throws -> Int? {
        let logger = self.logger, kiosk = kioskName, feed = changeFeed
        return try session.write("removing the days no longer kept") { connection -> Int? in
            // One remover at a time; the second finds nothing left.
            try await connection.perform("SELECT pg_advisory_xact_lock(7341947302)", logger: logger)
            var oldest: Day?
            for try await text in try await connection.query("""
                SELECT to_char(least((SELECT min(day) FROM day_marks), (SELECT min(day) FROM absences), (SELECT min(day) FROM mark_events)),
                               'YYYY-MM-DD')
                """, logger: logger).decode(String?.self) { oldest = text.flatMap(Day.init) }
            let end = oldest.map { min(first, $0.advanced(by: 31)) } ?? first
            var days = 0
            if let oldest, oldest < first {
                let endText = end.description
                for try await count in try await connection.query("SELECT count(DISTINCT day)::int FROM day_marks WHERE day < \(endText)::date",
                                                                  logger: logger).decode(Int.self) { days = count }
                try await connection.perform("""
                    INSERT INTO points_removed (child_id, points)
                    SELECT child_id, sum(points) FROM day_marks WHERE day < \(endText)::date AND done GROUP BY child_id HAVING sum(points) <> 0
                    ON CONFLICT (child_id) DO UPDATE SET points = points_removed.points + EXCLUDED.points
                    """, logger: logger)
                try await connection.perform("DELETE FROM day_marks WHERE day < \(endText)::date", logger: logger)
                try await connection.perform("DELETE FROM mark_events WHERE day < \(endText)::date", logger: logger)
                try await connection.perform("DELETE FROM absences WHERE day < \(endText)::date", logger: logger)
            }
            try await connection.perform("""
                INSERT INTO history_kept (first_day, changed_by) VALUES (\(end.description)::date, \(kiosk))
                ON CONFLICT (only_row) DO UPDATE SET first_day = greatest(history_kept.first_day, EXCLUDED.first_day),
                    changed_by = EXCLUDED.changed_by, changed_at = now()
                """, logger: logger)
            try await connection.perform(feed.announcement(.history), logger: logger)
            guard let oldest, oldest < first else { return nil }
            return days
        }
    }
}
