import Testing
@testable import TaskBoardPostgres

/// The database URL as libpq reads it, with the password never in it.
@Suite struct DatabaseAddressTests {
    @Test func aHostAPortAndADatabase() throws {
        let address = try DatabaseAddress(url: "postgres://taskboard@school-server:5433/daycare?sslmode=verify-full")
        #expect(address.place == .host("school-server", port: 5433))
        #expect(address.user == "taskboard")
        #expect(address.database == "daycare")
        #expect(address.tls == .verifyFull)
        #expect(address.description == "postgres://taskboard@school-server:5433/daycare")
    }

    @Test func whatIsLeftOutIsWhatPsqlWouldTake() throws {
        let address = try DatabaseAddress(url: "postgresql:///", defaultUser: "kiosk")
        #expect(address.place == .socketDirectory("/run/postgresql", port: 5432))
        #expect(address.user == "kiosk")
        #expect(address.database == "kiosk")
        #expect(address.tls == .prefer)
        let socket = try DatabaseAddress(url: "postgres://taskboard@%2Fvar%2Frun%2Fpostgresql/taskboard")
        #expect(socket.place == .socketDirectory("/var/run/postgresql", port: 5432))
        let query = try DatabaseAddress(url: "postgres:///taskboard?host=/tmp/pg&port=6543&user=tb")
        #expect(query.place == .socketDirectory("/tmp/pg", port: 6543))
        #expect(query.user == "tb")
        let ipv6 = try DatabaseAddress(url: "postgres://tb@[::1]:5432/tb")
        #expect(ipv6.place == .host("::1", port: 5432))
        #expect(ipv6.description == "postgres://tb@[::1]:5432/tb")
    }

    @Test func aPasswordInTheURLIsRefusedAndNotRepeated() {
        for url in ["postgres://taskboard:Secret123@server/taskboard", "postgres://taskboard@server/taskboard?password=Secret123"] {
            #expect {
                try DatabaseAddress(url: url)
            } throws: { error in
                let text = "\(error)"
                return text.contains("--database-password-file") && text.contains("PGPASSWORD") && !text.contains("Secret123")
            }
        }
        #expect(DatabaseAddress.withoutPassword("postgres://tb:Secret123@host/db") == "postgres://tb@host/db")
        // A password with '@' in it, and one in the query, are not shown either.
        #expect(DatabaseAddress.withoutPassword("postgres://tb:Se@cret@host/db?password=x") == "postgres://tb@host/db")
    }

    @Test func whatCannotBeUsedIsSaidInWords() {
        let cases: [(String, String)] = [
            ("http://server/taskboard", "is not a database URL"),
            ("postgres://tb@server/tb?sslmode=sometimes", "sslmode \"sometimes\" is not one of disable, prefer, require, verify-ca, verify-full"),
            ("postgres://tb@server/tb?application=x", "\"application\" is not known here"),
            ("postgres://tb@server:0/tb", "port \"0\" is not a port number"),
        ]
        for (url, words) in cases {
            #expect {
                try DatabaseAddress(url: url)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
    }
}
