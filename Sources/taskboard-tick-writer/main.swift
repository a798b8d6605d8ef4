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
// With COUNT written "pin:N" it instead tries N wrong PINs at the admin
// login, as a child at that kiosk would, printing "TRY wrong", "TRY locked"
// or "TRY error: …" for each, then "DONE".
// Usage: taskboard-tick-writer LOCAL_DIR COUNT|pin:N WRITER

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
let pinTries = arguments.count == 4 && arguments[2].hasPrefix("pin:") ? Int(arguments[2].dropFirst(4)) : nil
guard arguments.count == 4, let count = pinTries ?? Int(arguments[2]), let writer = Int(arguments[3]) else {
    fail("usage: taskboard-tick-writer LOCAL_DIR COUNT|pin:N WRITER")
}
do {
    guard let login = try DatabaseLogin.resolve(url: nil, passwordFile: nil, kioskName: "writer \(writer)") else {
        fail("set TASKBOARD_DATABASE_URL")
    }
    let day = Day(year: 2026, month: 11, day: 24)!
    let store = try KioskDatabaseStore(login: login, localDirectory: URL(fileURLWithPath: arguments[1], isDirectory: true), today: day)
    say("READY")
    _ = readLine()
    if pinTries != nil {
        let guardian = try PinGuard(store: store)
        for n in 0..<count {
            // Never the PIN: well formed, and different on every kiosk and try.
            switch Result(catching: { try guardian.attempt(String(format: "%06d", writer * 1000 + n)) }) {
            case .success(.wrong): say("TRY wrong")
            case .success(.locked): say("TRY locked")
            case .success(.success): say("TRY success")
            case .failure(let error): say("TRY error: \(error)")
            }
        }
        say("DONE")
        store.close()
        exit(0)
    }
    for n in 0..<count {
        let event = MarkEvent(child: ChildID(writer + 1), task: TaskID(1 + n % 4), done: n % 2 == 0, points: 1, boardComplete: false,
                              at: Int64(writer * 1_000_000 + n))
        try store.appendMark(event, on: day)
        say("ACK \(n)")
    }
    // A test waits 180 s for SENT; under ThreadSanitizer on a busy disk
    // 3,000 ticks from six writers have taken more than 120 s to send.
    let deadline = Date(timeIntervalSinceNow: 170)
    while store.waitingChanges > 0 {
        guard Date() < deadline else { fail("\(store.waitingChanges) changes still waiting after 170 s") }
        Thread.sleep(forTimeInterval: 0.01)
    }
    say("SENT")
    store.close()
} catch {
    fail("\(error)")
}
