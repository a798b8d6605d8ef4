import Foundation
import Testing
@testable import TaskBoard

/// Issue 43: what forgetting does to the roster and the attendance, and
/// the list of the forgotten as the file holds it.
struct ForgottenChildrenTests {
    @Test func theRosterLosesTheChildAndNeverHandsOutItsNumberAgain() throws {
        var roster = Roster()
        let group = try roster.addGroup(name: "Squirrels", avatar: "🐿️")
        let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
        let eero = try roster.addChild(name: "Eero", avatar: "🐻", group: group)
        let forgotten = ForgottenChildren([aino])
        let cleaned = try #require(roster.forgetting(forgotten))
        #expect(cleaned.children.map(\.id) == [eero])
        #expect(cleaned.forgetting(forgotten) == nil, "nothing more to do")
        // An older roster (a restore) whose next number is Aino's own gets it raised.
        var older = roster
        older.children = older.children.filter { $0.id == eero }
        older.nextID = aino.rawValue
        let raised = try #require(older.forgetting(forgotten))
        #expect(raised.nextID == aino.rawValue + 1)
        #expect(raised.children.map(\.id) == [eero])
    }

    @Test func absencesOfTheForgottenGoAndTheOthersStay() throws {
        var attendance = Attendance()
        let day = try #require(Day(year: 2026, month: 11, day: 24))
        attendance.set(ChildID(3), away: true, on: day)
        attendance.set(ChildID(4), away: true, on: day)
        attendance.set(ChildID(3), away: true, on: day.advanced(by: 1))
        let cleaned = try #require(attendance.forgetting(ForgottenChildren([ChildID(3)])))
        #expect(cleaned.removed == 2)
        #expect(cleaned.attendance.away == [day: [ChildID(4)]])
        #expect(attendance.forgetting(ForgottenChildren([ChildID(9)])) == nil)
    }

    @Test func theListIsNumbersOnly() throws {
        let list = ForgottenChildren([ChildID(15), ChildID(12)])
        let json = try JSONValue.parse(Data(#"{"children":[12,15]}"#.utf8))
        #expect(try ForgottenChildren(json: json) == list)
        #expect(list.nextFreeID == 16)
        var later = list
        later.insert(ChildID(20))
        #expect(later.pending == [ChildID(20)] && later.ids.count == 3)
        later.finish()
        #expect(later.pending.isEmpty && later.contains(ChildID(20)))
    }
}
