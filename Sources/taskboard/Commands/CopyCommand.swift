import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTools

/// `taskboard copy --from DIR|URL --to DIR|URL`: moving a daycare into a
/// database shared by several rooms, or out of it again.
struct CopyCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a whole daycare between a data directory and a PostgreSQL database.",
        discussion: """
        Copies the roster, the settings, the PIN, who was away and every day's \
        ticks, in the order they were made; the target builds its own points \
        summary. The target must be empty (a new directory, or a database with \
        no daycare in it): a copy never mixes two daycares. Stop the kiosks on \
        the source first, so that no tick is made during the copy.

        A database is given as a URL, postgres://USER@HOST/DATABASE; its password \
        comes from --database-password-file or $PGPASSWORD, never from the URL.

        Examples:
          taskboard copy --from /var/lib/taskboard \\
                         --to postgres://taskboard@school-server/taskboard \\
                         --database-password-file /etc/taskboard/db-password
          taskboard copy --from postgres://taskboard@school-server/taskboard \\
                         --to /srv/taskboard-copy
        """)

    var unchangedOnFailure: String? { "The source was not changed." }

    @Option(name: .long, help: ArgumentHelp("The daycare to copy: a data directory or a database URL.", valueName: "dir|url"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("Where to copy it: a new data directory or an empty database.", valueName: "dir|url"))
    var to: String

    @Option(name: .customLong("database-password-file"),
            help: ArgumentHelp("A file (mode 0600) whose first line is the database password (or $PGPASSWORD).", valueName: "file"))
    var databasePasswordFile: String?

    @Option(name: .customLong("kiosk-name"), help: ArgumentHelp("The name recorded with the copied changes (default: the host name).", valueName: "name"))
    var kioskName: String?

    func execute() throws {
        let source = try open(from, asTarget: false)
        let target = try open(to, asTarget: true)
        let settings = try source.loadSettings() ?? Settings()
        let today = settings.dayCalendar.day(of: SystemClock().now())
        do {
            let outcome = try DaycareCopy.run(from: source, to: target, today: today)
            Output.line("Copied \(outcome.description) from \(shown(from)) to \(shown(to)).")
        } catch let refusal as DaycareCopy.TargetNotEmpty {
            throw CommandFailure("\(refusal.description). Nothing was copied.")
        } catch {
            throw CommandFailure("\(error); the copy stopped part way: empty \(shown(to)) before trying again. The source was not changed.")
        }
    }

    private func isDatabase(_ place: String) -> Bool {
        place.hasPrefix("postgres://") || place.hasPrefix("postgresql://")
    }

    private func shown(_ place: String) -> String {
        guard isDatabase(place), let address = try? DatabaseAddress(url: place) else { return place }
        return address.description
    }

    private func open(_ place: String, asTarget: Bool) throws -> any BoardStore {
        if isDatabase(place) {
            guard let login = try DatabaseLogin.resolve(url: place, passwordFile: databasePasswordFile, kioskName: kioskName) else {
                throw CommandFailure("\(place) is not a database URL")
            }
            return try login.open(readOnly: !asTarget)
        }
        // Another engine's URL is no folder to make ("mysql:/x@y/z").
        guard !place.contains("://") else {
            throw CommandFailure("\(DatabaseAddress.withoutPassword(place)) is not a postgres:// URL, and not a folder's path either")
        }
        let directory = DataDirectory.resolve(option: place)
        guard asTarget else {
            try MissingDataDirectory.check(directory.path, option: "--from")
            return try JSONFileStore(directory: directory, readOnly: true)
        }
        return try JSONFileStore(directory: directory, holder: .command)
    }
}
