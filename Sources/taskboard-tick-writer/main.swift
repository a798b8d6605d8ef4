import Foundation
import TaskBoard
import TaskBoardPostgres

// A kiosk's store on the database (TASKBOARD_DATABASE_URL and its password
// file from the environment), ticking in a loop, for the tests of several
// writers and of a kiosk killed with changes waiting. After "READY" it reads
// one line from stdin, then makes COUNT changes, printing "ACK n" once each is
// durable in the outbox, waits until the server has them all and prints
// "SENT". Each change is for child WRITER+1, with `at` = WRITER * 1000000 + n,
// so that every change can be found once in the database.
// Usage: taskboard-tick-writer LOCAL_DIR COUNT WRITER

func say(_ line: String) {
    // Straight to the file descriptor: no buffer that a SIGKILL could lose.
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("taskboard-tick-writer: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let writer = Int(arguments[3]) else {
    fail("usage: taskboard-tick-writer LOCAL_DIR COUNT WRITER")
}
do {
    guard let login = try DatabaseLogin.resolve(url: nil, passwordFile: nil, kioskName: "writer \(writer)") else {
        fail("set TASKBOARD_DATABASE_URL")
    }
    let day = Day(year: 2026, month: 11, day: 24)!
    let store = try KioskDatabaseStore(login: login, localDirectory: URL(fileURLWithPath: arguments[1], isDirectory: true), today: day)
    say("READY")
    _ = readLine()
    for n in 0..<count {
        let event = MarkEvent(child: ChildID(writer + 1), task: TaskID(1 + n % 4), done: n % 2 == 0, points: 1, boardComplete: false,
                              at: Int64(writer * 1_000_000 + n))
        try store.appendMark(event, on: day)
        say("ACK \(n)")
    }
    let deadline = Date(timeIntervalSinceNow: 120)
    while store.waitingChanges > 0 {
        guard Date() < deadline else { fail("\(store.waitingChanges) changes still waiting after 120 s") }
        Thread.sleep(forTimeInterval: 0.01)
    }
    say("SENT")
    store.close()
} catch {
    fail("\(error)")
}
