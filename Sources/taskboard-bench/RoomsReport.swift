import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardTestSupport

/// Issue 29: how many kiosks one server carries at a daycare's morning rate.
///
/// N kiosks, each the project's own `KioskDatabaseStore` (its outbox, its
/// worker, its two connections, listening), on a private server of this
/// machine started with room for them, in daycares of ten rooms, each
/// daycare a database of its own (a town's daycares on the server the town
/// runs). Each room's morning, squeezed into `window` seconds at random
/// moments: the whole group's tick (20 children at once), ten single ticks
/// and an absence. Measured from the server's own record and from the other
/// kiosks:
/// - tick → committed: the moment the tick was made (into the outbox, fsynced)
///   to its row's `committed_at` (the server's clock when the statement began);
/// - tick → another kiosk has it: to the moment another kiosk of the same
///   daycare (its first room, which watches its store's change signal) can
///   show it.
/// Each count is run twice, with the two ways a kiosk can learn of the
/// others' changes (`ChangeFeed`): listening, and reading change counters
/// every half second; and the CPU each costs the server and the kiosks.
///
///   .ci/with-postgres.sh .build/release/taskboard-bench rooms 50 100 300
enum RoomsReport {
    static let roomsPerDaycare = 10
    static let childrenPerRoom = 20
    static let tasksPerBoard = 5
    static let singleTicks = 10
    static let window: TimeInterval = 60

    static func measure(counts: [Int], countingEvery every: TimeInterval = counterInterval) throws {
        print("Kiosks on one server (issue 29): daycares of \(roomsPerDaycare) rooms, \(childrenPerRoom) children a room; "
              + "each room's morning in \(Int(window)) s (a whole group's tick, \(singleTicks) single ticks, an absence)")
        print("  each count twice: kiosks listening (notifications), then kiosks reading change counters every \(every) s")
        for count in counts {
            for feed in [ChangeFeed.notifications, .counters(every: every)] { try measure(kiosks: count, feed: feed) }
        }
    }

    /// How often a counting kiosk reads the counters, unless told.
    static let counterInterval: TimeInterval = 0.5

    /// One event the bench made, for the latencies: when, and which kiosk.
    private struct Made {
        let at: Date
        let room: Int
    }

    private final class Record: Sendable {
        private let events = Locked((made: [Int64: Made](), seen: [Int64: Date](), next: Int64(1)))

        /// A fresh `at` (unique: it names the event) and when it was made.
        func make(room: Int) -> Int64 {
            events.withLock { events in
                let at = events.next
                events.next += 1
                events.made[at] = Made(at: Date(), room: room)
                return at
            }
        }

        func saw(_ ats: [Int64], by room: Int, at time: Date) {
            events.withLock { events in
                for at in ats where events.seen[at] == nil && events.made[at].map({ $0.room != room }) == true { events.seen[at] = time }
            }
        }

        var madeEvents: [Int64: Made] { events.withLock { $0.made } }
        var seenEvents: [Int64: Date] { events.withLock { $0.seen } }
    }

