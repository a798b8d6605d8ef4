import Foundation
import Testing
import TaskBoard
import TaskBoardPostgres
import TaskBoardTestSupport

/// Saved means committed (issue 38): many writers on one database, commands
/// and a kiosk's outbox, while another connection ends their sessions at
/// random moments. Afterwards every tick reported saved is on the server,
/// once; every tick reported "Nothing was changed." is not; any other
/// failure says it may or may not have been saved.
///
/// CI runs a small load; `TASKBOARD_COMMIT_WRITERS`, `TASKBOARD_COMMIT_MARKS`
/// and `TASKBOARD_COMMIT_KIOSK_TICKS` make it the issue's large one
/// (20 writers × 50 marks) by hand.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct SavedMeansCommittedTests {
    /// One tick to make: a child, a task on its board, a day.
    struct Tick: Hashable {
        var child: String, childID: Int
        var task: String, taskID: Int
        var day: Day
    }

    /// How a command's tick ended, by its words.
    enum Said: Equatable { case saved, notSaved, mayOrMayNot, other(String) }

    static func said(_ result: TaskBoardProcess.Result) -> Said {
        if result.status == 0 { return result.stdout.contains(" done on ") ? .saved : .other(result.stdout) }
        if result.stderr.hasSuffix(". Nothing was changed.\n") { return .notSaved }
        if result.stderr.hasSuffix(". It may or may not have been saved: look before trying again.\n") { return .mayOrMayNot }
        return .other(result.stderr)
    }

    /// Each tick's words against the rows the server holds for it; the
    /// counts of each kind of words, for the log.
    private static func judge(_ said: [Tick: Said], held: [Tick: Int], who: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (tick, words) in said {
            let rows = held[tick, default: 0]
            switch words {
            case .saved:
                counts["saved", default: 0] += 1
                #expect(rows == 1, "\(who)'s tick reported saved, \(rows) rows: \(tick)")
            case .notSaved:
                counts["not saved", default: 0] += 1
                #expect(rows == 0, "\(who)'s tick reported not saved, \(rows) rows: \(tick)")
            case .mayOrMayNot:
                counts["may or may not", default: 0] += 1
                counts["may or may not (on the server)", default: 0] += rows
                #expect(rows <= 1, "\(who)'s tick: \(rows) rows: \(tick)")
            case .other(let text):
                Issue.record("\(who)'s tick said neither saved nor not: \(text)")
            }
        }
        return counts
    }

    private static func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? fallback
    }

    @Test func everyTickReportedSavedIsOnTheServerOnceWhileSessionsAreEnded() throws {
        let writers = Self.setting("TASKBOARD_COMMIT_WRITERS", 6)
        let marksEach = Self.setting("TASKBOARD_COMMIT_MARKS", 8)
        let kioskTicks = Self.setting("TASKBOARD_COMMIT_KIOSK_TICKS", 24)
        // Stores in this process, as a command uses one: they write far more
        // often than commands can start, so commits queue for NOTIFY's lock.
        let storeWriters = Self.setting("TASKBOARD_COMMIT_STORES", 8)
        let storeTicks = Self.setting("TASKBOARD_COMMIT_STORE_TICKS", 30)
        try withDemoDaycare { data in
            let database = try TestDatabase.makeEmpty()
            let passwordFile = try #require(TestDatabase.passwordFile)
            let copied = try TaskBoardProcess.run(["copy", "--from", data.path, "--to", database.url, "--database-password-file", passwordFile])
            try #require(copied.status == 0, "\(copied.stderr)")
            // A clean slate of ticks and absences, so every tick below is a new one.
            for table in ["mark_events", "day_marks", "mark_summary", "absences"] { try database.execute("DELETE FROM \(table)") }

            let ticks = try Self.ticks(in: database, count: writers * marksEach + kioskTicks)
            let kioskShare = Array(ticks.prefix(kioskTicks))
            let commandShare = Array(ticks.dropFirst(kioskTicks))
            // Older days than the commands', which no rule limits at this level.
            let storeShare = try Self.ticks(in: database, count: storeWriters * storeTicks, from: 40)

            // The kiosk: its outbox sends through its worker, on sessions that are ended too.
            let local = data.deletingLastPathComponent().appendingPathComponent("kiosk-local")
            let login = DatabaseLogin(address: database.address, password: database.password, kioskName: "Hall")
            let kiosk = try KioskDatabaseStore(login: login, localDirectory: local, today: StoreSamples.day, deadline: .seconds(5), now: StoreSamples.clock(on: StoreSamples.day))
            defer { kiosk.close() }

            let ending = SessionEnder(database: database)
            ending.start()
            let results = Locked([Tick: TaskBoardProcess.Result]())
            let kioskDone = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                for (i, tick) in kioskShare.enumerated() {
                    let event = MarkEvent(child: ChildID(tick.childID), task: TaskID(tick.taskID), done: true, points: 1,
                                          boardComplete: false, at: Int64(TaskBoardProcess.date.timeIntervalSince1970) + Int64(i))
                    try? kiosk.appendMark(event, on: tick.day)
                    Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.08))
                }
                kioskDone.signal()
            }
            let storeResults = Locked([Tick: Said]())
            let storesDone = DispatchGroup()
            for writer in 0..<storeWriters {
                storesDone.enter()
                Thread.detachNewThread {
                    defer { storesDone.leave() }
                    // Opening may be ended too: tried again, as a person would.
                    var opened: PostgresBoardStore?
                    for _ in 0..<50 where opened == nil { opened = try? database.openDatabase(kiosk: "S\(writer)", deadline: .seconds(5)) }
                    guard let store = opened else { Issue.record("store \(writer) never opened"); return }
                    for (i, tick) in storeShare.enumerated() where i % storeWriters == writer {
                        let event = MarkEvent(child: ChildID(tick.childID), task: TaskID(tick.taskID), done: true, points: 1,
                                              boardComplete: false, at: Int64(TaskBoardProcess.date.timeIntervalSince1970))
                        let said: Said
                        do {
                            try store.appendMark(event, on: tick.day)
                            said = .saved
                        } catch let error as DatabaseError {
                            said = error.mayBeSaved ? .mayOrMayNot : .notSaved
                        } catch {
                            said = .other("\(error)")
                        }
                        storeResults.withLock { $0[tick] = said }
                    }
                }
            }
            DispatchQueue.concurrentPerform(iterations: writers) { writer in
                for (i, tick) in commandShare.enumerated() where i % writers == writer {
                    let result = (try? TaskBoardProcess.run(["mark", "--child", tick.child, "--task", tick.task, "--day", tick.day.description,
                                                             "--kiosk-name", "W\(writer)", "--database", database.url,
                                                             "--database-password-file", passwordFile]))
                        ?? TaskBoardProcess.Result(status: -1, stdout: "", stderr: "could not run taskboard")
                    results.withLock { $0[tick] = result }
                }
            }
            kioskDone.wait()
            storesDone.wait()
            let ended = ending.stop()
            #expect(ended > 0, "no session was ended: the test tested nothing")
            // With the server left alone, the kiosk sends all it kept.
            #expect(waitUntil(60) { kiosk.waitingChanges == 0 } != nil, "the kiosk still has \(kiosk.waitingChanges) changes waiting")

            let held = try Self.heldTicks(in: database)
            let outcomes = results.withLock { $0 }
            let counts = Self.judge(outcomes.mapValues { Self.said($0) }, held: held, who: "a command")
            let storeCounts = Self.judge(storeResults.withLock { $0 }, held: held, who: "a store")
            for tick in kioskShare {
                #expect(held[tick, default: 0] == 1, "the kiosk's tick \(tick): \(held[tick, default: 0]) rows")
            }
            #expect(outcomes.count == commandShare.count)
            #expect(try database.column("SELECT count(*)::text FROM day_marks WHERE done") == ["\(held.count)"],
                    "day_marks agrees with mark_events")
            print("saved means committed: \(writers) writers × \(marksEach) marks and \(kioskTicks) kiosk ticks, \(ended) sessions ended; commands: "
                  + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                  + "; stores: " + storeCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                  + "; kiosk: \(kioskShare.filter { held[$0] == 1 }.count) of \(kioskTicks) on the server once")
        }
    }

    /// `count` ticks on different child, task and day, of tasks every day
    /// of the week (the last weeks, newest first), spread over the children.
    private static func ticks(in database: TestDatabase, count: Int, from first: Int = 0) throws -> [Tick] {
        let rows = try TestDatabase.texts("""
            SELECT c.name, c.id::text, t.name, t.id::text FROM boards b JOIN children c ON c.id = b.child_id JOIN tasks t ON t.id = b.task_id
            WHERE b.weekdays IS NULL ORDER BY b.position, c.position
            """, at: database.address, password: database.password)
        let pairs = rows.compactMap { row -> (String, Int, String, Int)? in
            guard let child = row[0], let childID = row[1].flatMap(Int.init), let task = row[2], let taskID = row[3].flatMap(Int.init) else { return nil }
            return (child, childID, task, taskID)
        }
        var ticks: [Tick] = []
        var back = first
        while ticks.count < count, back < first + 28 {
            let day = StoreSamples.day.advanced(by: -back)
            for (child, childID, task, taskID) in pairs where ticks.count < count {
                ticks.append(Tick(child: child, childID: childID, task: task, taskID: taskID, day: day))
            }
            back += 1
        }
        try #require(ticks.count == count, "the demo daycare has room for \(ticks.count) ticks, not \(count)")
        return ticks
    }

    /// How many events the server holds for each child, task and day.
    private static func heldTicks(in database: TestDatabase) throws -> [Tick: Int] {
        let rows = try TestDatabase.texts("""
            SELECT c.name, c.id::text, t.name, t.id::text, to_char(e.day, 'YYYY-MM-DD'), count(*)::text
            FROM mark_events e JOIN children c ON c.id = e.child_id JOIN tasks t ON t.id = e.task_id
            GROUP BY 1, 2, 3, 4, 5
            """, at: database.address, password: database.password)
        var held: [Tick: Int] = [:]
        for row in rows {
            guard let child = row[0], let childID = row[1].flatMap(Int.init), let task = row[2], let taskID = row[3].flatMap(Int.init),
                  let day = row[4].flatMap(Day.init), let count = row[5].flatMap(Int.init) else { continue }
            held[Tick(child: child, childID: childID, task: task, taskID: taskID, day: day)] = count
        }
        return held
    }
}

/// Ends every taskboard session on the database every 50 to 300 ms, as an
/// administrator's `pg_terminate_backend` would, until stopped.
private final class SessionEnder: @unchecked Sendable {
    private let database: TestDatabase
    private let running = Locked(true)
    private let ended = Locked(0)
    private let done = DispatchSemaphore(value: 0)

    init(database: TestDatabase) { self.database = database }

    func start() {
        Thread.detachNewThread { [self] in
            while running.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.3))
                let count = (try? HeldTransaction.terminateSessions(
                    at: database.address, password: database.password,
                    where: "datname = current_database() AND application_name LIKE 'taskboard%'")) ?? 0
                ended.withLock { $0 += count }
            }
            done.signal()
        }
    }

    /// Stops, and says how many sessions it ended.
    func stop() -> Int {
        running.withLock { $0 = false }
        done.wait()
        return ended.withLock { $0 }
    }
}
