import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardTools
#if canImport(Glibc)
import Glibc
#endif

/// `taskboard rooms`: the kiosks of a shared database; by default the list
/// (`rooms list`), and each kiosk's own login made and revoked.
struct RoomsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rooms",
        abstract: "The kiosks of a shared database: list them, give each its own login, shut one out.",
        subcommands: [RoomsListCommand.self, RoomsAddCommand.self, RoomsRevokeCommand.self],
        defaultSubcommand: RoomsListCommand.self)
}

/// `taskboard rooms [list] --database URL`: every kiosk on the shared
/// database, as each last reported itself, with its login. Only reads.
struct RoomsListCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every kiosk on a shared database: its state, waiting changes, when it was last seen, its login, its version.",
        discussion: """
        Each kiosk on a database reports when it starts, when it stops, when it \
        comes back from an offline spell, when its outbox changes, and every \
        minute. A kiosk is "online"; "back, sending changes kept since 9:40" \
        when it reached the server again but has not sent what it kept \
        meanwhile (if that lasts, look at its status line and log); \
        "stopped 16:05" when it said it stopped; "not seen lately" when nothing \
        came from it for 3 minutes (switched off, or cut off from the server: \
        its waiting changes are still on it). Waiting counts the changes the \
        kiosk had not sent when it last reported. Times are the daycare's clock.

        With --json, for scripts and monitoring:

          {
            "kiosks" : [
              {
                "lastSeen" : "2026-11-26T08:42:05Z",
                "name" : "Hall",
                "nameShared" : false,          two kiosks report under this name
                "offlineSince" : null,
                "secondsSinceSeen" : 12,
                "startedAt" : "2026-11-26T05:58:00Z",
                "state" : "online",            online, catching-up, stopped or missing
                "stoppedAt" : null,
                "login" : "taskboard_kiosk_hall",  its own login (null: the owner's)
                "version" : "\(TaskBoardVersion.current)",
                "waiting" : 0
              }
            ],
            "logins" : [                       made with taskboard rooms add
              {
                "createdAt" : "2026-11-20T07:00:00Z",
                "login" : "taskboard_kiosk_hall",
                "name" : "Hall",
                "revokedAt" : null
              }
            ],
            "now" : "2026-11-26T08:42:17Z"     the server's clock
          }

        Examples:
          taskboard rooms --database postgres://taskboard@school-server/taskboard
          taskboard rooms --json | jq '.kiosks[] | select(.state != "online") | .name'
        """)

    @OptionGroup var data: DataOptions

    @Flag(name: .long, help: "JSON for scripts instead of the table.")
    var json = false

    func execute() throws {
        guard let login = try data.databaseLogin() else {
            throw CommandFailure("taskboard rooms lists the kiosks of a shared database: give --database URL (or set TASKBOARD_DATABASE_URL)")
        }
        let store = try login.open(readOnly: true)
        defer { store.close() }
        let roll = try store.kioskRoll()
        if json {
            Output.bytes(Array(try RoomsJSON(roll).data()))
            return
        }
        let settings = try store.loadSettings() ?? Settings()
        Output.text(RoomsTable(roll, calendar: settings.dayCalendar).text)
    }
}