    static func measure(kiosks count: Int, feed: ChangeFeed) throws {
        let daycares = (count + roomsPerDaycare - 1) / roomsPerDaycare
        let server = try PrivateDatabaseServer(settings: ["max_connections=\(2 * count + 20 + daycares)"])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-rooms-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let today = DayCalendar(zoneIdentifier: nil).day(of: Date())

        // The daycares, each with its rooms' groups, and the kiosks on them.
        var kiosks: [(store: KioskDatabaseStore, daycare: Int, children: [ChildID], tasks: [TaskID])] = []
        let opened = Date()
        for daycare in 0..<daycares {
            var address = server.address
            address.database = "daycare_\(daycare)"
            try TestDatabase.run("CREATE DATABASE \(address.database)", at: server.address, password: nil)
            var roster = Roster()
            let tasks = try (0..<tasksPerBoard).map { try roster.addTask(name: "Task \($0 + 1)", icon: nil, points: 1) }
            let rooms = min(roomsPerDaycare, count - daycare * roomsPerDaycare)
            var children: [[ChildID]] = []
            for room in 0..<rooms {
                let group = try roster.addGroup(name: "Room \(room + 1)", avatar: "🐿️")
                children.append(try (0..<childrenPerRoom).map { c in
                    let child = try roster.addChild(name: "Child \(room + 1)-\(c + 1)", avatar: "🦊", group: group)
                    for task in tasks { try roster.addToBoard(task, child: child) }
                    return child
                })
            }
            let setup = try DatabaseLogin(address: address, password: nil, kioskName: "setup").open()
            try setup.saveRoster(roster)
            setup.close()
            for room in 0..<rooms {
                let login = DatabaseLogin(address: address, password: nil, kioskName: "Room \(room + 1)", changeFeed: feed)
                let local = scratch.appendingPathComponent("\(daycare)-\(room)")
                let store = try KioskDatabaseStore(login: login, localDirectory: local, today: today)
                kiosks.append((store, daycare, children[room], tasks))
            }
        }
        defer { kiosks.forEach { $0.store.close() } }
        print("  \(count) kiosks (\(daycares) daycares) opened in \(String(format: "%.1f", Date().timeIntervalSince(opened))) s")
        // Every kiosk listening (its worker's first turn) before the morning starts.
        let settle = Date().addingTimeInterval(60)
        while Date() < settle, try connections(on: server) < 2 * count { Thread.sleep(forTimeInterval: 0.2) }

        let record = Record()
        // The first room of each daycare watches for the others' ticks.
        let watching = Locked(true)
        var watchers: [Thread] = []
        for (index, kiosk) in kiosks.enumerated() where index % roomsPerDaycare == 0 {
            let store = kiosk.store
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 64)
                while watching.withLock({ $0 }) {
                    var descriptor = pollfd(fd: store.changeSignal.descriptor, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, 100) > 0 else { continue }
                    while read(store.changeSignal.descriptor, &buffer, buffer.count) > 0 {}
                    let time = Date()
                    if let marks = try? store.marks(on: today) { record.saw(marks.map(\.at), by: index, at: time) }
                }
            }
            thread.start()
            watchers.append(thread)
        }

        // The morning: every room's actions at random moments of the window.
        var random = SplitMix64(seed: UInt64(count))
        let cpuBefore = (server: try serverCPU(server), bench: benchCPU())
        let start = DispatchTime.now()
        let group = DispatchGroup()
        let failures = Locked(0)
        for (index, kiosk) in kiosks.enumerated() {
            var moments: [(TimeInterval, Int)] = [(Double.random(in: 0..<window, using: &random), -1),
                                                  (Double.random(in: 0..<window, using: &random), -2)]
            for tick in 0..<singleTicks { moments.append((Double.random(in: 0..<window, using: &random), tick)) }
            for (moment, action) in moments {
                let child = kiosk.children[Int.random(in: 0..<kiosk.children.count, using: &random)]
                let task = kiosk.tasks[Int.random(in: 1..<kiosk.tasks.count, using: &random)]
                group.enter()
                DispatchQueue.global().asyncAfter(deadline: start + moment) {
                    defer { group.leave() }
                    do {
                        switch action {
                        case -1:
                            // The whole group's first task at once, as the Groups tab ticks it.
                            let events = kiosk.children.map { MarkEvent(child: $0, task: kiosk.tasks[0], done: true, points: 1, boardComplete: false,
                                                                       at: record.make(room: index)) }
                            try kiosk.store.appendMarks(events, on: today)
                        case -2:
                            var attendance = try kiosk.store.loadAttendance() ?? Attendance()
                            attendance.set(child, away: true, on: today)
                            try kiosk.store.saveAttendance(attendance)
                        default:
                            try kiosk.store.appendMark(MarkEvent(child: child, task: task, done: true, points: 1, boardComplete: false,
                                                                 at: record.make(room: index)), on: today)
                        }
                    } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
        }
        group.wait()
        // Everything sent (the CPU counted until then: under load, commits trail the last tick by seconds), and seen.
        let drain = Date().addingTimeInterval(120)
        while Date() < drain, kiosks.contains(where: { $0.store.waitingChanges > 0 }) { Thread.sleep(forTimeInterval: 0.1) }
        let cpu = (server: try serverCPU(server) - cpuBefore.server, bench: benchCPU() - cpuBefore.bench)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        Thread.sleep(forTimeInterval: 2)
        watching.withLock { $0 = false }
        let unsent = kiosks.reduce(0) { $0 + $1.store.waitingChanges }

        // Tick → committed, by the server's record of each daycare.
        let made = record.madeEvents
        var committed: [Double] = []
        for daycare in 0..<daycares {
            var address = server.address
            address.database = "daycare_\(daycare)"
            let rows = try TestDatabase.texts("SELECT at::text, extract(epoch FROM committed_at)::text FROM mark_events", at: address, password: nil)
            for row in rows {
                guard let at = row[0].flatMap({ Int64($0) }), let time = row[1].flatMap({ Double($0) }), let tick = made[at] else { continue }
                committed.append(time - tick.at.timeIntervalSince1970)
            }
        }
        let seen = record.seenEvents
        // The watchers see the ticks of their own daycare only.
        let shown = seen.compactMap { at, time in made[at].map { time.timeIntervalSince($0.at) } }
        let watchable = made.values.filter { $0.room % roomsPerDaycare != 0 }.count
        let way = feed == .notifications ? "listening" : "counting"
        print("  \(count) kiosks \(way): \(made.count) ticks (\(committed.count) committed, \(unsent) changes unsent, \(failures.withLock { $0 }) failed to be made)")
        print("    tick → committed               \(percentiles(committed))")
        print("    tick → another kiosk has it    \(percentiles(shown))  (\(shown.count) of \(watchable) seen by a watcher)")
        print("    CPU until all was sent         server \(String(format: "%.1f", cpu.server)) s, kiosks \(String(format: "%.1f", cpu.bench)) s "
              + "(of \(String(format: "%.1f", elapsed)) s × 2 cores)")
    }

    /// CPU seconds the server's processes (the postmaster and its children) have used.
    private static func serverCPU(_ server: PrivateDatabaseServer) throws -> Double {
        let text = try String(contentsOfFile: server.directory.appendingPathComponent("data/postmaster.pid").path, encoding: .utf8)
        guard let postmaster = text.split(separator: "\n").first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else { return 0 }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (name) ": state, ppid, ... utime is the 12th field, stime the 13th.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, pid == postmaster || Int(fields[1]) == postmaster,
                  let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            total += (user + system) / ticks
        }
        return total
    }

    /// CPU seconds this process (the kiosks' stores, their workers, the watchers) has used.
    private static func benchCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The backends connected to the daycares' databases.
    private static func connections(on server: PrivateDatabaseServer) throws -> Int {
        let rows = try TestDatabase.texts("SELECT count(*)::text FROM pg_stat_activity WHERE datname LIKE 'daycare_%'", at: server.address, password: nil)
        return (rows.first?.first ?? nil).flatMap { Int($0) } ?? 0
    }

    static func percentiles(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "none" }
        let sorted = values.sorted()
        func at(_ share: Double) -> String { Timing.ms(sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]) }
        return "p50 \(at(0.5))  p99 \(at(0.99))  max \(Timing.ms(sorted[sorted.count - 1]))"
    }
}
