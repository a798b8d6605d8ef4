import Foundation
import PostgresNIO
import TaskBoard

/// A daycare kept in PostgreSQL, shared by every room's kiosk. Each change
/// is committed when a call returns (as with the data directory's fsync), and
/// carries the name of the kiosk that made it.
///
/// Marks: each event is one row with an id made here, inserted with the
/// day's resulting mark and a notification in one statement, so a tick is one
/// round trip and a resend after a lost answer does nothing twice. Two kiosks
/// ticking the same cell: the event the server numbered last wins, in the
/// replay and in `day_marks` alike.
///
/// The roster carries a version: a save over a roster that another kiosk
/// changed since this one read it is refused (`DatabaseError.conflict`), so
/// the adult can look again instead of undoing someone's work.
public final class PostgresBoardStore: BoardStore, Sendable {
    public let address: DatabaseAddress
    /// Recorded with every change this store makes.
    public let kioskName: String
    public let isReadOnly: Bool
    /// How this store's changes are announced to the other kiosks.
    let changeFeed: ChangeFeed
    let session: DatabaseSession
    /// The roster version this store last read or wrote; nil before either.
    let rosterVersion = Locked<Int64?>(nil)
    /// What history was removed, as this store first read it (`historyOnce`).
    let historyRead = Locked<HistoryRemoved?>(nil)

    /// Connects and brings the schema up to date (a read-only store only
    /// checks that it can read it).
    /// `setUp` false: the tables must be up to date already, and are never
    /// made or changed here (`taskboard rooms add`, run as the server's
    /// superuser, must not make tables that the owner then cannot change).
    public init(address: DatabaseAddress, password: String?, kioskName: String, readOnly: Bool = false,
                deadline: Duration = .seconds(5), connectionRole: String? = nil, changeFeed: ChangeFeed = .notifications,
                setUp: Bool = true) throws {
        self.address = address
        self.changeFeed = changeFeed
        self.kioskName = kioskName
        self.isReadOnly = readOnly
        session = try DatabaseSession(address: address, password: password,
                                      applicationName: Self.applicationName(of: kioskName, role: connectionRole), deadline: deadline)
        let logger = session.logger
        try session.run("setting up the tables") { connection in
            try await DatabaseSchema.migrate(connection, logger: logger, readOnly: readOnly || !setUp, counting: changeFeed != .notifications)
        }
    }

    /// What `pg_stat_activity` shows for a kiosk's connections, with
    /// `role` ("listening") for the one that listens.
    static func applicationName(of kioskName: String, role: String? = nil) -> String {
        ["taskboard", kioskName, role].compactMap { $0 }.joined(separator: " ")
    }

    /// The connection as it is now (connecting if needed), for a listener to
    /// share: notifications arrive on it between the store's own calls.
    func connectionToListenOn() throws -> PostgresConnection { try session.currentConnection() }

    /// Closes the connection; the next call would open another.
    public func close() { session.close() }

    var logger: Logger { session.logger }

    func refuseIfReadOnly() throws {
        if isReadOnly { throw DatabaseError(.readOnly, "this screen only looks; nothing was saved") }
    }

    // MARK: Roster

    public func loadRoster() throws -> Roster? {
        let loaded = try loadVersionedRoster()
        rosterVersion.withLock { $0 = loaded?.version }
        return loaded?.roster
    }

