import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardTools

/// `taskboard leaderboard`: the points, as the printed leaderboard or as
/// JSON for scripts. Reads without the lock, beside a running kiosk.
struct LeaderboardCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "Show the leaderboard, or its ranks and points as JSON for scripts.",
        discussion: """
        Without --json it prints the same as `taskboard print leaderboard`.
        Both follow the daycare's leaderboard style (Settings) unless --style
        says otherwise: ranking, share (ranks by the share of one's own board
        done: "points" are per cents), goal (each group's points toward the
        group goal) or stars (each child's points by name, without ranks).
        With --json: pretty-printed UTF-8 with sorted keys, every child,
        largest points first; equal points share a rank (1, 1, 3); in the goal
        and stars styles by name, "rank" null, and with the goal style each
        group's points and the goal under "groups":

          {
            "entries" : [
              {
                "avatar" : "🐱",
                "child" : "Hilla",
                "group" : "Siilit",
                "points" : 48,
                "rank" : 1
              },
              ...
            ],
            "from" : "2026-11-16",   the period's first day (null for all)
            "group" : null,          --group's name (null: all groups)
            "period" : "week",       today, week, month or all
            "style" : "ranking",     ranking, share, goal or stars
            "to" : "2026-11-22"      the period's last day (null for all)
          }

        Examples:
          taskboard leaderboard --period week --json
          taskboard leaderboard --group Squirrels --json | jq '.entries[0]'
          taskboard leaderboard --period month --style goal
        """)

    @OptionGroup var data: DataOptions
    @OptionGroup var page: PageOptions

    @Flag(name: .long, help: "JSON for scripts instead of the printed leaderboard.")
    var json = false

    func execute() throws {
        let daycare = try data.daycare(on: data.openForReading())
        let scope = try PrintSelection(roster: daycare.roster).scope(group: page.group)
        if json {
            let document = try LeaderboardJSON(daycare: daycare, scope: scope, period: page.chosenPeriod, style: page.style ?? daycare.settings.leaderboardStyle)
            Output.text(String(decoding: try document.data(), as: UTF8.self))
            return
        }
        Output.text(try page.text(daycare: daycare) { [$0.leaderboard(scope, page.chosenPeriod, style: page.style)] })
    }
}
