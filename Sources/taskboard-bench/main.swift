import Foundation
import TaskBoard
import TaskBoardStorage

// Generates a daycare-year (200 children in 8 groups, 8 board tasks each,
// 365 days of history at about 85% done, and a full day today) and measures,
// in a fresh process, what a kiosk does all day: load to a ready state, one
// durable tick, each leaderboard period, and the process's peak memory.
//
// Then, from outside in a pseudo-terminal, what a person waits for: exec to
// the first frame and key to frame, beside the floor program's.
//
//   swift build -c release --static-swift-stdlib   # as docs/kiosk.md builds the kiosk
//   .build/release/taskboard-bench              # into a temporary directory
//   .build/release/taskboard-bench --dir DIR    # keeps the data in DIR
//   .build/release/taskboard-bench outside DIR  # only the outside timings, on DIR
//   .build/release/taskboard-bench speech DIR   # only read aloud's timings, on DIR (needs espeak-ng)
//   .build/release/taskboard-bench database DIR # DIR copied into $TASKBOARD_DATABASE_URL, then timed (DatabaseReport)
//   .ci/with-postgres.sh .build/release/taskboard-bench rooms 50 100 300   # kiosks per server (RoomsReport)
//   .ci/with-postgres.sh .build/release/taskboard-bench rooms --counting-every 0.05 50 100
//
// Not part of the tests: timings depend on the machine.

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "measure" {
    Measurement.run(directory: URL(fileURLWithPath: arguments[2], isDirectory: true))
    exit(0)
}
if arguments.count == 3, arguments[1] == "database" {
    do {
        try DatabaseReport.measure(year: URL(fileURLWithPath: arguments[2], isDirectory: true))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
        exit(1)
    }
}
if arguments.count == 3, arguments[1] == "speech" {
    do {
        try SpeechReport.measure(URL(fileURLWithPath: arguments[2], isDirectory: true))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
        exit(1)
    }
}
if arguments.count == 2, arguments[1] == "today" {
    do {
        try RoomDayReport.measure()
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
        exit(1)
    }
}
if arguments.count >= 3, arguments[1] == "rooms" {
    do {
        // `--counting-every S`: how often the counting kiosks look (0.5 s unless given).
        var rest = Array(arguments.dropFirst(2)), every = RoomsReport.counterInterval
        if let flag = rest.firstIndex(of: "--counting-every"), flag + 1 < rest.count, let seconds = TimeInterval(rest[flag + 1]) {
            every = seconds
            rest.removeSubrange(flag...flag + 1)
        }
        try RoomsReport.measure(counts: rest.compactMap { Int($0) }, countingEvery: every)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
        exit(1)
    }
}
if arguments.count == 3, arguments[1] == "outside" {
    do {
        try OutsideReport.measure(year: URL(fileURLWithPath: arguments[2], isDirectory: true))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
        exit(1)
    }
}
let keep = arguments.count == 3 && arguments[1] == "--dir" ? arguments[2] : nil
let directory = URL(fileURLWithPath: keep ?? NSTemporaryDirectory() + "taskboard-bench-\(getpid())", isDirectory: true)
do {
    try? FileManager.default.removeItem(at: directory)
    let started = Date()
    let stats = try DaycareYear.generate(into: directory)
    print("Generated \(stats.marks) marks for \(stats.children) children over \(stats.days) days in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    print("  in \(directory.path) (\(stats.journalMegabytes) MB of journals)")
    // The first start reads every journal once to build the summary.
    let rebuild = try Timing.seconds {
        _ = try Daycare(store: try JSONFileStore(directory: directory))
    }
    print("First start without a summary (reads every journal once): \(Timing.ms(rebuild))")

    fflush(nil)
    // Measure in a new process, so its peak memory is the kiosk's, not the generator's.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
    process.arguments = ["measure", directory.path]
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus == 0 { try OutsideReport.measure(year: directory) }
    if keep == nil { try? FileManager.default.removeItem(at: directory) }
    exit(process.terminationStatus)
} catch {
    FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
    exit(1)
}
