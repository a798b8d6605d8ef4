import Foundation
import PostgresNIO
import TaskBoard

/// Each kiosk's report of itself, one row a name, for the person who looks
/// after the rooms (`taskboard rooms`, the admin side's Settings).
extension PostgresBoardStore {
    /// Keeps the kiosk's report, stamped with the server's clock. A report
    /// from another run that started before the name's last report (so it
    /// ran beside the run that made it) marks the name as shared by two or
    /// more kiosks; a kiosk restarted after a crash started after its old
    /// run last reported, and is not. (Its start is by the kiosk's clock: one
    /// minutes wrong may mark a restart so, for the three minutes a mark lasts.)
    public func report(_ report: KioskReport) throws {
        try refuseIfReadOnly()
        let logger = self.logger
        try session.write("reporting this kiosk") { connection in
            try await connection.perform("""
                INSERT INTO kiosks AS k (name, version, run, waiting, offline_since, started_at, stopped_at, seen_at)
                VALUES (\(report.name), \(report.version), \(report.run), \(report.waiting), \(report.offlineSince), \(report.startedAt),
                        CASE WHEN \(report.stopping) THEN now() END, now())
                ON CONFLICT (name) DO UPDATE SET
                    version = excluded.version, run = excluded.run, waiting = excluded.waiting,
                    offline_since = excluded.offline_since, started_at = excluded.started_at,
                    stopped_at = excluded.stopped_at, seen_at = excluded.seen_at,
                    name_shared_at = CASE WHEN k.run <> excluded.run AND excluded.started_at < k.seen_at THEN now() ELSE k.name_shared_at END
                """, logger: logger)
        }
    }

    /// Every kiosk that has reported, by name, and the server's clock now.
    public func kioskRoll() throws -> KioskRoll {
        let logger = self.logger
        return try session.run("reading the kiosks") { connection in
            var now = Date()
            for try await found in try await connection.query("SELECT now()", logger: logger).decode(Date.self) { now = found }
            var kiosks: [KioskStatus] = []
            let rows = try await connection.query("""
                SELECT name, version, waiting, offline_since, started_at, stopped_at, seen_at, name_shared_at
                FROM kiosks ORDER BY name
                """, logger: logger)
            for try await row in rows {
                let (name, version, waiting, offline, started, stopped, seen, shared)
                    = try row.decode((String, String, Int, Date?, Date, Date?, Date, Date?).self)
                kiosks.append(KioskStatus(name: name, version: version, waiting: waiting, offlineSince: offline, startedAt: started,
                                          stoppedAt: stopped, lastSeen: seen, nameSharedAt: shared))
            }
            return KioskRoll(kiosks: kiosks, now: now, logins: try await Self.kioskLogins(connection, logger: logger))
        }
    }
}
