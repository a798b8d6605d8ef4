import Foundation
import TaskBoardPostgres

/// A trigger that refuses new rows of a table while it is on, as a server
/// refuses a statement in the middle of running it (a full disk, a
/// cancelled statement): the test's user is the server's superuser, whom no
/// privilege stops, and a trigger stops anyone.
public enum HeldBackRows {
    /// From now on, an insert into `table` fails with the server's error.
    public static func hold(_ table: String, at address: DatabaseAddress, password: String?) throws {
        for sql in [
            "CREATE TABLE IF NOT EXISTS held (why text)",
            "INSERT INTO held VALUES ('the test holds new rows back')",
            """
            CREATE OR REPLACE FUNCTION hold_rows() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM held) THEN RAISE EXCEPTION 'new rows are held back by the test'; END IF;
                RETURN NEW;
            END $$
            """,
            "CREATE TRIGGER hold_rows BEFORE INSERT ON \(table) FOR EACH ROW EXECUTE FUNCTION hold_rows()",
        ] {
            try TestDatabase.run(sql, at: address, password: password)
        }
    }

    /// Inserts go through again.
    public static func release(at address: DatabaseAddress, password: String?) throws {
        try TestDatabase.run("DELETE FROM held", at: address, password: password)
    }
}
