import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardTools

/// `taskboard rooms --database URL`: every kiosk on the shared database, as
/// each last reported itself. Only reads.
struct RoomsCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "rooms",
        abstract: "List every kiosk on a shared database: its state, waiting changes, when it was last seen, its version.",
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
                "version" : "\(TaskBoardVersion.current)",
                "waiting" : 0
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
