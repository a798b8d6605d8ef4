import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardTools

/// The child a change is for: `--child`, and `--group` where the name is in
/// more than one group (`mark`, `away`).
struct ChildOptions: ParsableArguments {
    @Option(name: .long, help: "The child's name.")
    var child: String

    @Option(name: .long, help: "The child's group, when the name is in more than one.")
    var group: String?

    func resolve(in roster: Roster) throws -> Child {
        try NameLookup(roster: roster).child(named: child, inGroup: group)
    }
}

/// The day a change is for, and how long to wait for a running kiosk to
/// take it (`mark`, `away`).
struct ChangeDayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The day: YYYY-MM-DD, today or yesterday (default: today).", valueName: "date"))
    var day: String?

    @Option(name: .long, help: ArgumentHelp("How long to wait for a running kiosk to take the change (a button box may want less).",
                                            valueName: "seconds"))
    var wait: Double = 10

    func validate() throws {
        guard wait >= 0.1, wait <= 600 else { throw ValidationError("--wait takes 0.1 to 600 seconds.") }
    }

    func resolveDay(today: Day) throws -> Day { try DayArgument.resolve(day, today: today) }
}
