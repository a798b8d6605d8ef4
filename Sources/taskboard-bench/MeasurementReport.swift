import Foundation
import TaskBoard
import TaskBoardStorage

/// Runs in its own process over a generated data directory and prints
/// medians of repeated runs.
enum Measurement {
    static func run(directory: URL) {
        do {
            try measure(directory)
        } catch {
            FileHandle.standardError.write(Data("taskboard-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func measure(_ directory: URL) throws {
        // Load: the data directory opened, locked, and the Daycare ready to draw.
        var loads: [Double] = []
        for _ in 0..<21 {
            loads.append(try Timing.seconds {
                _ = try Daycare(store: try JSONFileStore(directory: directory))
            })
        }
        // The screens open the directory themselves, so before this process holds it.
        try ScreenReport.measure(directory)
        try SpeechReport.measure(directory)
        let daycare = try Daycare(store: try JSONFileStore(directory: directory))
        print("Load to a ready state:              \(Timing.summary(loads))")

        // One durable tick: the journal line is fdatasynced before it returns.
        var random = SplitMix64(seed: 7)
        var ticks: [Double] = []
        for _ in 0..<400 {
            let child = daycare.roster.children.randomElement(using: &random)
            guard let child, let task = child.board.randomElement(using: &random) else { continue }
            ticks.append(try Timing.seconds { try daycare.toggle(child: child.id, task: task) })
        }
        print("One durable tick:                   \(Timing.summary(ticks))")

        // The daycare keeps a leaderboard until the next change, so each run
        // is the first one after a tick (which every change is like).
        let group = daycare.roster.groups[0].id
        let child = daycare.roster.children[0]
        for period in Period.allCases {
            for scope in [LeaderboardScope.allGroups, .group(group)] {
                var runs: [Double] = []
                for _ in 0..<51 {
                    try daycare.toggle(child: child.id, task: child.board[0])
                    runs.append(Timing.seconds { _ = daycare.leaderboard(scope, period) })
                }
                let name = scope == .allGroups ? "all groups" : "one group"
                let label = "Leaderboard \(period.rawValue), \(name):".padding(toLength: 36, withPad: " ", startingAt: 0)
                print("\(label)\(Timing.summary(runs))")
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("Peak memory (max RSS):              \(usage.ru_maxrss / 1024) MiB")
    }
}

enum Timing {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

    static func summary(_ runs: [Double]) -> String {
        let sorted = runs.sorted()
        let median = sorted[sorted.count / 2]
        return "median \(ms(median))  (min \(ms(sorted[0])), max \(ms(sorted[sorted.count - 1])), \(runs.count) runs)"
    }
}
