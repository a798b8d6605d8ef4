import Foundation
import PostgresNIO
import TaskBoard

/// The admin PIN: one row, and one count of wrong tries for the whole house.
extension PostgresBoardStore {
    public var sharesPin: Bool { true }

    public func loadPin() throws -> PinRecord? {
        let logger = self.logger
        return try session.run("reading the PIN") { try await Self.readPin($0, logger: logger, lockingIt: false) }
    }

    public func savePin(_ pin: PinRecord) throws {
        try refuseIfReadOnly()
        let logger = self.logger, kiosk = kioskName, feed = changeFeed
        try session.write("saving the PIN") { try await Self.writePin(pin, by: kiosk, $0, announcing: feed, logger: logger) }
    }

    /// In one transaction with the row locked (SELECT … FOR UPDATE), so two
    /// kiosks checking a PIN at once each count their try on the other's.
    /// The rules stay in `PinGuard`; the database only keeps them apart.
    public func updatePin(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord {
        try refuseIfReadOnly()
        let logger = self.logger, kiosk = kioskName, feed = changeFeed
        return try session.holdingConnection { line in
            try line.run("checking the PIN") { try await $0.perform("BEGIN", logger: logger) }
            do {
                // The row may not exist yet (no PIN): then the first save makes it, under the same transaction.
                let current = try line.run("checking the PIN", reconnecting: false) { try await Self.readPin($0, logger: logger, lockingIt: true) }
                let changed = try change(current)
                if changed != current {
                    try line.run("saving the PIN", reconnecting: false) { try await Self.writePin(changed, by: kiosk, $0, announcing: feed, logger: logger) }
                }
                try line.commit("saving the PIN", saving: true)
                return changed
            } catch {
                _ = try? line.run("checking the PIN", reconnecting: false) { try await $0.perform("ROLLBACK", logger: logger) }
                throw error
            }
        }
    }

    private static func readPin(_ connection: PostgresConnection, logger: Logger, lockingIt: Bool) async throws -> PinRecord? {
        var record: PinRecord?
        let sql = """
            SELECT algorithm, iterations, salt, hash, failed_attempts, lockouts, locked_at, locked_until,
                   checks_in_progress, interrupted_checks FROM pin
            """ + (lockingIt ? " FOR UPDATE" : "")
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            let (algorithm, iterations, salt, hash, failed, lockouts, lockedAt, lockedUntil, checks, interrupted)
                = try row.decode((String?, Int?, Data?, Data?, Int, Int, Double?, Double?, Int, Int).self)
            var pinHash: PinHash?
            if let algorithm, let iterations, let salt, let hash {
                pinHash = PinHash(algorithm: algorithm, iterations: iterations, salt: salt, hash: hash)
            }
            record = PinRecord(hash: pinHash, failedAttempts: failed, lockouts: lockouts,
                               lockedAt: lockedAt.map(Date.init(timeIntervalSince1970:)),
                               lockedUntil: lockedUntil.map(Date.init(timeIntervalSince1970:)),
                               checksInProgress: checks, interruptedChecks: interrupted)
        }
        return record
    }

    private static func writePin(_ pin: PinRecord, by kiosk: String, _ connection: PostgresConnection, announcing feed: ChangeFeed,
                                        logger: Logger) async throws {
        try await connection.perform("""
            INSERT INTO pin (algorithm, iterations, salt, hash, failed_attempts, lockouts, locked_at, locked_until,
                             checks_in_progress, interrupted_checks, changed_by)
            VALUES (\(pin.hash?.algorithm), \(pin.hash?.iterations), \(pin.hash?.salt), \(pin.hash?.hash), \(pin.failedAttempts),
                    \(pin.lockouts), \(pin.lockedAt?.timeIntervalSince1970), \(pin.lockedUntil?.timeIntervalSince1970),
                    \(pin.checksInProgress), \(pin.interruptedChecks), \(kiosk))
            ON CONFLICT (only_row) DO UPDATE SET algorithm = EXCLUDED.algorithm, iterations = EXCLUDED.iterations,
                salt = EXCLUDED.salt, hash = EXCLUDED.hash, failed_attempts = EXCLUDED.failed_attempts,
                lockouts = EXCLUDED.lockouts, locked_at = EXCLUDED.locked_at, locked_until = EXCLUDED.locked_until,
                checks_in_progress = EXCLUDED.checks_in_progress, interrupted_checks = EXCLUDED.interrupted_checks,
                changed_by = EXCLUDED.changed_by, changed_at = now()
            """, logger: logger)
        try await connection.perform(feed.announcement(.pin), logger: logger)
    }
}
