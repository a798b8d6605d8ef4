import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTools

/// The database section: a daycare-year copied into an empty PostgreSQL
/// database (TASKBOARD_DATABASE_URL, with TASKBOARD_DATABASE_PASSWORD_FILE
/// or PGPASSWORD), then what a kiosk on it waits for, each beside the data
/// directory's figure where there is one.
///
///   .ci/with-postgres.sh sh -c 'TASKBOARD_DATABASE_URL=$TASKBOARD_TEST_DATABASE_URL \
///     TASKBOARD_DATABASE_PASSWORD_FILE=$TASKBOARD_TEST_DATABASE_PASSWORD_FILE .build/release/taskboard-bench database DIR'
enum DatabaseReport {
    static func measure(year directory: URL) throws {
        guard let login = try DatabaseLogin.resolve(url: nil, passwordFile: nil, kioskName: "bench") else {
            throw DatabaseError(.badAddress, "set TASKBOARD_DATABASE_URL to an empty database")
        }
        print("")
        print("Database (\(login.address)), beside the data directory:")
        let source = try JSONFileStore(directory: directory, readOnly: true)
        let today = (try source.loadSettings() ?? Settings()).dayCalendar.day(of: Date())
        let target = try login.open(deadline: .seconds(60))
        let copied = try Timing.seconds { _ = try DaycareCopy.run(from: source, to: target, today: today) }
        print("  taskboard copy of the daycare-year into it: \(String(format: "%.1f", copied)) s")

        // One tick as the kiosk's worker sends it: one statement, one round trip.
        let children = try target.loadRoster()?.children ?? []
        var random = SplitMix64(seed: 11)
        func someTick(_ n: Int) -> MarkEvent {
            let child = children[Int(random.next() % UInt64(children.count))]
            return MarkEvent(child: child.id, task: child.board[n % child.board.count], done: n % 2 == 0, points: 1, boardComplete: false,
                             at: Int64(Date().timeIntervalSince1970))
        }
        var database: [Double] = []
        for n in 0..<400 {
            let tick = (id: UUID(), event: someTick(n))
            database.append(try Timing.seconds { try target.appendMarks([tick], on: today) })
        }
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-ticks-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var files: [Double] = []
        do {
            let store = try JSONFileStore(directory: scratch)
            for n in 0..<400 {
                let tick = someTick(n)
                files.append(try Timing.seconds { try store.appendMark(tick, on: today) })
            }
        }
        print("  One tick, committed (median, p99):  database \(percentiles(database)); data directory (fdatasync) \(percentiles(files))")

        // Load to a ready state: the data directory; a kiosk's first start on
        // the database (its own summary built from every day's ticks); a start
        // with that summary in its local directory.
        let local = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-kiosk-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: local) }
        var directoryLoads: [Double] = []
        for _ in 0..<11 {
            directoryLoads.append(try Timing.seconds { _ = try Daycare(store: try JSONFileStore(directory: directory, readOnly: true)) })
        }
        let firstStart = try Timing.seconds {
            let store = try KioskDatabaseStore(login: login, localDirectory: local, today: today)
            _ = try Daycare(store: store)
            store.close()
        }
        var databaseLoads: [Double] = []
        for _ in 0..<11 {
            var store: KioskDatabaseStore?
            databaseLoads.append(try Timing.seconds {
                store = try KioskDatabaseStore(login: login, localDirectory: local, today: today)
                _ = try Daycare(store: store!)
            })
            store?.close()
            store = nil
        }
        print("  Load to a ready state (median):     database \(Timing.ms(median(databaseLoads))) (first start, building its summary: "
              + "\(Timing.ms(firstStart))); data directory \(Timing.ms(median(directoryLoads)))")

        // Another kiosk shows a tick: from the append on one kiosk until the
        // other's store has it (sent, notified, read again).
        let otherLocal = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-other-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: otherLocal) }
        let hall = try KioskDatabaseStore(login: login, localDirectory: local, today: today)
        let kitchen = try KioskDatabaseStore(login: login, localDirectory: otherLocal, today: today)
        defer {
            hall.close()
            kitchen.close()
        }
        let hallDaycare = try Daycare(store: hall)
        var shown: [Double] = []
        for n in 0..<51 {
            let before = try kitchen.markJournalLength(on: today)
            let tick = someTick(n)
            let start = DispatchTime.now().uptimeNanoseconds
            try hall.appendMark(tick, on: today)
            while try kitchen.markJournalLength(on: today) == before {
                guard Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < 10 else {
                    throw DatabaseError(.timedOut, "the other kiosk did not see a tick within 10 s")
                }
                usleep(200)
            }
            shown.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print("  Another kiosk has the tick (median, p99): \(percentiles(shown)) (its store; its screen below)")

        // The leaderboard, first after a change (a tick), on each; the
        // ticks go into the generated daycare-year, as the main measurement's do.
        let directoryDaycare = try Daycare(store: try JSONFileStore(directory: directory))
        print("  Leaderboard this week, all groups, first after a tick (median): database \(Timing.ms(median(try leaderboards(hallDaycare)))); "
              + "data directory \(Timing.ms(median(try leaderboards(directoryDaycare))))")

        // A real kiosk process on the database, its server hanging.
        let taskboard = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("taskboard").path
        let kioskData = URL(fileURLWithPath: NSTemporaryDirectory() + "taskboard-bench-hung-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: kioskData) }
        try WakeReport.measure(taskboard: taskboard, login: login, today: today)
        try HungServerReport.measure(taskboard: taskboard, localDirectory: kioskData, pin: OutsideReport.pin)
    }

    private static func leaderboards(_ daycare: Daycare) throws -> [Double] {
        let child = daycare.roster.children[0]
        return try (0..<51).map { _ in
            try daycare.toggle(child: child.id, task: child.board[0])
            return Timing.seconds { _ = daycare.leaderboard(.allGroups, .week) }
        }
    }

    private static func median(_ runs: [Double]) -> Double { runs.sorted()[runs.count / 2] }

    private static func percentiles(_ runs: [Double]) -> String {
        let sorted = runs.sorted()
        return "\(Timing.ms(sorted[sorted.count / 2])), \(Timing.ms(sorted[min(sorted.count - 1, sorted.count * 99 / 100)]))"
    }
}
