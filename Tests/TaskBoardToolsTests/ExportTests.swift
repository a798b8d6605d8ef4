import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
@testable import TaskBoardTools

@Suite("Export of marks and totals")
struct ExportTests {
    let store = InMemoryStore()
    let roster: Roster
    let day1 = Day(year: 2026, month: 11, day: 2)!
    let day2 = Day(year: 2026, month: 11, day: 3)!
    let day3 = Day(year: 2026, month: 11, day: 5)!

    /// Two groups listed Karhut first; Aino ticks and unticks; a deleted
    /// child and a deleted task left marks behind.
    init() throws {
        var roster = Roster()
        let karhut = try roster.addGroup(name: "Karhut", avatar: "🐻")
        let oravat = try roster.addGroup(name: "Oravat, aamu", avatar: "🐿️")
        let teeth = try roster.addTask(name: "Brush teeth", points: 1)
        let tidy = try roster.addTask(name: "Tidy \"the\" toys", points: 2)
        let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: oravat)
        let siiri = try roster.addChild(name: "Siiri 🌸", avatar: "🐰", group: karhut)
        let gone = try roster.addChild(name: "Gone", avatar: "🐢", group: karhut)
        let goneTask = try roster.addTask(name: "Old task", points: 3)
        func event(_ child: ChildID, _ task: TaskID, _ done: Bool, _ points: Int) -> MarkEvent {
            MarkEvent(child: child, task: task, done: done, points: points, boardComplete: false, at: 0)
        }
        store.journals[day1] = [event(aino, tidy, true, 2), event(siiri, teeth, true, 1), event(aino, teeth, true, 1),
                                event(gone, goneTask, true, 3), event(aino, tidy, false, 2)]
        store.journals[day2] = [event(aino, teeth, true, 1), event(aino, teeth, false, 1), event(aino, teeth, true, 5)]
        store.journals[day3] = [event(siiri, goneTask, true, 3), event(siiri, tidy, true, 2)]
        try roster.deleteChild(gone)
        try roster.deleteTask(goneTask)
        self.roster = roster
    }

    @Test func readersSideBySideGiveTheSameRowsInTheSameOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try JSONFileStore(directory: directory)
        // Enough days that every core gets several, in an order that a careless join would scramble.
        for offset in 0..<40 {
            let source = [day1, day2, day3][offset % 3]
            try files.replaceMarks(store.journals[source] ?? [], on: day1.advanced(by: offset))
        }
        let one = try MarkExport.read(from: files, roster: roster)
        let many = try MarkExport.read(from: files, roster: roster,
                                       openReader: { try JSONFileStore(directory: directory, readOnly: true) })
        #expect(one.marks.count > 40)
        #expect(many.marks == one.marks)
        #expect(many.marksCSV(byteOrderMark: false).string == one.marksCSV(byteOrderMark: false).string)
    }

    @Test func csvHasOneRowPerStandingMarkInRosterOrder() throws {
        let export = try MarkExport.read(from: store, roster: roster)
        #expect(export.range == day1...day3)
        #expect(export.marksCSV(byteOrderMark: false).string == """
            date,group,child,task,points,child_id,task_id\r
            2026-11-02,Karhut,Siiri 🌸,Brush teeth,1,6,3\r
            2026-11-02,"Oravat, aamu",Aino,Brush teeth,1,5,3\r
            2026-11-02,(deleted),(deleted),(deleted),3,7,8\r
            2026-11-03,"Oravat, aamu",Aino,Brush teeth,5,5,3\r
            2026-11-05,Karhut,Siiri 🌸,"Tidy ""the"" toys",2,6,4\r
            2026-11-05,Karhut,Siiri 🌸,(deleted),3,6,8\r

            """)
        #expect(export.marksCSV(byteOrderMark: true).string.hasPrefix("\u{FEFF}date,group,"))
    }

    @Test func theRangeIsInclusiveAndEitherEndMayBeLeftOut() throws {
        let onlyDay2 = try MarkExport.read(from: store, roster: roster, from: day2, to: day2)
        #expect(onlyDay2.marks == [ExportedMark(day: day2, child: ChildID(5), task: TaskID(3), points: 5)])
        #expect(try MarkExport.read(from: store, roster: roster, from: day2).marks.map(\.day) == [day2, day3, day3])
        #expect(try MarkExport.read(from: store, roster: roster, to: day2).range == day1...day2)
        let later = Day(year: 2027, month: 1, day: 1)!
        let beyond = try MarkExport.read(from: store, roster: roster, from: later)
        #expect(beyond.range == later...later)
        #expect(beyond.marks.isEmpty)
        #expect(throws: ExportRangeError(from: day3, to: day1)) {
            try MarkExport.read(from: store, roster: roster, from: day3, to: day1)
        }
        #expect("\(ExportRangeError(from: day3, to: day1))" == "--from 2026-11-05 is after --to 2026-11-02")
    }

    @Test func withoutJournalsTheExportIsEmpty() throws {
        let export = try MarkExport.read(from: InMemoryStore(), roster: roster)
        #expect(export.range == nil)
        #expect(export.marksJSON().string == "{\"from\":null,\"to\":null,\"marks\":[\n]}\n")
        #expect(export.marksCSV(byteOrderMark: false).string == "date,group,child,task,points,child_id,task_id\r\n")
    }

    @Test func jsonCarriesTheSameRowsWithKeysInAFixedOrder() throws {
        let export = try MarkExport.read(from: store, roster: roster, from: day3)
        let json = export.marksJSON().string
        #expect(json == """
            {"from":"2026-11-05","to":"2026-11-05","marks":[
            {"date":"2026-11-05","group":"Karhut","child":"Siiri 🌸","task":"Tidy \\"the\\" toys","points":2,"child_id":6,"task_id":4},
            {"date":"2026-11-05","group":"Karhut","child":"Siiri 🌸","task":"(deleted)","points":3,"child_id":6,"task_id":8}
            ]}

            """)
        let all = try MarkExport.read(from: store, roster: roster)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(all.marksJSON().string.utf8)) as? [String: Any])
        let marks = try #require(parsed["marks"] as? [[String: Any]])
        #expect(parsed["from"] as? String == "2026-11-02")
        #expect(marks.count == all.marks.count)
        #expect(marks.map { $0["child"] as? String } == ["Siiri 🌸", "Aino", "(deleted)", "Aino", "Siiri 🌸", "Siiri 🌸"])
        #expect(marks.map { $0["points"] as? Int } == all.marks.map(\.points))
        #expect(marks.map { $0["group"] as? String }[1] == "Oravat, aamu")
    }

    @Test func totalsListEveryChildThenDeletedOnes() throws {
        let export = try MarkExport.read(from: store, roster: roster)
        #expect(export.totalsCSV(byteOrderMark: false).string == """
            group,child,points,marks,child_id\r
            Karhut,Siiri 🌸,6,3,6\r
            "Oravat, aamu",Aino,6,2,5\r
            (deleted),(deleted),3,1,7\r

            """)
        #expect(try MarkExport.read(from: store, roster: roster, from: day2, to: day2).totalsJSON().string == """
            {"from":"2026-11-03","to":"2026-11-03","totals":[
            {"group":"Karhut","child":"Siiri 🌸","points":0,"marks":0,"child_id":6},
            {"group":"Oravat, aamu","child":"Aino","points":5,"marks":1,"child_id":5}
            ]}

            """)
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControls() {
        #expect(JSONText.string("Ällä 🌸") == "\"Ällä 🌸\"")
        #expect(JSONText.string("a\"b\\c\nd\te\u{1}") == "\"a\\\"b\\\\c\\nd\\te\\u0001\"")
    }
}
