import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
import TaskBoardTools

/// Issue 11: `taskboard away`, on its own and handed to a running kiosk.
@Suite("taskboard away")
struct AwayCommandTests {
    private func attendance(_ data: URL) throws -> Attendance {
        try JSONFileStore(directory: data, readOnly: true).loadAttendance() ?? Attendance()
    }

    @Test func awayAndHereAgainWithoutAKiosk() throws {
        try withDemoDaycare { data in
            let away = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "eero"])
            #expect(away.status == 0, "\(away.stderr)")
            #expect(away.stdout == "Eero: away on 2026-11-22.\n")
            let eero = try #require(try JSONFileStore(directory: data, readOnly: true).loadRoster()?.children.first { $0.name == "Eero" })
            #expect(try attendance(data).isAway(eero.id, on: Day("2026-11-22")!))
            let again = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Eero"])
            #expect(again.stdout == "Eero: already away on 2026-11-22; nothing changed.\n")
            let yesterday = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Eero", "--day", "yesterday"])
            #expect(yesterday.stdout == "Eero: away on 2026-11-21.\n")
            let here = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Eero", "--undo"])
            #expect(here.stdout == "Eero: here on 2026-11-22.\n")
            #expect(try attendance(data).isAway(eero.id, on: Day("2026-11-21")!))
            #expect(try !attendance(data).isAway(eero.id, on: Day("2026-11-22")!))
            // A day to come, or a child who is not there: refused, nothing changed.
            let before = try DirectorySnapshot.of(data, skippingLock: true)
            let future = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Eero", "--day", "2026-11-23"])
            #expect(future.status == 1)
            #expect(future.stderr == "taskboard: 2026-11-23 has not come yet; only today and earlier days can be set.\n")
            let nobody = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Nobody"])
            #expect(nobody.status == 1)
            #expect(try DirectorySnapshot.of(data, skippingLock: true) == before)
        }
    }

    @Test func whileAKioskRunsItIsHandedToIt() throws {
        try withDemoDaycare { data in
            let kiosk = try Daycare(store: JSONFileStore(directory: data, holder: .kiosk), clock: FixedClock(TaskBoardProcess.date))
            let aino = try #require(kiosk.roster.children.first { $0.name == "Aino" })
            let result = try serving(kiosk, in: data) {
                try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Aino"])
            }
            #expect(result.stderr == "")
            #expect(result.stdout == "Aino: away on 2026-11-22.\n")
            #expect(kiosk.isAway(aino.id))
            #expect(try attendance(data).isAway(aino.id, on: Day("2026-11-22")!))
            let again = try serving(kiosk, in: data) {
                try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Aino"])
            }
            #expect(again.stdout == "Aino: already away on 2026-11-22; nothing changed.\n")
            let here = try serving(kiosk, in: data) {
                try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Aino", "--undo"])
            }
            #expect(here.stdout == "Aino: here on 2026-11-22.\n")
            #expect(!kiosk.isAway(aino.id))
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("requests").path) == [])
        }
    }

    /// Attendance is exported beside the marks: one row per child away on a day.
    @Test func theDaysAwayAreExported() throws {
        try withDemoDaycare { data in
            for (child, day) in [("Eero", "2026-11-18"), ("Aino", "2026-11-20"), ("Eero", "2026-11-20"), ("Hilla", "2026-11-02")] {
                #expect(try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", child, "--day", day]).status == 0)
            }
            // With the demo's own days away (Lumi and Leo today among them).
            let csv = try TaskBoardProcess.run(["export", "--attendance", "--no-bom", "--from", "2026-11-16", "--data-dir", data.path])
            #expect(csv.stdout == """
                date,group,child,child_id\r
                2026-11-16,Hedgehogs,Elsa,20\r
                2026-11-18,Squirrels,Eero,11\r
                2026-11-20,Squirrels,Aino,10\r
                2026-11-20,Squirrels,Eero,11\r
                2026-11-22,Bears,Lumi,18\r
                2026-11-22,Hedgehogs,Leo,21\r

                """)
            let json = try TaskBoardProcess.run(["export", "--attendance", "--format", "json", "--to", "2026-11-05", "--data-dir", data.path])
            #expect(json.stdout == """
                {"from":"2026-11-02","to":"2026-11-05","away":[
                {"date":"2026-11-02","group":"Hedgehogs","child":"Hilla","child_id":22},
                {"date":"2026-11-03","group":"Bears","child":"Onni","child_id":17},
                {"date":"2026-11-03","group":"Hedgehogs","child":"Elsa","child_id":20},
                {"date":"2026-11-03","group":"Hedgehogs","child":"Hilla","child_id":22},
                {"date":"2026-11-05","group":"Bears","child":"Siiri 🌸","child_id":16}
                ]}

                """)
            let both = try TaskBoardProcess.run(["export", "--attendance", "--totals", "--data-dir", data.path])
            #expect(both.status == 1)
        }
    }
}
