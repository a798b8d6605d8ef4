import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

@Suite struct JournalTests {
    let day = Samples.day
    func journal(_ dir: URL) -> URL { dir.file("marks/2026-11-22.jsonl") }

    @Test func lengthIsTheFileSizeAndGrowsWithEveryAppend() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            #expect(try store.markJournalLength(on: day) == 0)
            var previous = 0
            for i in 0..<20 {
                try store.appendMark(Samples.event(i), on: day)
                let length = try store.markJournalLength(on: day)
                #expect(length > previous)
                #expect(length == (try bytes(of: journal(dir))).count)
                previous = length
            }
            #expect(try store.markJournalLength(on: day.advanced(by: 1)) == 0)
        }
    }

    /// A task ticked for a whole group: its lines go in one write, on a new
    /// journal as on one already open, and read back in order.
    @Test func severalEventsAreAppendedTogether() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.appendMarks((0..<3).map { Samples.event($0) }, on: day)
            try store.appendMarks([], on: day)
            try store.appendMark(Samples.event(3), on: day)
            try store.appendMarks((4..<6).map { Samples.event($0) }, on: day)
            #expect(try store.marks(on: day) == (0..<6).map { Samples.event($0) })
            let lines = String(decoding: try bytes(of: journal(dir)), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 8 && lines.last == "")   // the header, six events, and every line ends
            // A fresh store (a restart) reads the same.
            #expect(try JSONFileStore(directory: dir, readOnly: true).marks(on: day).count == 6)
        }
    }

    @Test func appendsToSeveralDaysInTurn() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            let days = [day, day.advanced(by: -3), day]
            for (i, d) in days.enumerated() { try store.appendMark(Samples.event(i), on: d) }
            #expect(try store.marks(on: day) == [Samples.event(0), Samples.event(2)])
            #expect(try store.marks(on: day.advanced(by: -3)) == [Samples.event(1)])
        }
    }

    @Test func aTornLastLineIsIgnoredThenCutOffByTheNextAppend() throws {
        try withDataDirectory { dir in
            do {
                let store = try JSONFileStore(directory: dir)
                for i in 0..<3 { try store.appendMark(Samples.event(i), on: day) }
            }
            let intact = try bytes(of: journal(dir))
            // A kill in the middle of an append leaves part of a line.
            try appendRaw("{\"c\":3,\"t\":5,\"on\":tr", to: journal(dir))
            let torn = try bytes(of: journal(dir))

            let store = try JSONFileStore(directory: dir)
            #expect(try store.marks(on: day) == (0..<3).map { Samples.event($0) })
            #expect(try store.markJournalLength(on: day) == torn.count)
            #expect(try bytes(of: journal(dir)) == torn, "reading repairs nothing")
            #expect(store.tornTail(on: day) == torn.count - intact.count, "the torn end is known, for check to name")

            try store.appendMark(Samples.event(3), on: day)
            #expect(store.takeStorageNotes() == ["marks/\(day).jsonl ended in an interrupted write (\(torn.count - intact.count) bytes, not a whole line), "
                                                 + "dropped before this tick; a tick whose write was interrupted was never reported saved."],
                    "the append says what it cut off")
            #expect(store.takeStorageNotes().isEmpty, "once")
            #expect(try store.marks(on: day) == (0..<4).map { Samples.event($0) })
            #expect(store.tornTail(on: day) == 0)
            let repaired = try bytes(of: journal(dir))
            #expect(repaired.prefix(intact.count) == intact)
            #expect(repaired.last == UInt8(ascii: "\n"))
            #expect(!String(decoding: repaired, as: UTF8.self).contains("tr{"))
        }
    }

    /// Journals appear whole by rename, so a file without a complete line was
    /// not written by taskboard: it is refused and left alone, never wiped.
    @Test func aJournalWithoutACompleteLineIsRefusedAndKept() throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            for content in ["{\"schema\":1,\"da", "IMPORTANT DATA WITHOUT NEWLINE", ""] {
                try writeRaw(content, to: journal(dir))
                let store = try JSONFileStore(directory: dir)
                #expect(throws: StorageError.self) { try store.marks(on: day) }
                do {
                    try store.appendMark(Samples.event(0), on: day)
                    Issue.record("appended to a journal it could not read")
                } catch {
                    #expect("\(error)".contains("2026-11-22.jsonl: ends too early"))
                }
                #expect(String(decoding: try bytes(of: journal(dir)), as: UTF8.self) == content)
            }
        }
    }

    /// Damaged numbers get a message with the line, not a crash later.
    @Test(arguments: ["99999999999999999999", "9223372036854775807", "-1"])
    func anImpossiblePointValueIsRefusedWithItsLine(_ points: String) throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            let content = "{\"schema\":1,\"day\":\"2026-11-22\"}\n"
                + "{\"c\":1,\"t\":2,\"on\":true,\"p\":1,\"all\":false,\"at\":0}\n"
                + "{\"c\":1,\"t\":3,\"on\":true,\"p\":\(points),\"all\":false,\"at\":0}\n"
            try writeRaw(content, to: journal(dir))
            let store = try JSONFileStore(directory: dir)
            do {
                _ = try store.marks(on: day)
                Issue.record("read an impossible value")
            } catch {
                #expect("\(error)".contains("2026-11-22.jsonl, line 3"), "\(error)")
            }
            #expect(String(decoding: try bytes(of: journal(dir)), as: UTF8.self) == content)
        }
    }

    @Test func aHeaderOnlyJournalIsEmpty() throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            try writeRaw("{\"schema\":1,\"day\":\"2026-11-22\"}\n", to: journal(dir))
            let store = try JSONFileStore(directory: dir)
            #expect(try store.marks(on: day).isEmpty)
            try store.appendMark(Samples.event(1), on: day)
            #expect(try store.marks(on: day) == [Samples.event(1)])
        }
    }

    /// Writes three events, replaces the middle one's line with `badLine`,
    /// and checks the error names the file and line 3 and changes nothing.
    private func checkBadMiddleLine(_ badLine: String, expected: String) throws {
        try withDataDirectory { dir in
            do {
                let store = try JSONFileStore(directory: dir)
                for i in 0..<3 { try store.appendMark(Samples.event(i), on: day) }
            }
            var lines = String(decoding: try bytes(of: journal(dir)), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines[2] = badLine
            let damaged = Data(lines.joined(separator: "\n").utf8)
            try damaged.write(to: journal(dir))

            let store = try JSONFileStore(directory: dir)
            let error = #expect(throws: StorageError.self) { try store.marks(on: day) }
            let message = error?.description ?? ""
            #expect(message.hasPrefix(journal(dir).path + ", line 3: "), "\(message)")
            #expect(message.contains(expected), "\(message)")
            #expect(error?.line == 3)
            #expect(try bytes(of: journal(dir)) == damaged)
            // Nothing is appended to it either.
            let appendError = #expect(throws: StorageError.self) { try store.appendMark(Samples.event(9), on: day) }
            #expect(appendError?.description == message)
            #expect(try bytes(of: journal(dir)) == damaged)
        }
    }

    @Test func aGarbageLineInTheMiddleIsNamed() throws {
        try checkBadMiddleLine("hello", expected: "is not valid JSON (unexpected character at column 1).")
    }

    @Test func aCutLineInTheMiddleIsNamed() throws {
        try checkBadMiddleLine("{\"c\":3,\"t\":5,\"on\":tr", expected: "ends too early — the line is truncated.")
    }

    @Test func aWronglyTypedLineIsNamed() throws {
        try checkBadMiddleLine("{\"c\":3,\"t\":5,\"on\":\"yes\",\"p\":1,\"all\":false,\"at\":1}", expected: "the field \"on\" has the wrong type (expected true or false).")
    }

    @Test func aLineWithAMissingFieldIsNamed() throws {
        try checkBadMiddleLine("{\"c\":3,\"t\":5,\"on\":true,\"all\":false,\"at\":1}", expected: "the field \"p\" is missing.")
    }

    @Test func twoEventsOnOneLineAreNamed() throws {
        let event = "{\"c\":3,\"t\":5,\"on\":true,\"p\":1,\"all\":false,\"at\":1}"
        try checkBadMiddleLine(event + "," + event, expected: "is not valid JSON (unexpected character at column \(event.utf8.count + 1)).")
    }

    @Test func anEmptyLineIsNamed() throws {
        try checkBadMiddleLine("", expected: "the line is empty")
    }

    @Test func aJournalFromANewerVersionIsRefusedAndKept() throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            let text = Data("{\"schema\":2,\"day\":\"2026-11-22\"}\n{\"new\":\"format\"}\n".utf8)
            try text.write(to: journal(dir))
            let store = try JSONFileStore(directory: dir)
            let readError = #expect(throws: StorageError.self) { try store.marks(on: day) }
            #expect(readError?.description == "\(journal(dir).path), line 1: written by a newer taskboard (schema 2); this version reads schema 1.")
            let appendError = #expect(throws: StorageError.self) { try store.appendMark(Samples.event(0), on: day) }
            #expect(appendError?.description == readError?.description)
            #expect(try bytes(of: journal(dir)) == text)
        }
    }

    @Test func aJournalForAnotherDayIsRefusedAndKept() throws {
        try withDataDirectory { dir in
            _ = try JSONFileStore(directory: dir)
            let text = Data("{\"schema\":1,\"day\":\"2026-11-21\"}\n".utf8)
            try text.write(to: journal(dir))
            let store = try JSONFileStore(directory: dir)
            let error = #expect(throws: StorageError.self) { try store.marks(on: day) }
            #expect(error?.description.hasSuffix("line 1: the header is for day 2026-11-21, but the file is for 2026-11-22.") == true)
            #expect(throws: StorageError.self) { try store.appendMark(Samples.event(0), on: day) }
            #expect(try bytes(of: journal(dir)) == text)
        }
    }

    @Test func aLargeJournalReadsBack() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            let events = (0..<2_000).map { Samples.event($0, done: $0 % 3 != 0) }
            for event in events { try store.appendMark(event, on: day) }
            #expect(try JSONFileStore(directory: dir, readOnly: true).marks(on: day) == events)
        }
    }
}
