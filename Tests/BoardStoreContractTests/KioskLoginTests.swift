import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 43: a login of its own for each kiosk (`taskboard rooms add`),
/// with only the rights a kiosk uses, every change signed by the server with
/// the login's kiosk name, and revoked from one place (`rooms revoke`): its
/// sessions end at once, it says why, and its unsent ticks stay on its disk.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskLoginTests {
    /// The daycare copied in by the owner, as `taskboard copy` would.
    private func daycare() throws -> (TestDatabase, PostgresBoardStore) {
        let database = try TestDatabase.makeEmpty()
        let owner = try database.openDatabase(kiosk: "Office")
        try owner.saveRoster(try Samples.roster())
        try owner.saveSettings(Settings())
        return (database, owner)
    }

    /// The sessions of a login on the server now.
    private func sessions(of login: String, on database: TestDatabase) throws -> Int {
        Int(try database.column("SELECT count(*)::text FROM pg_stat_activity WHERE usename = '\(login)'").first.flatMap { $0 } ?? "") ?? -1
    }

    @Test func aKioskLoginChangesTheDaycareSignedWithItsNameAndNothingElse() throws {
        let (database, owner) = try daycare()
        // Where every login may make objects in the tables' schema (an older server's default), no kiosk login is made.
        try database.execute("GRANT CREATE ON SCHEMA public TO PUBLIC")
        #expect(throws: DatabaseError.self) { try owner.addKioskLogin(named: "Hall") }
        try database.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        #expect(try database.column("SELECT count(*)::text FROM kiosk_logins") == ["0"])
        let made = try owner.addKioskLogin(named: "Hall")
        #expect(made.address.user == made.login.login)
        #expect(made.address.url.hasPrefix("postgres://\(made.login.login)@"))
        #expect(made.password.count == 32)
        // The server keeps a verifier, never the password.
        let kept = try database.column("SELECT rolpassword FROM pg_authid WHERE rolname = '\(made.login.login)'").first.flatMap { $0 } ?? ""
        #expect(kept.hasPrefix("SCRAM-SHA-256$4096:"))
        #expect(!kept.contains(made.password))

        // The kiosk says it is someone else: the server signs its changes "Hall" all the same.
        let kiosk = try PostgresBoardStore(address: made.address, password: made.password, kioskName: "Liar")
        defer { kiosk.close() }
        #expect(try kiosk.ownKioskLogin()?.name == "Hall")
        try kiosk.appendMark(Samples.event(0), on: Samples.day)
        var settings = try kiosk.loadSettings() ?? Settings()
        settings.goalPerChild += 1
        try kiosk.saveSettings(settings)
        var roster = try #require(try kiosk.loadRoster())
        roster.children[0].name = "Aino B."
        try kiosk.saveRoster(roster)
        try kiosk.report(KioskReport(name: "Liar", run: UUID(), waiting: 0, offlineSince: nil, startedAt: Date()))
        #expect(try database.column("SELECT kiosk FROM mark_events") == ["Hall"])
        #expect(try database.column("SELECT changed_by FROM settings") == ["Hall"])
        #expect(try database.column("SELECT changed_by FROM roster_state") == ["Hall"])
        #expect(try database.column("SELECT name FROM kiosks") == ["Hall"])
        // The owner's changes keep the owner's name.
        try owner.appendMark(Samples.event(1), on: Samples.day)
        #expect(try database.column("SELECT kiosk FROM mark_events ORDER BY seq") == ["Hall", "Office"])

        // Nothing but what a kiosk does: no table made, truncated or dropped, no tick rewritten, no other
        // kiosk's line or forgotten child taken away, no login touched.
        for sql in ["CREATE TABLE stolen (x int)", "DROP TABLE mark_events", "TRUNCATE mark_events", "UPDATE mark_events SET points = 99",
                    "DELETE FROM kiosks", "DELETE FROM forgotten_children", "UPDATE absences SET child_id = 1",
                    "UPDATE kiosk_logins SET revoked_at = NULL", "INSERT INTO taskboard_schema VALUES (99)",
                    "ALTER ROLE \(made.login.login) CREATEDB", "CREATE ROLE thief LOGIN"] {
            #expect(throws: (any Error).self, "\(sql)") { try TestDatabase.run(sql, at: made.address, password: made.password) }
        }
        #expect(try database.column("SELECT count(*)::text FROM mark_events") == ["2"])
        #expect(try database.column("SELECT rolconnlimit::text FROM pg_roles WHERE rolname = '\(made.login.login)'") == ["5"])

        // A temporary kiosk_logins of its own (found first on its search_path) does not let it sign as another kiosk.
        let faked = try TestDatabase.script([
            "CREATE TEMP TABLE kiosk_logins (login text, name text)",
            "INSERT INTO kiosk_logins VALUES (session_user, 'Kitchen')",
            """
            INSERT INTO mark_events (id, day, child_id, task_id, done, points, board_complete, at, kiosk)
                VALUES (gen_random_uuid(), '2026-11-22', 1, 1, true, 1, false, 0, 'Kitchen')
            """,
            "SELECT kiosk FROM public.mark_events ORDER BY seq DESC LIMIT 1",
        ], at: made.address, password: made.password)
        #expect(faked.last == ["Hall"], "\(faked)")

        // A second login for the same kiosk is refused while the first stands.
        #expect(throws: DatabaseError.self) { try owner.addKioskLogin(named: "Hall") }
        let roll = try owner.kioskRoll()
        #expect(roll.logins.map(\.name) == ["Hall"])
        #expect(roll.login(of: try #require(roll.kiosks.first)) == roll.logins.first)
    }

    @Test func aRevokedKioskIsShutOutAtOnceSaysWhyAndKeepsItsTicks() throws {
        let (database, owner) = try daycare()
        let hallLogin = try owner.addKioskLogin(named: "Hall"), kitchenLogin = try owner.addKioskLogin(named: "Kitchen")
        let hallLocal = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-login-hall-\(UUID().uuidString)")
        let kitchenLocal = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-login-kitchen-\(UUID().uuidString)")
        defer { for url in [hallLocal, kitchenLocal] { try? FileManager.default.removeItem(at: url) } }
        let hall = try KioskDatabaseStore(login: DatabaseLogin(address: hallLogin.address, password: hallLogin.password, kioskName: "Hall"),
                                          localDirectory: hallLocal, today: Samples.day, now: Samples.clock(on: Samples.day))
        defer { hall.close() }
        let kitchen = try KioskDatabaseStore(login: DatabaseLogin(address: kitchenLogin.address, password: kitchenLogin.password, kioskName: "Kitchen"),
                                             localDirectory: kitchenLocal, today: Samples.day, now: Samples.clock(on: Samples.day))
        defer { kitchen.close() }
        #expect(waitUntil(10) { (try? sessions(of: hallLogin.login.login, on: database)) == 2 } != nil, "the hall's two connections")

        // The hall's ticks are held back on the server (a trigger that stops whoever runs it), so one waits in its outbox.
        for sql in ["CREATE TABLE held (kiosk text)", "INSERT INTO held VALUES ('Hall')",
                    """
                    CREATE FUNCTION hold_hall() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
                    BEGIN IF EXISTS (SELECT 1 FROM held WHERE kiosk = NEW.kiosk) THEN RAISE EXCEPTION 'held back by the test'; END IF; RETURN NEW; END $$
                    """,
                    "CREATE TRIGGER hold_hall BEFORE INSERT ON mark_events FOR EACH ROW EXECUTE FUNCTION hold_hall()"] {
            try database.execute(sql)
        }
        try hall.appendMark(Samples.event(0), on: Samples.day)
        let outbox = hallLocal.appendingPathComponent("outbox.jsonl")
        #expect(waitUntil(5) { hall.waitingChanges == 1 && ((try? Data(contentsOf: outbox))?.isEmpty == false) } != nil)

        let started = Date()
        let revoked = try owner.revokeKioskLogin(named: "Hall")
        let took = Date().timeIntervalSince(started)
        print("revoking took \(String(format: "%.3f", took)) s; sessions left: \(revoked.sessionsLeft)")
        #expect(revoked.sessionsLeft == 0 && revoked.sessionsNotEnded == nil)
        #expect(revoked.login.revokedAt != nil)
        #expect(took < 1, "the hall's sessions gone within a second")
        #expect(try sessions(of: hallLogin.login.login, on: database) == 0)
        // The hall learns it: shut out, not merely offline.
        #expect(waitUntil(10) {
            if case .offline(_, _, .removed) = hall.connectionState { true } else { false }
        } != nil, "the hall's state: \(hall.connectionState)")
        // Its tick is still on its disk, and it does not knock again and again.
        #expect(hall.waitingChanges == 1)
        #expect((try? Data(contentsOf: outbox))?.isEmpty == false)
        Thread.sleep(forTimeInterval: 3)
        #expect(try sessions(of: hallLogin.login.login, on: database) == 0)
        if case .offline(_, _, .removed) = hall.connectionState {} else { Issue.record("the hall came back: \(hall.connectionState)") }

        // The kitchen ticks on.
        try kitchen.appendMark(Samples.event(1), on: Samples.day)
        #expect(waitUntil(10) { kitchen.waitingChanges == 0 } != nil)
        #expect(kitchen.connectionState == .online)
        #expect(try database.column("SELECT kiosk FROM mark_events") == ["Kitchen"])
        let roll = try owner.kioskRoll()
        #expect(roll.logins.first { $0.name == "Hall" }?.revokedAt != nil)
        #expect(roll.logins.first { $0.name == "Kitchen" }?.revokedAt == nil)

        // What it read went from its disk (names, recordings); what was made on it stays.
        #expect(!FileManager.default.fileExists(atPath: hallLocal.appendingPathComponent("snapshot.json").path))
        #expect(!FileManager.default.fileExists(atPath: hallLocal.appendingPathComponent("voices").path))
        #expect((try? Data(contentsOf: outbox))?.isEmpty == false)

        // Started again, and with its network down: removed still, saying so, its tick kept.
        hall.close()
        var elsewhere = hallLogin.address
        elsewhere.place = .host("127.0.0.1", port: 1)
        for address in [hallLogin.address, elsewhere] {
            do {
                let again = try KioskDatabaseStore(login: DatabaseLogin(address: address, password: hallLogin.password, kioskName: "Hall"),
                                                   localDirectory: hallLocal, today: Samples.day, now: Samples.clock(on: Samples.day))
                again.close()
                Issue.record("the removed hall started at \(address)")
            } catch let error as DatabaseError {
                #expect(error.refusal == .removed, "\(address): \(error)")
            }
        }
        #expect((try? Data(contentsOf: outbox))?.isEmpty == false)

        // Given its login back (a new password) and the ticks let through, it sends the tick it kept.
        try database.execute("DELETE FROM held")
        let back = try owner.addKioskLogin(named: "Hall")
        #expect(back.renewed)
        #expect(back.login.login == hallLogin.login.login)
        let renewed = try KioskDatabaseStore(login: DatabaseLogin(address: back.address, password: back.password, kioskName: "Hall"),
                                             localDirectory: hallLocal, today: Samples.day, now: Samples.clock(on: Samples.day))
        defer { renewed.close() }
        #expect(waitUntil(10) { renewed.waitingChanges == 0 } != nil)
        #expect(try database.column("SELECT kiosk FROM mark_events ORDER BY kiosk") == ["Hall", "Kitchen"])
        #expect(!FileManager.default.fileExists(atPath: hallLocal.appendingPathComponent("removed").path), "back, no longer removed")
    }

    /// A wrong password on a kiosk's own login is a login refused (check the
    /// file), not a kiosk removed: only a login not permitted is.
    @Test func aWrongPasswordIsNotARemoval() throws {
        let (database, owner) = try daycare()
        defer { withExtendedLifetime(database) {} }
        let made = try owner.addKioskLogin(named: "Hall")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-login-wrong-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: local) }
        let first = try KioskDatabaseStore(login: DatabaseLogin(address: made.address, password: made.password, kioskName: "Hall"),
                                           localDirectory: local, today: Samples.day, now: Samples.clock(on: Samples.day))
        first.close()
        let wrong = try KioskDatabaseStore(login: DatabaseLogin(address: made.address, password: "not-the-password", kioskName: "Hall"),
                                           localDirectory: local, today: Samples.day, now: Samples.clock(on: Samples.day))
        defer { wrong.close() }
        guard case .offline(_, _, .loginRefused) = wrong.connectionState else {
            Issue.record("with a wrong password the hall is \(wrong.connectionState)")
            return
        }
    }
}
