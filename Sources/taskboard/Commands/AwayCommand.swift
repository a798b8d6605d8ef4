import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard away`: a child away on a day (or here again with --undo),
/// as `-` on the kiosk's Mark tab does; handed to a running kiosk like `mark`.
struct AwayCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "away",
        abstract: "Mark a child away on a day (or here again with --undo).",
        discussion: """
        An away day neither extends nor breaks the child's streak, is no missed \
        day on their week strip, and a whole-group tick on the kiosk passes them \
        over. Names are matched without regard to case (one that matches \
        nothing gets the closest few); a child's name used in \
        more than one group needs --group. Marking what already is so changes \
        nothing and exits 0. While a kiosk runs on the data directory, the change \
        is handed to it (run this as the kiosk's user) and its status line shows it.

        Examples:
          taskboard away --child Aino
          taskboard away --child Aino --group Squirrels --day yesterday
          taskboard away --child Aino --undo
        """)

    var unchangedOnFailure: String? { "Nothing was changed." }

    @OptionGroup var data: DataOptions

    @OptionGroup var who: ChildOptions

    @Flag(name: .long, help: "Here after all: take the away mark back.")
    var undo = false

    @OptionGroup var when: ChangeDayOptions

    func execute() throws {
        guard let store = try KioskHandOff.openForWriting(data) else {
            let daycare = try data.daycare(on: data.openForReading())
            let (child, day) = try resolve(in: daycare)
            guard let reply = try KioskHandOff.send(MarkRequest(child: child.id, away: !undo, day: day), what: "attendance", data: data,
                                                    wait: when.wait) else {
                // The kiosk stopped with it in hand: made here, as the kiosk would.
                KioskHandOff.kioskStopped("attendance")
                return try execute()
            }
            return Output.line(report(child, day, changed: reply.pointsDelta != nil))
        }
        let daycare = try data.daycare(on: store)
        let (child, day) = try resolve(in: daycare)
        let change = try daycare.setAway(child: child.id, away: !undo, on: day)
        Output.line(report(child, day, changed: change != nil))
    }

    private func resolve(in daycare: Daycare) throws -> (Child, Day) {
        (try who.resolve(in: daycare.roster), try when.resolveDay(today: daycare.today))
    }

    /// "Aino: away on 2026-11-24." or why nothing changed.
    private func report(_ child: Child, _ day: Day, changed: Bool) -> String {
        let state = undo ? "here" : "away"
        return changed ? "\(child.name): \(state) on \(day)." : "\(child.name): already \(state) on \(day); nothing changed."
    }
}
