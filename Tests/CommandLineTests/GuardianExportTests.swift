import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 43: a guardian's copy, `taskboard export --child NAME`: everything
/// kept about that child (the entry, the board, every tick and untick,
/// the absences, the points, the recording), and nothing about any other.
@Suite struct GuardianExportTests {
    private static func run(_ arguments: [String]) throws -> TaskBoardProcess.Result {
        try TaskBoardProcess.run(arguments, environment: PrintTests.plain)
    }

    /// The demo with a tick taken back, a recording of Aino's name and an absence.
    private func withAino(_ body: (_ data: URL, _ roster: Roster, _ aino: Child) throws -> Void) throws {
        try withDemoDaycare { data in
            let file = data.deletingLastPathComponent().appendingPathComponent("aino.wav")
            try VoiceCommandTests.wav(seconds: 0.5).write(to: file)
            #expect(try Self.run(["voice", "add", "--child", "Aino", file.path, "--data-dir", data.path]).status == 0)
            #expect(try Self.run(["away", "--child", "Aino", "--day", "2026-11-20", "--data-dir", data.path]).status == 0)
            #expect(try Self.run(["mark", "--child", "Aino", "--task", "Get dressed", "--data-dir", data.path]).status == 0)
            #expect(try Self.run(["mark", "--child", "Aino", "--task", "Get dressed", "--undo", "--data-dir", data.path]).status == 0)
            let roster = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster())
            try body(data, roster, try #require(roster.children.first { $0.name == "Aino" }))
        }
    }

    /// Aino's journal lines, as the data directory keeps them.
    private func journalLines(of child: ChildID, in data: URL) throws -> [(day: Day, event: MarkEvent)] {
        let store = try JSONFileStore(directory: data, readOnly: true)
        return try store.markJournalDays().flatMap { day in try store.marks(on: day).filter { $0.child == child }.map { (day, $0) } }
    }

    @Test func theCSVHoldsEverythingOfTheChildAndNothingOfAnother() throws {
        try withAino { data, roster, aino in
            let result = try Self.run(["export", "--child", "aino", "--no-bom", "--data-dir", data.path])
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(rows.first == "record,date,time,task,task_id,points,detail")
            let points = try Daycare(store: JSONFileStore(directory: data, readOnly: true), clock: FixedClock(TaskBoardProcess.date)).points(.allTime)[aino.id]
            #expect(rows[1] == "child,\(aino.firstDay.map { "\($0)" } ?? ""),,,,\(points ?? -1),Aino; group Squirrels; picture 🦊; id \(aino.id.rawValue)",
                    "\(rows[1])")
            #expect(rows.filter { $0.hasPrefix("board,") }.count == aino.board.count)
            // Every journal line of Aino's, the tick and the untick of today included, and no other.
            let lines = try journalLines(of: aino.id, in: data)
            let marks = rows.filter { $0.hasPrefix("tick,") || $0.hasPrefix("untick,") }
            #expect(marks.count == lines.count && lines.count > 2, "\(marks.count) rows for \(lines.count) lines")
            #expect(marks.suffix(2).map { $0.prefix(while: { $0 != "," }) } == ["tick", "untick"], "\(marks.suffix(2))")
            #expect(marks.last?.contains("Get dressed") == true && marks.last?.contains("2026-11-22T") == true, "\(marks.last ?? "")")
            #expect(rows.contains("absence,2026-11-20,,,,,"), "\(rows)")
            #expect(rows.contains { $0.hasPrefix("recording,") && $0.contains("child-\(aino.id.rawValue).wav") })
            for other in roster.children where other.id != aino.id {
                #expect(!result.stdout.contains(other.name), "\(other.name) named in Aino's copy")
            }
        }
    }

    @Test func theJSONIsTheSameCopyAndParses() throws {
        try withAino { data, roster, aino in
            let result = try Self.run(["export", "--child", "Aino", "--format", "json", "--data-dir", data.path])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let child = try #require(object["child"] as? [String: Any])
            #expect(child["name"] as? String == "Aino" && child["id"] as? Int == aino.id.rawValue)
            let marks = try #require(object["marks"] as? [[String: Any]])
            #expect(marks.count == (try journalLines(of: aino.id, in: data)).count)
            #expect(marks.last?["done"] as? Bool == false, "the untick is kept, as the journal keeps it")
            #expect((object["absences"] as? [String])?.contains("2026-11-20") == true)
            #expect((object["recording"] as? [String: Any])?["bytes"] as? Int ?? 0 > 0)
            for other in roster.children where other.id != aino.id {
                #expect(!result.stdout.contains(other.name), "\(other.name) named in Aino's copy")
            }
        }
    }

    @Test func aNameThatIsNoChildAndMixedExportsAreRefused() throws {
        try withAino { data, _, _ in
            let nobody = try Self.run(["export", "--child", "Nobody", "--data-dir", data.path])
            #expect(nobody.status == 1 && nobody.stderr.contains("no child called \"Nobody\""), "\(nobody.stderr)")
            let mixed = try Self.run(["export", "--child", "Aino", "--totals", "--data-dir", data.path])
            #expect(mixed.status == 1 && mixed.stderr.contains("--child is an export of its own"), "\(mixed.stderr)")
            let group = try Self.run(["export", "--group", "Squirrels", "--data-dir", data.path])
            #expect(group.status == 1 && group.stderr.contains("--group goes with --child"), "\(group.stderr)")
        }
    }
}
