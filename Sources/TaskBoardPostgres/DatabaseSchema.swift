import Foundation
import PostgresNIO

/// The tables, made and brought up to date by the program itself. Each step
/// runs once, in order, in one transaction with the version it reaches, under
/// an advisory lock so that five kiosks starting together migrate once. A
/// database from a newer taskboard is refused, never changed.
///
/// Days are `date`s, so the IT person's own queries read naturally; the
/// program reads them back as text (`YYYY-MM-DD`).
enum DatabaseSchema {
    static let steps: [String] = [
        // 1: the daycare.
        """
        CREATE TABLE roster_state (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            next_id integer NOT NULL,
            version bigint NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE groups (
            id integer PRIMARY KEY,
            position integer NOT NULL,
            name text NOT NULL,
            avatar text NOT NULL
        );
        CREATE TABLE children (
            id integer PRIMARY KEY,
            position integer NOT NULL,
            name text NOT NULL,
            avatar text NOT NULL,
            group_id integer NOT NULL REFERENCES groups (id)
        );
        CREATE TABLE tasks (
            id integer PRIMARY KEY,
            position integer NOT NULL,
            name text NOT NULL,
            icon text,
            points integer NOT NULL
        );
        -- A child's board in order; weekdays (1 = Monday) only for tasks not done every day.
        CREATE TABLE boards (
            child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
            task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            position integer NOT NULL,
            weekdays integer[],
            PRIMARY KEY (child_id, task_id)
        );
        CREATE TABLE settings (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            time_zone text,
            language text,
            idle_logout_minutes integer NOT NULL,
            closed_weekdays integer[] NOT NULL,
            closed_days date[] NOT NULL,
            leaderboard_style text NOT NULL,
            group_goal integer NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()
        );
        -- The admin PIN's salted slow hash and the house's one lockout.
        CREATE TABLE pin (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            algorithm text,
            iterations integer,
            salt bytea,
            hash bytea,
            failed_attempts integer NOT NULL,
            lockouts integer NOT NULL,
            locked_at double precision,
            locked_until double precision,
            checks_in_progress integer NOT NULL,
            interrupted_checks integer NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE absences (
            day date NOT NULL,
            child_id integer NOT NULL,
            PRIMARY KEY (day, child_id)
        );
        -- Every tick and untick, append-only, numbered by the server in the
        -- order it took them: replaying a day by seq gives its marks. id is made
        -- by the kiosk, so a resend after a lost answer is harmless.
        CREATE TABLE mark_events (
            seq bigserial PRIMARY KEY,
            id uuid NOT NULL UNIQUE,
            day date NOT NULL,
            child_id integer NOT NULL,
            task_id integer NOT NULL,
            done boolean NOT NULL,
            points integer NOT NULL,
            board_complete boolean NOT NULL,
            at bigint NOT NULL,
            kiosk text NOT NULL,
            committed_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX mark_events_by_day ON mark_events (day, seq);
        -- The day's marks as the last event by seq left them.
        CREATE TABLE day_marks (
            day date NOT NULL,
            child_id integer NOT NULL,
            task_id integer NOT NULL,
            done boolean NOT NULL,
            points integer NOT NULL,
            seq bigint NOT NULL,
            PRIMARY KEY (day, child_id, task_id)
        );
        -- A cache of the points of recent days (see MarkLedger); rebuilt from
        -- mark_events when missing.
        CREATE TABLE mark_summary (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            summary jsonb NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()
        );
        """,
        // 2: a child's first day; the group goal per child and open day (the
        // old goal, points for any period, has no honest translation); read aloud.
        """
        ALTER TABLE children ADD COLUMN first_day date;
        ALTER TABLE settings DROP COLUMN group_goal;
        ALTER TABLE settings ADD COLUMN goal_per_child integer NOT NULL DEFAULT 3;
        ALTER TABLE settings ADD COLUMN read_aloud boolean NOT NULL DEFAULT false
        """,
        // 3: a task's time of day (lunch at 11:00), if it has one.
        """
        ALTER TABLE tasks ADD COLUMN time_of_day time
        """,
        // 4: each kiosk's last report of itself, for `taskboard rooms` (times by the server's clock but started_at and offline_since).
        """
        CREATE TABLE kiosks (
            name text PRIMARY KEY,
            version text NOT NULL,
            run uuid NOT NULL,
            waiting integer NOT NULL,
            offline_since timestamptz,
            started_at timestamptz NOT NULL,
            stopped_at timestamptz,
            seen_at timestamptz NOT NULL DEFAULT now(),
            name_shared_at timestamptz
        )
        """,
        // 5: when the day's program ends, how long before a change it is
        // announced (0: not at all), and a task's own end (outdoors 9:00–10:30).
        """
        ALTER TABLE settings ADD COLUMN closing_time time NOT NULL DEFAULT '17:00';
        ALTER TABLE settings ADD COLUMN change_warning_minutes integer NOT NULL DEFAULT 5;
        ALTER TABLE tasks ADD COLUMN until_time time
        """,
        // 6: groups' days that are different (a trip, a visitor): an
        // activity added, a task cancelled or moved, on one date.
        """
        CREATE TABLE day_changes (
            position integer PRIMARY KEY,
            group_id integer NOT NULL,
            day date NOT NULL,
            kind text NOT NULL CHECK (kind IN ('activity', 'cancel', 'move')),
            task_id integer,
            name text,
            icon text,
            at_time time,
            until_time time
        )
        """,
        // 7: the staff's recordings of task and child names (WAV), played
        // by every room's kiosk in the name's place.
        """
        CREATE TABLE voices (
            kind text NOT NULL CHECK (kind IN ('task', 'child')),
            id integer NOT NULL,
            audio bytea NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (kind, id)
        )
        """,
        // 8: the children forgotten for good (issue 43), by number only: a
        // kiosk's unsent tick, absence or recording of one is never taken in,
        // and a copy out of the database keeps them forgotten.
        """
        CREATE TABLE forgotten_children (
            child_id integer PRIMARY KEY,
            forgotten_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        // 9: a login of its own for each kiosk (`taskboard rooms add`, issue
        // 43): which login is which kiosk, and the server signs every change
        // made on a kiosk's login with that kiosk's name, whatever the kiosk
        // says of itself. The function's search_path is fixed, with the
        // session's temporary tables last, and its functions and operator
        // named with their schema, so that a login cannot sign as another
        // kiosk with a temporary kiosk_logins, or a function, of its own. (One line a
        // body: the steps are split at ";\n". @schema@: the tables' schema.)
        """
        CREATE TABLE kiosk_logins (
            login text PRIMARY KEY,
            name text NOT NULL UNIQUE,
            created_at timestamptz NOT NULL DEFAULT now(),
            revoked_at timestamptz
        );
        CREATE FUNCTION taskboard_sign() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, @schema@, pg_temp AS $$ DECLARE signer text; BEGIN SELECT name INTO signer FROM @schema@.kiosk_logins WHERE login OPERATOR(pg_catalog.=) session_user; IF signer IS NOT NULL THEN NEW := pg_catalog.jsonb_populate_record(NEW, pg_catalog.jsonb_build_object(TG_ARGV[0], signer)); END IF; RETURN NEW; END $$;
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON mark_events FOR EACH ROW EXECUTE FUNCTION taskboard_sign('kiosk');
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON kiosks FOR EACH ROW EXECUTE FUNCTION taskboard_sign('name');
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON roster_state FOR EACH ROW EXECUTE FUNCTION taskboard_sign('changed_by');
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON settings FOR EACH ROW EXECUTE FUNCTION taskboard_sign('changed_by');
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON pin FOR EACH ROW EXECUTE FUNCTION taskboard_sign('changed_by');
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON mark_summary FOR EACH ROW EXECUTE FUNCTION taskboard_sign('changed_by');
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON voices FOR EACH ROW EXECUTE FUNCTION taskboard_sign('changed_by')
        """,
        // 10: history kept only so long (issue 43): the setting; the first
        // day still kept, before which no tick or absence is taken in; and
        // per child number the points of the days removed, which each
        // kiosk takes off its own totals once (a kiosk cannot read days
        // that are gone). No name, no day.
        """
        ALTER TABLE settings ADD COLUMN keep_history_months integer NOT NULL DEFAULT 12;
        CREATE TABLE history_kept (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            first_day date NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE points_removed (
            child_id integer PRIMARY KEY,
            points integer NOT NULL
        );
        CREATE TRIGGER taskboard_sign BEFORE INSERT OR UPDATE ON history_kept FOR EACH ROW EXECUTE FUNCTION taskboard_sign('changed_by')
        """,
    ]

    /// What a kiosk's own login may do (`taskboard rooms add`), table by
    /// table: what the kiosk's statements need and no more (a tick is never
    /// changed, only added, and taken away when a child is forgotten; no
    /// child leaves the forgotten list). Not: make, change, truncate or drop
    /// tables, or touch a login. Granted to the kiosks' group role
    /// (`kioskGroup`), whose members the kiosks' logins are; granted again
    /// after every step, so a table a later step adds reaches every kiosk.
    static let kioskRights: [(table: String, rights: String)] = [
        ("roster_state", "SELECT, INSERT, UPDATE"),
        ("groups, children, tasks, boards, day_changes", "SELECT, INSERT, UPDATE, DELETE"),
        ("settings, pin, kiosks", "SELECT, INSERT, UPDATE"),
        ("absences", "SELECT, INSERT, DELETE"),
        ("mark_events", "SELECT, INSERT, DELETE"),
        ("day_marks, mark_summary, voices", "SELECT, INSERT, UPDATE, DELETE"),
        ("forgotten_children", "SELECT, INSERT"),
        ("history_kept", "SELECT, INSERT, UPDATE"),
        ("points_removed", "SELECT, INSERT, UPDATE, DELETE"),
        ("taskboard_schema, kiosk_logins", "SELECT"),
        ("SEQUENCE mark_events_seq_seq", "USAGE"),
    ]

    /// The role every kiosk login of this database is a member of (roles
    /// are the server's, shared by its databases): `<database>_kiosks`.
    static func kioskGroup(of database: String) -> String { "\(roleWord(database).prefix(56))_kiosks" }

    /// What the group role's comment says, so that two databases whose
    /// names fold alike (Taskboard, taskboard) never share one.
    static func kioskGroupComment(of database: String) -> String { "taskboard: the kiosks of the database \(database)" }

    /// Lower-case letters, digits and single underscores, for a role's name.
    static func roleWord(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("_") {
                out += "_"
            }
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        return trimmed.isEmpty ? "kiosk" : trimmed
    }

    /// A role's name as an SQL identifier.
    static func quoted(_ identifier: String) -> String { "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func kioskGrants(to role: String) -> [String] {
        kioskRights.map { "GRANT \($0.rights) ON \($0.table) TO \(quoted(role))" }
    }

    /// Gives the kiosks' group role its rights again, where it exists.
    static func grantKioskRights(_ connection: PostgresConnection, logger: Logger) async throws {
        var database = ""
        for try await name in try await connection.query("SELECT current_database()", logger: logger).decode(String.self) { database = name }
        let group = kioskGroup(of: database)
        guard try await kioskGroupComment(of: group, connection, logger: logger) == kioskGroupComment(of: database) else { return }
        for statement in kioskGrants(to: group) { try await connection.perform(PostgresQuery(unsafeSQL: statement), logger: logger) }
    }

    /// The comment of the role `group`: nil when there is no such role
    /// (and "" for a role without a comment).
    static func kioskGroupComment(of group: String, _ connection: PostgresConnection, logger: Logger) async throws -> String? {
        var comment: String?
        for try await found in try await connection.query("""
            SELECT coalesce(shobj_description(oid, 'pg_authid'), '') FROM pg_roles WHERE rolname = \(group)
            """, logger: logger).decode(String.self) { comment = found }
        return comment
    }

    /// A counter for each kind of change, made by the first store that
    /// counts instead of listening (`ChangeFeed.counters`, the benchmark's
    /// comparison): not a step, so a daycare whose kiosks listen never has it.
    static let changeCounters = """
        CREATE TABLE IF NOT EXISTS change_counters (
            kind text PRIMARY KEY,
            day date,
            version bigint NOT NULL
        )
        """

    static var latest: Int { steps.count }

    /// SQL for the first day still kept (`history_kept`), or the earliest day where none was removed.
    static let firstDayKept = "coalesce((SELECT first_day FROM history_kept), '-infinity'::date)"

    /// Brings the database to the latest version (with the change counters
    /// for a store that counts); refuses a newer one. A store opened only to
    /// look changes nothing: it checks the version.
    static func migrate(_ connection: PostgresConnection, logger: Logger, readOnly: Bool, counting: Bool = false) async throws {
        if readOnly {
            let found = try await version(connection, logger: logger)
            try refuseNewer(found)
            guard found == latest else {
                throw DatabaseError(.notSetUp, found == 0 ? "the database holds no daycare yet: copy one in with taskboard copy, or start a kiosk on it"
                                    : "the database's tables are of an older taskboard (schema \(found) of \(latest)); start a kiosk or a command that writes, which brings them up to date")
            }
            return
        }
        // Up to date: nothing to make (a kiosk's own login may not make tables, even with IF NOT EXISTS).
        let current = try await version(connection, logger: logger)
        try refuseNewer(current)
        if current == latest, !counting { return }
        do {
            try await bringUpToDate(connection, logger: logger, counting: counting)
        } catch where Self.sqlState(of: error) == "42501" {
            throw DatabaseError(.notSetUp, "the database's tables are of an older taskboard (schema \(current) of \(latest)), and this login may not "
                                + "change them: bring them up to date once with the owner's login (any taskboard command that writes, "
                                + "or a kiosk started with it)")
        }
    }

    /// The server's SQL state in a driver's error, inside a transaction's or not.
    private static func sqlState(of error: any Error) -> String? {
        if let transaction = error as? PostgresTransactionError {
            return (transaction.closureError ?? transaction.beginError ?? transaction.commitError).flatMap(sqlState(of:))
        }
        return (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    private static func bringUpToDate(_ connection: PostgresConnection, logger: Logger, counting: Bool) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            // Any number will do, as long as it is this program's own.
            try await connection.perform("SELECT pg_advisory_xact_lock(7341947301)", logger: logger)
            try await connection.perform("CREATE TABLE IF NOT EXISTS taskboard_schema (version integer NOT NULL)", logger: logger)
            let found = try await version(connection, logger: logger)
            try refuseNewer(found)
            var schema = "public"
            for try await name in try await connection.query("SELECT current_schema()", logger: logger).decode(String.self) { schema = name }
            for step in found..<latest {
                // The extended protocol takes one statement at a time.
                for statement in steps[step].components(separatedBy: ";\n") where !statement.allSatisfy(\.isWhitespace) {
                    let sql = statement.replacingOccurrences(of: "@schema@", with: quoted(schema))
                    try await connection.perform(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
                try await connection.perform("INSERT INTO taskboard_schema (version) VALUES (\(step + 1))", logger: logger)
            }
            if found < latest { try await grantKioskRights(connection, logger: logger) }
            if counting { try await connection.perform(PostgresQuery(unsafeSQL: changeCounters), logger: logger) }
        }
    }

    private static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        var exists = false
        for try await found in try await connection.query("SELECT to_regclass('taskboard_schema') IS NOT NULL", logger: logger).decode(Bool.self) {
            exists = found
        }
        guard exists else { return 0 }
        var found = 0
        for try await version in try await connection.query("SELECT coalesce(max(version), 0) FROM taskboard_schema", logger: logger).decode(Int.self) {
            found = version
        }
        return found
    }

    private static func refuseNewer(_ found: Int) throws {
        guard found <= latest else {
            throw DatabaseError(.newerSchema(found: found, supported: latest),
                                "the database was set up by a newer taskboard (schema \(found); this one knows up to \(latest)); update this kiosk's taskboard")
        }
    }
}
