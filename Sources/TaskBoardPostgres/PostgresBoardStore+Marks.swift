import Foundation
import PostgresNIO
import TaskBoard
import TaskBoardStorage

extension PostgresBoardStore {
    public func appendMark(_ event: MarkEvent, on day: Day) throws {
        try appendMarks([event], on: day)
    }

    /// One statement: the events, the day's resulting marks and a
    /// notification commit together or not at all.
    public func appendMarks(_ events: [MarkEvent], on day: Day) throws {
        guard !events.isEmpty else { return }
        try appendMarks(events.map { (UUID(), $0) }, on: day)
    }

    /// With ids made by the caller (an outbox that may send an event twice):
    /// an id the database already has is passed over.
    public func appendMarks(_ events: [(id: UUID, event: MarkEvent)], on day: Day) throws {
        try refuseIfReadOnly()
        let logger = self.logger, kiosk = kioskName, announcing = changeFeed.marksAnnouncement
        let dayText = day.description
        try session.write("saving a tick") { connection in
            try await connection.perform("""
                WITH new AS (
                    INSERT INTO mark_events (id, day, child_id, task_id, done, points, board_complete, at, kiosk)
                    SELECT i, \(dayText)::date, c, t, d, p, b, a, \(kiosk)
                    FROM unnest(\(events.map(\.id))::uuid[], \(events.map(\.event.child.rawValue))::int[],
                                \(events.map(\.event.task.rawValue))::int[], \(events.map(\.event.done))::bool[],
                                \(events.map(\.event.points))::int[], \(events.map(\.event.boardComplete))::bool[],
                                \(events.map { Int($0.event.at) })::bigint[]) WITH ORDINALITY AS e(i, c, t, d, p, b, a, n)
                    -- A forgotten child's tick (a kiosk's outbox sending it late) is not taken in, nor one of a day removed.
                    WHERE c NOT IN (SELECT child_id FROM forgotten_children) AND \(dayText)::date >= \(unescaped: DatabaseSchema.firstDayKept)
                    ORDER BY n
                    ON CONFLICT (id) DO NOTHING
                    RETURNING seq, day, child_id, task_id, done, points
                ), marks AS (
                    INSERT INTO day_marks (day, child_id, task_id, done, points, seq)
                    SELECT DISTINCT ON (child_id, task_id) day, child_id, task_id, done, points, seq
                    FROM new ORDER BY child_id, task_id, seq DESC
                    ON CONFLICT (day, child_id, task_id) DO UPDATE
                        SET done = EXCLUDED.done, points = EXCLUDED.points, seq = EXCLUDED.seq
                        WHERE day_marks.seq < EXCLUDED.seq
                )
                \(unescaped: announcing)
                """, logger: logger)
        }
    }

    public func marks(on day: Day) throws -> [MarkEvent] {
        try identifiedMarks(on: day).map(\.event)
    }

    /// The day's events in the server's order, each with the id its kiosk gave it.
    public func identifiedMarks(on day: Day) throws -> [IdentifiedMark] {
        try identifiedMarks(in: day...day)[day] ?? []
    }

    public func marks(in days: ClosedRange<Day>) throws -> [Day: [MarkEvent]] {
        try identifiedMarks(in: days).mapValues { $0.map(\.event) }
    }

    /// The events of several days in one query (a kiosk's first start reads
    /// a year): each day's in the server's order; a day without any is absent.
    public func identifiedMarks(in days: ClosedRange<Day>) throws -> [Day: [IdentifiedMark]] {
        let logger = self.logger
        let first = days.lowerBound.description, last = days.upperBound.description
        return try session.run("reading the days' ticks") { connection in
            var marks: [Day: [IdentifiedMark]] = [:]
            var day = days.lowerBound, dayText = first
            for try await row in try await connection.query("""
                SELECT to_char(day, 'YYYY-MM-DD'), id, child_id, task_id, done, points, board_complete, at FROM mark_events
                WHERE day BETWEEN \(first)::date AND \(last)::date ORDER BY day, seq
                """, logger: logger) {
                let (text, id, child, task, done, points, complete, at) = try row.decode((String, UUID, Int, Int, Bool, Int, Bool, Int64).self)
                if text != dayText {
                    guard let parsed = Day(text) else { throw DatabaseError(.damaged, "a tick's day \"\(text)\" is not a date") }
                    day = parsed
                    dayText = text
                }
                marks[day, default: []].append(IdentifiedMark(id: id, event: MarkEvent(child: ChildID(child), task: TaskID(task), done: done,
                                                                                        points: points, boardComplete: complete, at: at)))
            }
            return marks
        }
    }

