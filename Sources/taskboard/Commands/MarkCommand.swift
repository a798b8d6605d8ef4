import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard mark`: a tick from a script or a button box, with the kiosk's
/// rules (the task must be on the child's board) and its durability (the
/// journal line is on disk before the line on stdout).
struct MarkCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Tick a task done (or take it back with --undo) for a child.",
        discussion: """
        Names are matched without regard to case; one that matches nothing \
        gets the closest few ("did you mean"). A child's name used in more \
        than one group needs --group; without it the command fails and lists the \
        groups. Ticking what is already ticked changes nothing and exits 0. \
        While a kiosk runs on the data directory, the tick is handed to it (run \
        this as the kiosk's user) and the kiosk's status line shows it.

        Examples:
          taskboard mark --child Aino --task "Brush teeth"
          taskboard mark --child Aino --group Squirrels --task "Brush teeth" --undo
          taskboard mark --child Eero --task "Eat lunch" --day yesterday
          taskboard mark --child Eero --task "Eat lunch" --wait 3
        """)

    var unchangedOnFailure: String? { "Nothing was changed." }

    @OptionGroup var data: DataOptions

    @OptionGroup var who: ChildOptions

    @Option(name: .long, help: "The task's name, as in the task library.")
    var task: String

    @Flag(name: .long, help: "Take the tick back instead.")
    var undo = false

    @OptionGroup var when: ChangeDayOptions

    func execute() throws {
        guard let store = try KioskHandOff.openForWriting(data) else {
            if try markThroughKiosk() { return }
            // The kiosk stopped with the tick in hand: made here, as the kiosk would.
            KioskHandOff.kioskStopped("tick")
            return try execute()
        }
        let daycare = try data.daycare(on: store)
        let (child, task, day) = try resolve(in: daycare)
        let change = try daycare.setMark(child: child.id, task: task.id, done: !undo, on: day)
        Output.line(report(child, task, day, pointsDelta: change?.pointsDelta, finishedBoard: change?.finishedBoard ?? false))
        Output.cacheNote(daycare)
        for note in store.takeStorageNotes() { Output.note(note) }
    }

    /// A running kiosk is the only writer: the tick is handed to it, and it
    /// answers within a second or so (the kiosk checks on every key and every
    /// second). False when the kiosk stopped before it answered.
    private func markThroughKiosk() throws -> Bool {
        try data.requireOwner()
        let daycare = try data.daycare(on: data.openForReading())
        let (child, task, day) = try resolve(in: daycare)
        let request = MarkRequest(child: child.id, task: task.id, done: !undo, day: day)
        guard let reply = try KioskHandOff.send(request, what: "tick", data: data, wait: when.wait) else { return false }
        Output.line(report(child, task, day, pointsDelta: reply.pointsDelta, finishedBoard: reply.finishedBoard))
        return true
    }

    private func resolve(in daycare: Daycare) throws -> (Child, LibraryTask, Day) {
        (try who.resolve(in: daycare.roster), try NameLookup(roster: daycare.roster).task(named: task), try when.resolveDay(today: daycare.today))
    }

    /// "Aino: Brush teeth done on 2026-11-22, +1." or why nothing changed.
    private func report(_ child: Child, _ task: LibraryTask, _ day: Day, pointsDelta: Int?, finishedBoard: Bool) -> String {
        guard let delta = pointsDelta else {
            return "\(child.name): \(task.name) \(undo ? "was not done" : "was already done") on \(day); nothing changed."
        }
        let line = "\(child.name): \(task.name) \(undo ? "not done" : "done") on \(day), \(delta > 0 ? "+" : "")\(delta)."
        return finishedBoard ? line + " The whole board is done!" : line
    }
}
