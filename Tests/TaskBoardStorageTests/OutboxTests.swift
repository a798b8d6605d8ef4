import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

/// The kiosk's outbox of changes for a shared database: durable, in order,
/// and a torn last line (a crash during an append) cut off, never run on from.
@Suite struct OutboxTests {
    private let day = Day(year: 2026, month: 11, day: 24)!

    /// An entry as the outbox writes it, by the outbox itself.
    private static func line(_ entry: OutboxEntry) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-outbox-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Outbox(directory: scratch).append([entry])
        return String(decoding: try Data(contentsOf: scratch.appendingPathComponent("outbox.jsonl")), as: UTF8.self)
    }

    private func tick(_ n: Int) -> OutboxEntry {
        .mark(id: UUID(), day: day, event: MarkEvent(child: ChildID(n), task: TaskID(2), done: n % 2 == 0, points: 1, boardComplete: false, at: 1_795_500_000 + Int64(n)))
    }

    @Test func entriesComeBackInOrderAndConfirmedOnesGo() throws {
        try withDataDirectory { dir in
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let entries = (1...5).map(tick) + [.away(id: UUID(), day: day, child: ChildID(9), away: true)]
            try Outbox(directory: dir).append(entries)
            #expect(try Outbox(directory: dir).entries == entries)
            let outbox = try Outbox(directory: dir)
            try outbox.remove(Set(entries.prefix(2).map(\.id)))
            #expect(try Outbox(directory: dir).entries == Array(entries.dropFirst(2)))
            #expect(try permissions(of: dir.file("outbox.jsonl")) == 0o600)
        }
    }

    @Test func aTornLastLineIsCutOffAndTheNextAppendStartsOnItsOwnLine() throws {
        try withDataDirectory { dir in
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let first = tick(1)
            try Outbox(directory: dir).append([first])
            try appendRaw("{\"id\":\"5C0B", to: dir.file("outbox.jsonl"))
            let outbox = try Outbox(directory: dir)
            #expect(outbox.entries == [first])
            let second = tick(2)
            try outbox.append([second])
            #expect(try Outbox(directory: dir).entries == [first, second])
        }
    }

    @Test func aDamagedLineInTheMiddleStopsWithItsLineNumber() throws {
        try withDataDirectory { dir in
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Outbox(directory: dir).append([tick(1)])
            try appendRaw("not json\n", to: dir.file("outbox.jsonl"))
            try appendRaw(try Self.line(tick(3)), to: dir.file("outbox.jsonl"))
            #expect {
                try Outbox(directory: dir)
            } throws: { error in
                (error as? StorageError)?.line == 2
            }
        }
    }
}
