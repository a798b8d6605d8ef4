import Foundation
import TaskBoard
import TaskBoardStorage

// Ticks and unticks in a loop on a data directory and reports each change on
// standard output: "BEGIN <day> <task> <done>" before asking, "ACK <day> <task> <done>"
// once the change is acknowledged as saved. The crash test kills it with
// SIGKILL at random moments and checks that every acknowledged change is on
// disk. Every fourth change renames the group ("RENAME <n>"), which rewrites
// the roster file rather than appending to a journal. Usage: taskboard-crash-writer DATA_DIR SEED

func report(_ line: String) {
    // Straight to the file descriptor: no buffer that a SIGKILL could lose.
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("taskboard-crash-writer: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
    fail("usage: taskboard-crash-writer DATA_DIR SEED")
}

do {
    let store = try JSONFileStore(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
    let daycare = try Daycare(store: store)
    let child: ChildID
    if let existing = daycare.roster.children.first {
        child = existing.id
    } else {
        child = try daycare.edit(RosterChange(.addChild, "Aino")) { roster throws(TaskBoardError) in
            let group = try roster.addGroup(name: "Squirrels", avatar: "🐿️")
            let child = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
            for (index, name) in ["Get dressed", "Brush teeth", "Tidy the toys", "Wash hands"].enumerated() {
                let task = try roster.addTask(name: name, points: index + 1)
                try roster.addToBoard(task, child: child)
            }
            return child
        }
    }
    report("READY \(child.rawValue)")
    let board = daycare.roster.child(child)?.board ?? []
    guard !board.isEmpty, let group = daycare.roster.child(child)?.groupID else { fail("the child has an empty board") }
    // Renames go on from the number the last run saved.
    var renames = Int(daycare.roster.group(group)?.name.split(separator: " ").last ?? "") ?? 0
    var step = Int(seed % 1000)
    while true {
        step += 1
        if step % 4 == 0 {
            // Every fourth change rewrites the roster file instead of appending.
            renames += 1
            report("BEGIN RENAME \(renames)")
            try daycare.edit(RosterChange(.renameGroup, "Squirrels")) { roster throws(TaskBoardError) in
                try roster.renameGroup(group, to: "Squirrels \(renames)")
            }
            report("ACK RENAME \(renames)")
            continue
        }
        let task = board[(step * 7) % board.count]
        try daycare.syncDay()
        let day = daycare.today
        let done = !(try daycare.isDone(child: child, task: task, on: day))
        report("BEGIN \(day) \(task.rawValue) \(done)")
        try daycare.setMark(child: child, task: task, done: done, on: day)
        report("ACK \(day) \(task.rawValue) \(done)")
    }
} catch {
    fail("\(error)")
}
