import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardTools

/// `taskboard mark`: a tick from a script or a button box, with the kiosk's
/// rules (the task must be on the child's board) and its durability (the
/// journal line is on disk before the line on stdout).
struct MarkCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Tick a task done (or take it back with --undo) for a child.",
        discussion: """
        Names are matched without regard to case. A child's name used in more \
        than one group needs --group; without it the command fails and lists the \
        groups. Ticking what is already ticked changes nothing and exits 0. \
        Like every command that changes data, it refuses while a kiosk holds \
        the data directory.

        Examples:
          taskboard mark --child Aino --task "Brush teeth"
          taskboard mark --child Aino --group Oravat --task "Brush teeth" --undo
          taskboard mark --child Eero --task "Eat lunch" --day yesterday
        """)

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "The child's name.")
    var child: String

    @Option(name: .long, help: "The task's name, as in the task library.")
    var task: String

    @Option(name: .long, help: "The child's group, when the name is in more than one.")
    var group: String?

    @Flag(name: .long, help: "Take the tick back instead.")
    var undo = false

    @Option(name: .long, help: ArgumentHelp("The day: YYYY-MM-DD, today or yesterday (default: today).", valueName: "date"))
    var day: String?

    func execute() throws {
        let daycare = try data.daycare(on: data.openExistingForWriting())
        let lookup = NameLookup(roster: daycare.roster)
        let child = try lookup.child(named: child, inGroup: group)
        let task = try lookup.task(named: task)
        let day = try DayArgument.resolve(day, today: daycare.today)
        guard let change = try daycare.setMark(child: child.id, task: task.id, done: !undo, on: day) else {
            let state = undo ? "was not done" : "was already done"
            Output.line("\(child.name): \(task.name) \(state) on \(day); nothing changed.")
            return
        }
        let points = change.pointsDelta > 0 ? "+\(change.pointsDelta)" : "\(change.pointsDelta)"
        var line = "\(child.name): \(task.name) \(change.done ? "done" : "not done") on \(day), \(points)."
        if change.finishedBoard { line += " The whole board is done!" }
        Output.line(line)
    }
}

/// A day on the command line: YYYY-MM-DD, `today` or `yesterday`.
enum DayArgument {
    static func resolve(_ text: String?, today: Day) throws -> Day {
        switch text?.lowercased() {
        case nil, "today": return today
        case "yesterday": return today.advanced(by: -1)
        case let text?:
            guard let day = Day(text) else {
                throw CommandFailure("\"\(text)\" is not a day: write YYYY-MM-DD, today or yesterday")
            }
            return day
        }
    }
}
