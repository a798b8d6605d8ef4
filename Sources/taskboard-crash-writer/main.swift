import Foundation
import TaskBoard
import TaskBoardStorage

// Ticks and unticks in a loop on a data directory and reports each change on
// standard output: "BEGIN <day> <task> <done>" before asking, "ACK <day> <task> <done>"
// once the change is acknowledged as saved. The crash test kills it with
// SIGKILL at random moments and checks that every acknowledged change is on
// disk. Usage: taskboard-crash-writer DATA_DIR SEED

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
    var random = SplitMix64(seed: seed)
    let board = daycare.roster.child(child)?.board ?? []
    guard !board.isEmpty else { fail("the child has an empty board") }
    while true {
        let task = board[Int(random.next() % UInt64(board.count))]
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

/// A small seeded generator, so a failing run can be repeated.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
