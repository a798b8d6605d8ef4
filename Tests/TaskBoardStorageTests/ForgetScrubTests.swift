import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 43: forgetting a child in a data directory's files: journal lines
/// go and every other line stays byte for byte (a torn end and a line that
/// cannot be read too), absences, the recording and the roster entry go in
/// the directory and its daily backups, the summary is rebuilt, and the
/// child's number is never handed out again.
@Suite struct ForgetScrubTests {
    @Test func aForgottenChildLeavesEveryFileAndEveryOtherLineStaysByteForByte() throws {
        try withDataDirectory { url in
            let store = try JSONFileStore(directory: url)
            let roster = try Samples.roster()
            let aino = try #require(roster.children.first { $0.name == "Aino" })
            let eino = try #require(roster.children.first { $0.name != "Aino" })
            try store.saveRoster(roster)
            var attendance = Attendance()
            attendance.set(aino.id, away: true, on: Samples.day)
            attendance.set(eino.id, away: true, on: Samples.day)
            attendance.set(aino.id, away: true, on: Samples.day.advanced(by: -3))
            try store.saveAttendance(attendance)
            let task = try #require(aino.board.first)
            func tick(_ child: ChildID, _ at: Int64) -> MarkEvent {
                MarkEvent(child: child, task: task, done: true, points: 1, boardComplete: false, at: at)
            }
            try store.appendMarks([tick(aino.id, 1), tick(eino.id, 2), tick(aino.id, 3)], on: Samples.day)
            try store.appendMarks([tick(eino.id, 4)], on: Samples.day.advanced(by: -1))
            try store.saveMarkSummary(StoreSamples.summary())
            try store.saveVoice(Data("RIFF aino".utf8), for: .child(aino.id))
            try store.saveVoice(Data("RIFF eino".utf8), for: .child(eino.id))
            try store.makeDailyBackup(on: Samples.day)
            // A line in another form and a torn end, both kept.
            let journal = url.file("marks/\(Samples.day).jsonl")
            try appendRaw("{ \"c\": \(eino.id.rawValue), \"t\": \(task.rawValue), \"on\": false, \"p\": 1, \"all\": false, \"at\": 5 }\n{\"c\":\(eino.id.rawValue),\"t", to: journal)
            let einoLines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.range(of: #""c":\#(aino.id.rawValue)[,}]"#, options: .regularExpression) == nil }
            let yesterday = try bytes(of: url.file("marks/\(Samples.day.advanced(by: -1)).jsonl"))

            let tally = try store.forget([aino.id])
            #expect(tally.ticks == 2 && tally.absences == 4 && tally.recordings == 2 && tally.rosters == 2, "\(tally)")
            let kept = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(kept == einoLines)
            #expect(try bytes(of: url.file("marks/\(Samples.day.advanced(by: -1)).jsonl")) == yesterday, "a journal without the child is not touched")
            #expect(!fileExists(url.file("voices/child-\(aino.id.rawValue).wav")))
            #expect(!fileExists(url.file("backups/\(Samples.day)/voices/child-\(aino.id.rawValue).wav")))
            #expect(fileExists(url.file("voices/child-\(eino.id.rawValue).wav")))
            #expect(!fileExists(url.file("summary.json")), "the summary, which counted the child, is rebuilt")
            for folder in [url, url.file("backups/\(Samples.day)")] {
                let text = try String(contentsOf: folder.file("roster.json"), encoding: .utf8)
                #expect(!text.contains("Aino") && text.contains("Eppu"), "\(folder.path)")
                let away = try String(contentsOf: folder.file("attendance.json"), encoding: .utf8)
                #expect(away.contains("[\(eino.id.rawValue)]") && !away.contains("\(aino.id.rawValue)]"), "\(away)")
            }
            // The store reads on: today's ticks are Eino's, and a new child never gets Aino's number.
            #expect(try store.marks(on: Samples.day).map(\.child) == [eino.id, eino.id])
            try store.appendMark(tick(eino.id, 6), on: Samples.day)
            #expect(try store.forgottenChildren() == ForgottenChildren([aino.id], pending: [aino.id]), "pending until the archives are clean")
            try store.finishedForgetting()
            #expect(try store.forgottenChildren().pending.isEmpty)
        }
    }

    @Test func aDamagedRosterStopsTheForgettingBeforeAnythingChanged() throws {
        try withDataDirectory { url in
            let store = try JSONFileStore(directory: url)
            let roster = try Samples.roster()
            try store.saveRoster(roster)
            let aino = try #require(roster.children.first).id
            try store.appendMark(MarkEvent(child: aino, task: TaskID(1), done: true, points: 1, boardComplete: false, at: 1), on: Samples.day)
            let journal = try bytes(of: url.file("marks/\(Samples.day).jsonl"))
            try writeRaw("{\"schema\":1,\"roster\":{", to: url.file("roster.json"))
            #expect(throws: StorageError.self) { try store.forget([aino]) }
            #expect(try bytes(of: url.file("marks/\(Samples.day).jsonl")) == journal)
        }
    }
}