/// `taskboard rooms add NAME --password-file FILE`: a database login for
/// one kiosk, made with the owner's login; its password goes to FILE only.
struct RoomsAddCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Make a database login for one kiosk, with only the rights a kiosk uses; its password goes to a file.",
        discussion: """
        Run by the person who looks after the database, with the owner's login \
        (the one the tables were made with; it needs CREATEROLE). The new \
        login may read and change the daycare's rows, and nothing else: no \
        tables made or dropped, no other login touched. Its password, made \
        here at random, is written to FILE (mode 0600; an existing file is \
        never overwritten) and shown nowhere; the server is sent only its \
        SCRAM verifier. Copy FILE to the kiosk (owned by the kiosk's user, \
        mode 0600) and start the kiosk with the URL printed, which names the \
        login and holds no password. Every change made on the login is \
        signed with NAME by the server, whatever the kiosk calls itself. \
        A name whose login was revoked gets it back with a new password.

        Examples:
          taskboard rooms add Hall --password-file hall.password \\
              --database postgres://taskboard@school-server/taskboard
        """)

    @Argument(help: "The kiosk's name, as taskboard rooms lists it (its TASKBOARD_KIOSK_NAME).")
    var name: String

    @Option(name: .long, help: ArgumentHelp("Where to write the new login's password (a new file, mode 0600).", valueName: "file"))
    var passwordFile: String

    @OptionGroup var data: DataOptions

    var unchangedOnFailure: String? { "No login was made." }

    func execute() throws {
        try DatabaseLogin.checkKioskName(name)
        guard let login = try data.databaseLogin() else {
            throw CommandFailure("taskboard rooms add makes a login on a shared database: give --database URL (or set TASKBOARD_DATABASE_URL)")
        }
        // Made first, empty and the owner's only, so that a path that cannot be written stops before the login is made.
        let file = try NewPasswordFile(path: passwordFile)
        let made: PostgresBoardStore.MadeKioskLogin
        do {
            let store = try login.open()
            defer { store.close() }
            made = try store.addKioskLogin(named: name)
        } catch {
            file.discard()
            throw error
        }
        do {
            try file.write(made.password)
        } catch {
            throw CommandFailure("the login \(made.login.login) was made, but its password could not be written to \(passwordFile) (\(error)); "
                                 + "revoke it (taskboard rooms revoke \(name)) and add it again")
        }
        Output.line("""
            \(made.renewed ? "Gave back" : "Made") the login \(made.login.login) for the kiosk \(name); its password is in \(passwordFile) (readable by you only).
            Copy that file to the kiosk (owned by the kiosk's user, mode 0600), and in the kiosk's unit:
              Environment=TASKBOARD_DATABASE_URL=\(made.address.url)
              Environment=TASKBOARD_DATABASE_PASSWORD_FILE=/etc/taskboard/db-password
            Changes made on this login are signed "\(name)". To shut the kiosk out: taskboard rooms revoke \(name)
            """)
    }
}

/// `taskboard rooms revoke NAME`: the kiosk's login ends, and its sessions with it.
struct RoomsRevokeCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Shut one kiosk out: its login may no longer log in, and its sessions end at once.",
        discussion: """
        For a kiosk that was lost, stolen, or is to be sold or thrown away. Its \
        login may no longer log in, read or change anything, and its \
        connections are ended now; its screen then says that it was removed \
        from the daycare's database. Ticks it made and had not sent stay on \
        its own disk (database/outbox.jsonl in its data directory); given its \
        login back (taskboard rooms add NAME), it sends them. Every other \
        kiosk goes on as before.

        Examples:
          taskboard rooms revoke Hall --database postgres://taskboard@school-server/taskboard
        """)

    @Argument(help: "The kiosk's name, as taskboard rooms lists it.")
    var name: String

    @OptionGroup var data: DataOptions

    var unchangedOnFailure: String? { "Nothing was changed." }

    func execute() throws {
        guard let login = try data.databaseLogin() else {
            throw CommandFailure("taskboard rooms revoke shuts a kiosk out of a shared database: give --database URL (or set TASKBOARD_DATABASE_URL)")
        }
        let store = try login.open()
        defer { store.close() }
        let (revoked, left) = try store.revokeKioskLogin(named: name)
        if left > 0 {
            Output.line("Revoked the login \(revoked.login) of the kiosk \(name): it may no longer log in, but \(left) of its sessions "
                        + "are still open (the server would not end them yet); run this again in a minute.")
        } else {
            Output.line("Revoked the login \(revoked.login) of the kiosk \(name): it may no longer log in, and none of its sessions is left. "
                        + "Ticks it had not sent stay on the kiosk.")
        }
    }
}

/// The file a new login's password goes to: made empty first (never over an
/// existing file), the owner's only, written and flushed once the login is made.
private struct NewPasswordFile {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it already exists (a password file is never overwritten: give a new path)" : String(cString: strerror(errno))
            throw CommandFailure("the password file \(path) cannot be made: \(reason). No login was made.")
        }
    }

    func write(_ password: String) throws {
        defer { close(descriptor) }
        let bytes = Array((password + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else { throw CommandFailure(String(cString: strerror(errno))) }
    }

    func discard() {
        close(descriptor)
        unlink(path)
    }
}