    /// The roster and its version (which every save raises by one).
    public func loadVersionedRoster() throws -> (roster: Roster, version: Int64)? {
        let logger = self.logger
        let loaded = try session.transaction("reading the roster") { connection -> (Roster, Int64)? in
            // One snapshot for the five reads: a save between them would mix two rosters.
            try await connection.perform("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
            var state: (nextID: Int, version: Int64)?
            for try await row in try await connection.query("SELECT next_id, version FROM roster_state", logger: logger) {
                let (next, version) = try row.decode((Int, Int64).self)
                state = (next, version)
            }
            guard let state else { return nil }
            var roster = Roster(nextID: state.nextID)
            for try await row in try await connection.query("SELECT id, name, avatar FROM groups ORDER BY position", logger: logger) {
                let (id, name, avatar) = try row.decode((Int, String, String).self)
                roster.groups.append(Group(id: GroupID(id), name: name, avatar: avatar))
            }
            for try await row in try await connection.query("""
                SELECT id, name, icon, points, to_char(time_of_day, 'HH24:MI'), to_char(until_time, 'HH24:MI') FROM tasks ORDER BY position
                """, logger: logger) {
                let (id, name, icon, points, timeText, untilText) = try row.decode((Int, String, String?, Int, String?, String?).self)
                func time(_ text: String?, _ column: String) throws -> TimeOfDay? {
                    try text.map { text in
                        guard let time = try? TimeOfDay.parse(text) else { throw DatabaseError(.damaged, "task \(id)'s \(column) \"\(text)\" is not a time") }
                        return time
                    }
                }
                roster.tasks.append(LibraryTask(id: TaskID(id), name: name, icon: icon, points: points, time: try time(timeText, "time_of_day"),
                                                until: try time(untilText, "until_time")))
            }
            var index: [ChildID: Int] = [:]
            for try await row in try await connection.query("SELECT id, name, avatar, group_id, to_char(first_day, 'YYYY-MM-DD') FROM children ORDER BY position", logger: logger) {
                let (id, name, avatar, group, first) = try row.decode((Int, String, String, Int, String?).self)
                index[ChildID(id)] = roster.children.count
                let firstDay = try first.map { text in
                    guard let day = Day(text) else { throw DatabaseError(.damaged, "child \(id)'s first_day \"\(text)\" is not a date") }
                    return day
                }
                roster.children.append(Child(id: ChildID(id), name: name, avatar: avatar, groupID: GroupID(group), firstDay: firstDay))
            }
            for try await row in try await connection.query(
                "SELECT child_id, task_id, weekdays FROM boards ORDER BY child_id, position", logger: logger) {
                let (child, task, weekdays) = try row.decode((Int, Int, [Int]?).self)
                guard let at = index[ChildID(child)] else { continue }
                roster.children[at].board.append(TaskID(task))
                if let weekdays { roster.children[at].boardDays[TaskID(task)] = weekdays }
            }
            for try await row in try await connection.query("""
                SELECT group_id, to_char(day, 'YYYY-MM-DD'), kind, task_id, name, icon, to_char(at_time, 'HH24:MI'), to_char(until_time, 'HH24:MI')
                FROM day_changes ORDER BY position
                """, logger: logger) {
                let (group, dayText, kind, task, name, icon, at, until)
                    = try row.decode((Int, String, String, Int?, String?, String?, String?, String?).self)
                roster.dayChanges.append(try DayChangeRow(group: group, day: dayText, kind: kind, task: task, name: name, icon: icon,
                                                          at: at, until: until).change())
            }
            return (roster, state.version)
        }
        return loaded.map { (roster: $0.0, version: $0.1) }
    }

    public func saveRoster(_ roster: Roster) throws {
        let saved = try saveRoster(roster, over: rosterVersion.withLock { $0 })
        rosterVersion.withLock { $0 = saved }
    }

    /// Saves the roster if the database still holds version `expected` (nil:
    /// no roster yet); returns the new version. Otherwise nothing is saved and
    /// the conflict is thrown, naming the kiosk that changed it.
    public func saveRoster(_ roster: Roster, over expected: Int64?) throws -> Int64 {
        try refuseIfReadOnly()
        let logger = self.logger, feed = changeFeed
        let kiosk = kioskName
        let groups = roster.groups, tasks = roster.tasks, children = roster.children
        let dayChanges = roster.dayChanges.map(DayChangeRow.init)
        let boards = children.flatMap { child in
            child.board.enumerated().map { (child: child.id.rawValue, task: $0.element.rawValue, position: $0.offset,
                                            weekdays: child.boardDays[$0.element]) }
        }
        return try session.write("saving the roster") { connection -> Int64 in
            var current: (version: Int64, by: String, at: String)?
            for try await row in try await connection.query(
                "SELECT version, changed_by, to_char(changed_at, 'HH24:MI') FROM roster_state FOR UPDATE", logger: logger) {
                let (version, by, at) = try row.decode((Int64, String, String).self)
                current = (version, by, at)
            }
            if let current, current.version != expected {
                throw DatabaseError(.conflict, "the roster was changed on kiosk \"\(current.by)\" at \(current.at) after this one read it; "
                                        + "nothing was saved: look again and make the change once more")
            }
            try await connection.perform("DELETE FROM day_changes", logger: logger)
            try await connection.perform("DELETE FROM boards; ", logger: logger)
            try await connection.perform("DELETE FROM children", logger: logger)
            try await connection.perform("DELETE FROM groups", logger: logger)
            try await connection.perform("DELETE FROM tasks", logger: logger)
            try await connection.perform("""
                INSERT INTO groups (id, position, name, avatar)
                SELECT * FROM unnest(\(groups.map(\.id.rawValue))::int[], \(Array(groups.indices))::int[],
                                     \(groups.map(\.name))::text[], \(groups.map(\.avatar))::text[])
                """, logger: logger)
            try await connection.perform("""
                INSERT INTO tasks (id, position, name, icon, points, time_of_day, until_time)
                SELECT i, p, n, c, s, NULLIF(t, '')::time, NULLIF(u, '')::time
                FROM unnest(\(tasks.map(\.id.rawValue))::int[], \(Array(tasks.indices))::int[], \(tasks.map(\.name))::text[],
                            \(tasks.map { $0.icon ?? "" })::text[], \(tasks.map(\.points))::int[],
                            \(tasks.map { $0.time?.description ?? "" })::text[], \(tasks.map { $0.until?.description ?? "" })::text[]) AS x(i, p, n, c, s, t, u)
                """, logger: logger)
            // unnest cannot give a NULL from an array of text, so no icon travels as '' and is stored as NULL.
            try await connection.perform("UPDATE tasks SET icon = NULL WHERE icon = ''", logger: logger)
            try await connection.perform("""
                INSERT INTO children (id, position, name, avatar, group_id, first_day)
                SELECT i, p, n, a, g, NULLIF(f, '')::date
                FROM unnest(\(children.map(\.id.rawValue))::int[], \(Array(children.indices))::int[], \(children.map(\.name))::text[],
                            \(children.map(\.avatar))::text[], \(children.map(\.groupID.rawValue))::int[],
                            \(children.map { $0.firstDay?.description ?? "" })::text[]) AS c(i, p, n, a, g, f)
                """, logger: logger)
            // Weekdays travel as text ("2,4"; "" for every day), since SQL arrays of arrays must be rectangular.
            try await connection.perform("""
                INSERT INTO boards (child_id, task_id, position, weekdays)
                SELECT c, t, p, CASE WHEN w = '' THEN NULL ELSE string_to_array(w, ',')::int[] END
                FROM unnest(\(boards.map(\.child))::int[], \(boards.map(\.task))::int[], \(boards.map(\.position))::int[],
                            \(boards.map { $0.weekdays.map { $0.map(String.init).joined(separator: ",") } ?? "" })::text[]) AS b(c, t, p, w)
                """, logger: logger)
            // Empty text and -1 stand for NULL, which unnest cannot give from an array.
            try await connection.perform("""
                INSERT INTO day_changes (position, group_id, day, kind, task_id, name, icon, at_time, until_time)
                SELECT p, g, d::date, k, NULLIF(t, -1), NULLIF(n, ''), NULLIF(c, ''), NULLIF(a, '')::time, NULLIF(u, '')::time
                FROM unnest(\(Array(dayChanges.indices))::int[], \(dayChanges.map(\.group))::int[], \(dayChanges.map(\.day))::text[],
                            \(dayChanges.map(\.kind))::text[], \(dayChanges.map { $0.task ?? -1 })::int[], \(dayChanges.map { $0.name ?? "" })::text[],
                            \(dayChanges.map { $0.icon ?? "" })::text[], \(dayChanges.map { $0.at ?? "" })::text[],
                            \(dayChanges.map { $0.until ?? "" })::text[]) AS x(p, g, d, k, t, n, c, a, u)
                """, logger: logger)
            let next = current.map { $0.version + 1 } ?? 1
            try await connection.perform("""
                INSERT INTO roster_state (next_id, version, changed_by) VALUES (\(roster.nextID), \(next), \(kiosk))
                ON CONFLICT (only_row) DO UPDATE SET next_id = EXCLUDED.next_id, version = EXCLUDED.version,
                    changed_by = EXCLUDED.changed_by, changed_at = now()
                """, logger: logger)
            try await connection.perform(feed.announcement(.roster), logger: logger)
            return next
        }
    }

    // MARK: Settings

    public func loadSettings() throws -> Settings? {
        let logger = self.logger
        return try session.run("reading the settings") { connection -> Settings? in
            var settings: Settings?
            for try await row in try await connection.query("""
                SELECT time_zone, language, idle_logout_minutes, closed_weekdays,
                       array(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(closed_days) AS d ORDER BY d),
                       leaderboard_style, goal_per_child, read_aloud, to_char(closing_time, 'HH24:MI'), change_warning_minutes,
                       keep_history_months
                FROM settings
                """, logger: logger) {
                let (zone, language, idle, weekdays, days, style, goal, readAloud, closing, warning, keep)
                    = try row.decode((String?, String?, Int, [Int], [String], String, Int, Bool, String, Int, Int).self)
                guard let closingTime = try? TimeOfDay.parse(closing) else {
                    throw DatabaseError(.damaged, "the settings' closing_time \"\(closing)\" is not a time")
                }
                guard let leaderboardStyle = LeaderboardStyle(rawValue: style) else {
                    throw DatabaseError(.damaged, "the settings' leaderboard_style \"\(style)\" is not one taskboard knows")
                }
                let closed = try days.map { text in
                    guard let day = Day(text) else { throw DatabaseError(.damaged, "the settings' closed day \"\(text)\" is not a date") }
                    return day
                }
                settings = Settings(timeZoneIdentifier: zone, language: language, idleLogoutMinutes: idle, closedWeekdays: weekdays,
                                    closedDays: closed, leaderboardStyle: leaderboardStyle, goalPerChild: goal, readAloud: readAloud,
                                    closingTime: closingTime, changeWarningMinutes: warning, keepHistoryMonths: keep)
            }
            return settings
        }
    }

    public func saveSettings(_ settings: Settings) throws {
        try refuseIfReadOnly()
        let logger = self.logger, feed = changeFeed, kiosk = kioskName
        try session.write("saving the settings") { connection in
            try await connection.perform("""
                INSERT INTO settings (time_zone, language, idle_logout_minutes, closed_weekdays, closed_days, leaderboard_style, goal_per_child, read_aloud,
                                      closing_time, change_warning_minutes, keep_history_months, changed_by)
                VALUES (\(settings.timeZoneIdentifier), \(settings.language), \(settings.idleLogoutMinutes), \(settings.closedWeekdays)::int[],
                        \(settings.closedDays.map(\.description))::date[], \(settings.leaderboardStyle.rawValue), \(settings.goalPerChild),
                        \(settings.readAloud), \(settings.closingTime.description)::time, \(settings.changeWarningMinutes),
                        \(settings.keepHistoryMonths), \(kiosk))
                ON CONFLICT (only_row) DO UPDATE SET time_zone = EXCLUDED.time_zone, language = EXCLUDED.language,
                    idle_logout_minutes = EXCLUDED.idle_logout_minutes, closed_weekdays = EXCLUDED.closed_weekdays,
                    closed_days = EXCLUDED.closed_days, leaderboard_style = EXCLUDED.leaderboard_style,
                    goal_per_child = EXCLUDED.goal_per_child, read_aloud = EXCLUDED.read_aloud, closing_time = EXCLUDED.closing_time,
                    change_warning_minutes = EXCLUDED.change_warning_minutes, keep_history_months = EXCLUDED.keep_history_months,
                    changed_by = EXCLUDED.changed_by, changed_at = now()
                """, logger: logger)
            try await connection.perform(feed.announcement(.settings), logger: logger)
        }
    }

    // MARK: Attendance

    public func loadAttendance() throws -> Attendance? {
        let logger = self.logger
        return try session.run("reading who is away") { connection -> Attendance? in
            var away: [Day: Set<ChildID>] = [:]
            for try await row in try await connection.query(
                "SELECT to_char(day, 'YYYY-MM-DD'), child_id FROM absences ORDER BY day, child_id", logger: logger) {
                let (text, child) = try row.decode((String, Int).self)
                guard let day = Day(text) else { throw DatabaseError(.damaged, "an absence's day \"\(text)\" is not a date") }
                away[day, default: []].insert(ChildID(child))
            }
            return away.isEmpty ? nil : Attendance(away: away)
        }
    }

    public func saveAttendance(_ attendance: Attendance) throws {
        try refuseIfReadOnly()
        let logger = self.logger, feed = changeFeed
        let rows = attendance.away.flatMap { day, children in children.map { (day: day.description, child: $0.rawValue) } }
        try session.write("saving who is away") { connection in
            try await connection.perform("DELETE FROM absences", logger: logger)
            try await connection.perform("""
                INSERT INTO absences (day, child_id) SELECT * FROM unnest(\(rows.map(\.day))::date[], \(rows.map(\.child))::int[]) AS a(d, c)
                WHERE c NOT IN (SELECT child_id FROM forgotten_children) AND d >= \(unescaped: DatabaseSchema.firstDayKept)
                """, logger: logger)
            try await connection.perform(feed.announcement(.attendance), logger: logger)
        }
    }

    /// Marks children away or here, each change on its own: what another
    /// kiosk changed for other children stays. Sending the same twice is harmless.
    public func setAway(_ changes: [(day: Day, child: ChildID, away: Bool)]) throws {
        try refuseIfReadOnly()
        guard !changes.isEmpty else { return }
        let logger = self.logger, feed = changeFeed
        // The last change for a child and day is the one that stands (away, here, away again).
        var last: [String: (day: Day, child: ChildID, away: Bool)] = [:]
        for change in changes { last["\(change.day) \(change.child.rawValue)"] = change }
        let away = last.values.filter(\.away), here = last.values.filter { !$0.away }
        try session.write("saving who is away") { connection in
            try await connection.perform("""
                INSERT INTO absences (day, child_id) SELECT * FROM unnest(\(away.map(\.day.description))::date[], \(away.map(\.child.rawValue))::int[]) AS a(d, c)
                WHERE c NOT IN (SELECT child_id FROM forgotten_children) AND d >= \(unescaped: DatabaseSchema.firstDayKept)
                ON CONFLICT DO NOTHING
                """, logger: logger)
            try await connection.perform("""
                DELETE FROM absences WHERE (day, child_id) IN
                    (SELECT * FROM unnest(\(here.map(\.day.description))::date[], \(here.map(\.child.rawValue))::int[]))
                """, logger: logger)
            try await connection.perform(feed.announcement(.attendance), logger: logger)
        }
    }
}
