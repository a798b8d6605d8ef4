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
/// one kiosk, made by the server's administrator; its password goes to FILE only.
struct RoomsAddCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Make a database login for one kiosk, with only the rights a kiosk uses; its password goes to a file.",
        discussion: """
        Run by the person who looks after the database, as the server's own \
        administrator (postgres, over the server's socket: no login a kiosk \
        held may make logins). The tables must be up to date; they are never \
        made or changed here. The new login may do what a kiosk does to the \
        daycare's rows, and nothing else: no table made, truncated or \
        dropped, no tick changed, no login touched. Its password, made \
        here at random, is written to FILE (mode 0600; an existing file is \
        never overwritten) and shown nowhere; the server is sent only its \
        SCRAM verifier. Copy FILE to the kiosk (owned by the kiosk's user, \
        mode 0600) and start the kiosk with the URL printed, which names the \
        login and holds no password. Every change made on the login is \
        signed with NAME by the server, whatever the kiosk calls itself. \
        A name whose login was revoked gets it back with a new password.

        Examples:
          sudo -u postgres taskboard rooms add Hall \\
              --password-file /tmp/hall.password --kiosk-host school-server \\
              --database 'postgres://postgres@/taskboard?host=/run/postgresql'
        """)

    @Argument(help: "The kiosk's name, as taskboard rooms lists it (its TASKBOARD_KIOSK_NAME).")
    var name: String

    @Option(name: .long, help: ArgumentHelp("Where to write the new login's password (a new file, mode 0600).", valueName: "file"))
    var passwordFile: String

    @Option(name: .long, help: ArgumentHelp("How the kiosk reaches the server, for the URL printed (default: as --database does).",
                                            valueName: "host[:port]"))
    var kioskHost: String?

    @OptionGroup var data: DataOptions

    var unchangedOnFailure: String? { "No login was made." }

    /// `school-server`, `school-server:5433`, `[fd00::5]:5433`.
    static func place(_ text: String) throws -> DatabaseAddress.Place {
        var host = Substring(text), portText: Substring?
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let rest = host[host.index(after: close)...]
            portText = rest.hasPrefix(":") ? rest.dropFirst() : (rest.isEmpty ? nil : rest)
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.firstIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty else { throw CommandFailure("--kiosk-host \"\(text)\" names no host") }
        guard let portText else { return .host(String(host), port: 5432) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw CommandFailure("--kiosk-host \"\(text)\": \"\(portText)\" is not a port number")
        }
        return .host(String(host), port: port)
    }

    func execute() throws {
        try DatabaseLogin.checkKioskName(name)
        if let kioskHost { _ = try Self.place(kioskHost) }
        guard let login = try data.databaseLogin() else {
            throw CommandFailure("taskboard rooms add makes a login on a shared database: give --database URL (or set TASKBOARD_DATABASE_URL)")
        }
        // Made first, empty and the owner's only, so that a path that cannot be written stops before the login is made.
        let file = try NewPasswordFile(path: passwordFile)
        let made: PostgresBoardStore.MadeKioskLogin
        let password = PostgresBoardStore.newKioskPassword()
        do {
            // Run as the server's superuser (docs/rooms.md), it must not make the tables: they are the owner's.
            let store = try login.open(setUp: false)
            defer { store.close() }
            made = try store.addKioskLogin(named: name, password: password)
        } catch let unanswered as DatabaseError where unanswered.mayBeSaved {
            // The login may have been made with the password only this run knows: it is kept.
            let said = unanswered.message
            do {
                try file.write(password)
            } catch {
                file.discard()
                throw CommandFailure("\(said); the login may or may not have been made, and its password could not be kept in "
                                     + "\(passwordFile): if taskboard rooms lists it, revoke it and add it again")
            }
            throw CommandFailure("\(said); the login may or may not have been made: its password is in \(passwordFile) all the same, "
                                 + "for the kiosk if taskboard rooms lists the login")
        } catch {
            file.discard()
            throw error
        }
        do {
            try file.write(made.password)
        } catch {
            file.discard()
            throw CommandFailure("the login \(made.login.login) was made, but its password could not be written to \(passwordFile) (\(error)); "
                                 + "revoke it (taskboard rooms revoke \(name)) and add it again")
        }
        var address = made.address
        if let kioskHost { address.place = try Self.place(kioskHost) }
        let url = if case .socketDirectory = address.place {
            // The server's own socket is no address for another machine.
            "postgres://\(address.user)@SERVER/\(address.database) (SERVER: how the kiosk reaches this server; or give --kiosk-host)"
        } else {
            address.url
        }
        Output.line("""
            \(made.renewed ? "Gave back" : "Made") the login \(made.login.login) for the kiosk \(name); its password is in \(passwordFile) (readable by you only).
            Copy that file to the kiosk (owned by the kiosk's user, mode 0600), and in the kiosk's unit:
              Environment=TASKBOARD_DATABASE_URL=\(url)
              Environment=TASKBOARD_DATABASE_PASSWORD_FILE=/etc/taskboard/db-password
            Changes made on this login are signed "\(name)". To shut the kiosk out: taskboard rooms revoke \(name)
            """ + (made.renewed ? "\nThe kiosk reads its password file when it starts: restart it once the new file is there (sudo systemctl restart taskboard-graphical)." : ""))
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
        login back (taskboard rooms add NAME, the new file copied over, the \
        kiosk restarted), it sends them. Every other \
        kiosk goes on as before.

        Examples:
          sudo -u postgres taskboard rooms revoke Hall \\
              --database 'postgres://postgres@/taskboard?host=/run/postgresql'
        """)

    @Argument(help: "The kiosk's name, as taskboard rooms lists it.")
    var name: String

    @OptionGroup var data: DataOptions

    var unchangedOnFailure: String? { "Nothing was changed." }

    func execute() throws {
        guard let login = try data.databaseLogin() else {
            throw CommandFailure("taskboard rooms revoke shuts a kiosk out of a shared database: give --database URL (or set TASKBOARD_DATABASE_URL)")
        }
        let store = try login.open(setUp: false)
        defer { store.close() }
        let revoked = try store.revokeKioskLogin(named: name)
        let said = "Revoked the login \(revoked.login.login) of the kiosk \(name): it may no longer log in or read or change anything"
        if let why = revoked.sessionsNotEnded {
            Output.line("\(said), but its open sessions could not be ended (\(why)); run this again, or ask the server's superuser to end them.")
            throw ExitCode.failure
        } else if revoked.sessionsLeft > 0 {
            Output.line("\(said), but \(revoked.sessionsLeft) of its sessions are still open (the server has not ended them yet); run this again in a minute.")
            throw ExitCode.failure
        } else {
            Output.line("\(said), and none of its sessions is left. Ticks it had not sent stay on the kiosk.")
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

    /// The password and a line break, flushed with the folder's entry.
    func write(_ password: String) throws {
        let bytes = Array((password + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else { throw CommandFailure(String(cString: strerror(errno))) }
        let folder = open((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent,
                          O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
        close(descriptor)
    }

    /// Removes the file made for a login that was not made (or whose password could not be written).
    func discard() {
        close(descriptor)
        unlink(path)
    }
}