    /// Which of these ids the database already has (sent before an answer was lost).
    public func committedIDs(among ids: [UUID]) throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        let logger = self.logger
        return try session.run("looking for ticks already sent") { connection in
            var found: Set<UUID> = []
            for try await id in try await connection.query("SELECT id FROM mark_events WHERE id = ANY(\(ids)::uuid[])", logger: logger).decode(UUID.self) {
                found.insert(id)
            }
            return found
        }
    }

    /// The number of the day's events: it grows with every append.
    public func markJournalLength(on day: Day) throws -> Int {
        let logger = self.logger
        let dayText = day.description
        return try session.run("counting the day's ticks") { connection in
            var count = 0
            for try await found in try await connection.query(
                "SELECT count(*) FROM mark_events WHERE day = \(dayText)::date", logger: logger).decode(Int.self) {
                count = found
            }
            return count
        }
    }

    /// The number of events of every day in the range that has any, in one query.
    public func markCounts(in days: ClosedRange<Day>) throws -> [Day: Int] {
        let logger = self.logger
        let first = days.lowerBound.description, last = days.upperBound.description
        return try session.run("counting the ticks of recent days") { connection in
            var counts: [Day: Int] = [:]
            for try await row in try await connection.query("""
                SELECT to_char(day, 'YYYY-MM-DD'), count(*) FROM mark_events
                WHERE day BETWEEN \(first)::date AND \(last)::date GROUP BY day
                """, logger: logger) {
                let (text, count) = try row.decode((String, Int).self)
                guard let day = Day(text) else { throw DatabaseError(.damaged, "a tick's day \"\(text)\" is not a date") }
                counts[day] = count
            }
            return counts
        }
    }

    public func markJournalDays() throws -> [Day] {
        let logger = self.logger
        return try session.run("listing the days with ticks") { connection in
            var days: [Day] = []
            for try await text in try await connection.query(
                "SELECT DISTINCT to_char(day, 'YYYY-MM-DD') FROM mark_events ORDER BY 1", logger: logger).decode(String.self) {
                guard let day = Day(text) else { throw DatabaseError(.damaged, "a tick's day \"\(text)\" is not a date") }
                days.append(day)
            }
            return days
        }
    }

    // MARK: The summary (a cache)

    public func loadMarkSummary() throws -> MarkSummary? {
        let logger = self.logger
        let text = try session.run("reading the points summary") { connection -> String? in
            var text: String?
            for try await found in try await connection.query("SELECT summary::text FROM mark_summary", logger: logger).decode(String.self) {
                text = found
            }
            return text
        }
        guard let text else { return nil }
        do {
            return try StoredSummary(json: try JSONValue.parse(Data(text.utf8))).summary
        } catch {
            throw DatabaseError(.damaged, "the points summary in mark_summary cannot be read (\(error)); delete its row and it is rebuilt from mark_events")
        }
    }

    public func saveMarkSummary(_ summary: MarkSummary) throws {
        try refuseIfReadOnly()
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(StoredSummary(summary)), as: UTF8.self)
        } catch {
            throw DatabaseError(.damaged, "the points summary could not be written as JSON (\(error))")
        }
        let logger = self.logger, kiosk = kioskName
        try session.write("saving the points summary") { connection in
            try await connection.perform("""
                INSERT INTO mark_summary (summary, changed_by) VALUES (\(json)::jsonb, \(kiosk))
                ON CONFLICT (only_row) DO UPDATE SET summary = EXCLUDED.summary, changed_by = EXCLUDED.changed_by, changed_at = now()
                """, logger: logger)
        }
    }

    /// On a shared database the days go in one transaction on the server
    /// (`removeHistory(before:)`, by a kiosk's worker), not day by day here.
    public func removeHistory(journals days: [Day], before first: Day) throws {}
    public var removesHistoryItself: Bool { true }
    /// A child forgotten takes their events out of the days.
    public var journalsMayShrink: Bool { true }

    /// A database is backed up by its server (pg_dump, or `taskboard backup`);
    /// the data directory's daily copies of small files have no counterpart.
    public func makeDailyBackup(on day: Day) throws {}
}

/// A tick as the database keeps it: with the id its kiosk made.
public struct IdentifiedMark: Equatable, Sendable {
    public var id: UUID
    public var event: MarkEvent

    public init(id: UUID, event: MarkEvent) {
        self.id = id
        self.event = event
    }
}

extension PostgresBoardStore {
    /// The tables against each other, for `taskboard check`: each day's
    /// marks as its events leave them, and no event for an id the roster
    /// never handed out. Each finding names its table.
    public func consistencyProblems() throws -> [(table: String, problem: String)] {
        let logger = self.logger
        return try session.run("checking the tables") { connection in
            var found: [(table: String, problem: String)] = []
            for try await (day, child, task) in try await connection.query("""
                SELECT to_char(d.day, 'YYYY-MM-DD'), d.child_id, d.task_id FROM day_marks d
                LEFT JOIN LATERAL (SELECT done, points FROM mark_events e
                                   WHERE e.day = d.day AND e.child_id = d.child_id AND e.task_id = d.task_id
                                   ORDER BY seq DESC LIMIT 1) last ON true
                WHERE last.done IS DISTINCT FROM d.done OR last.points IS DISTINCT FROM d.points
                ORDER BY 1, 2, 3 LIMIT 20
                """, logger: logger).decode((String, Int, Int).self) {
                found.append(("day_marks", "\(day): child \(child), task \(task) is not what its last event in mark_events says"))
            }
            for try await (count, largest) in try await connection.query("""
                SELECT count(*), max(greatest(e.child_id, e.task_id)) FROM mark_events e, roster_state r
                WHERE e.child_id >= r.next_id OR e.task_id >= r.next_id
                """, logger: logger).decode((Int, Int?).self) where count > 0 {
                found.append(("mark_events", "\(count) events name ids the roster never handed out (up to \(largest ?? 0))"))
            }
            return found
        }
    }
}
