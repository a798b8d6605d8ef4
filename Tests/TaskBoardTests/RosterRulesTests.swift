import Foundation
import Testing
@testable import TaskBoard

@Suite struct RosterRulesTests {
    private func roster() throws -> (Roster, GroupID, GroupID) {
        var r = Roster()
        let squirrels = try r.addGroup(name: "Squirrels", avatar: "🐿️")
        let bears = try r.addGroup(name: "Bears", avatar: "🐻")
        return (r, squirrels, bears)
    }

    @Test func namesAreTrimmed() throws {
        var (r, squirrels, _) = try roster()
        let aino = try r.addChild(name: "  Aino \n\t", avatar: "🦊", group: squirrels)
        #expect(r.child(aino)?.name == "Aino")
        let task = try r.addTask(name: "\u{3000}Brush teeth ", icon: "  ", points: 2)
        #expect(r.task(task)?.name == "Brush teeth")
        #expect(r.task(task)?.icon == nil)
        let group = try r.addGroup(name: " Owls ", avatar: "🦉")
        #expect(r.group(group)?.name == "Owls")
        try r.renameChild(aino, to: " Aino Ahonen ")
        #expect(r.child(aino)?.name == "Aino Ahonen")
    }

    @Test func emptyNamesAreRefused() throws {
        var (r, squirrels, _) = try roster()
        #expect(throws: TaskBoardError.emptyName(.child)) { try r.addChild(name: "   ", avatar: "", group: squirrels) }
        #expect(throws: TaskBoardError.emptyName(.child)) { try r.addChild(name: "", avatar: "", group: squirrels) }
        #expect(throws: TaskBoardError.emptyName(.task)) { try r.addTask(name: "\n") }
        #expect(throws: TaskBoardError.emptyName(.group)) { try r.addGroup(name: " \t ", avatar: "") }
        #expect(throws: TaskBoardError.emptyName(.group)) { try r.renameGroup(squirrels, to: "") }
    }

    @Test func lengthIsMeasuredInColumns() throws {
        var (r, squirrels, _) = try roster()
        let thirty = String(repeating: "a", count: 30)
        #expect(try r.addChild(name: thirty, avatar: "", group: squirrels).rawValue > 0)
        // 31 ASCII characters are 31 columns: too long.
        #expect(throws: TaskBoardError.nameTooLong(.child, maxWidth: 30)) {
            try r.addChild(name: String(repeating: "b", count: 31), avatar: "", group: squirrels)
        }
        // 15 emoji are only 15 characters but 30 columns: fits exactly; 16 do not.
        #expect(try r.addChild(name: String(repeating: "🦊", count: 15), avatar: "", group: squirrels).rawValue > 0)
        #expect(throws: TaskBoardError.nameTooLong(.child, maxWidth: 30)) {
            try r.addChild(name: String(repeating: "🐻", count: 16), avatar: "", group: squirrels)
        }
        // 16 CJK characters are 32 columns; 30 Finnish letters with umlauts are 30.
        #expect(throws: TaskBoardError.nameTooLong(.task, maxWidth: 30)) {
            try r.addTask(name: String(repeating: "漢", count: 16))
        }
        #expect(try r.addTask(name: String(repeating: "ä", count: 30)).rawValue > 0)
        // Trailing spaces do not count.
        #expect(try r.addGroup(name: String(repeating: "c", count: 30) + "     ", avatar: "").rawValue > 0)
        #expect(throws: TaskBoardError.nameTooLong(.group, maxWidth: 30)) {
            try r.renameGroup(squirrels, to: String(repeating: "d", count: 31))
        }
    }

    @Test func controlCharactersAreRefused() throws {
        var (r, squirrels, _) = try roster()
        #expect(throws: TaskBoardError.nameHasControlCharacters(.child)) {
            try r.addChild(name: "Ai\u{7}no", avatar: "", group: squirrels)
        }
        #expect(throws: TaskBoardError.nameHasControlCharacters(.child)) {
            try r.addChild(name: "Ai\nno", avatar: "", group: squirrels)
        }
        #expect(throws: TaskBoardError.nameHasControlCharacters(.task)) { try r.addTask(name: "Tidy\u{1B}[31m") }
        #expect(throws: TaskBoardError.nameHasControlCharacters(.group)) { try r.addGroup(name: "A\u{9B}B", avatar: "") }
        // Any script is fine.
        let names = ["Äijä Öhman", "Åsa", "漢字", "Aino 🐿️", "José", "Zoë"]
        for name in names { _ = try r.addChild(name: name, avatar: "", group: squirrels) }
        #expect(r.children(in: squirrels).map(\.name) == names)
    }

    @Test func duplicateChildNamesInOneGroupAreRefusedButAllowedInAnother() throws {
        var (r, squirrels, bears) = try roster()
        let aino = try r.addChild(name: "Aino", avatar: "", group: squirrels)
        #expect(throws: TaskBoardError.duplicateChildName("aino", group: "Squirrels")) {
            try r.addChild(name: " aino ", avatar: "", group: squirrels)
        }
        #expect(throws: TaskBoardError.duplicateChildName("AINO", group: "Squirrels")) {
            try r.addChild(name: "AINO", avatar: "", group: squirrels)
        }
        let otherAino = try r.addChild(name: "Aino", avatar: "", group: bears)
        #expect(otherAino != aino)
        // Moving or renaming into a clash is refused too.
        #expect(throws: TaskBoardError.duplicateChildName("Aino", group: "Bears")) { try r.moveChild(aino, to: bears) }
        let eero = try r.addChild(name: "Eero", avatar: "", group: squirrels)
        #expect(throws: TaskBoardError.duplicateChildName("aINO", group: "Squirrels")) { try r.renameChild(eero, to: "aINO") }
        // Renaming a child to its own name in another case is fine.
        try r.renameChild(aino, to: "AINO")
        #expect(r.child(aino)?.name == "AINO")
        try r.moveChild(eero, to: bears)
        #expect(r.child(eero)?.groupID == bears)
        #expect(throws: TaskBoardError.unknownGroup(GroupID(999))) { try r.addChild(name: "Pia", avatar: "", group: GroupID(999)) }
    }

    @Test func duplicateTaskAndGroupNamesAreRefused() throws {
        var (r, _, bears) = try roster()
        let brush = try r.addTask(name: "Brush teeth")
        #expect(throws: TaskBoardError.duplicateTaskName("BRUSH TEETH")) { try r.addTask(name: "BRUSH TEETH") }
        let dress = try r.addTask(name: "Get dressed")
        #expect(throws: TaskBoardError.duplicateTaskName("brush teeth")) { try r.renameTask(dress, to: "brush teeth") }
        try r.renameTask(brush, to: "Brush Teeth")
        #expect(r.task(brush)?.name == "Brush Teeth")
        #expect(throws: TaskBoardError.duplicateGroupName("squirrels")) { try r.addGroup(name: "squirrels", avatar: "") }
        #expect(throws: TaskBoardError.duplicateGroupName("Squirrels")) { try r.renameGroup(bears, to: "Squirrels") }
    }

    @Test func pointsMustBeOneToTen() throws {
        var r = Roster()
        #expect(throws: TaskBoardError.pointsOutOfRange(0)) { try r.addTask(name: "Zero", points: 0) }
        #expect(throws: TaskBoardError.pointsOutOfRange(11)) { try r.addTask(name: "Eleven", points: 11) }
        #expect(throws: TaskBoardError.pointsOutOfRange(-1)) { try r.addTask(name: "Minus", points: -1) }
        let one = try r.addTask(name: "One", points: 1)
        let ten = try r.addTask(name: "Ten", points: 10)
        let plain = try r.addTask(name: "Plain")
        #expect(r.tasks.map(\.points) == [1, 10, 1])
        #expect(throws: TaskBoardError.pointsOutOfRange(11)) { try r.setTaskPoints(ten, to: 11) }
        #expect(throws: TaskBoardError.pointsOutOfRange(0)) { try r.setTaskPoints(one, to: 0) }
        try r.setTaskPoints(plain, to: 10)
        #expect(r.task(plain)?.points == 10)
        #expect(r.task(ten)?.points == 10)
        #expect(r.task(one)?.points == 1)
    }

    @Test func aBoardHasAMaximumWithAClearError() throws {
        var (r, squirrels, _) = try roster()
        let aino = try r.addChild(name: "Aino", avatar: "", group: squirrels)
        let eero = try r.addChild(name: "Eero", avatar: "", group: squirrels)
        var tasks: [TaskID] = []
        for i in 0...Roster.maxBoardTasks { tasks.append(try r.addTask(name: "Task \(i)")) }
        for task in tasks.prefix(Roster.maxBoardTasks) { try r.addToBoard(task, child: aino) }
        #expect(r.child(aino)?.board.count == 30)
        let error = #expect(throws: TaskBoardError.self) { try r.addToBoard(tasks[30], child: aino) }
        #expect(error == .boardFull(child: "Aino", max: 30))
        #expect(error?.description == "Aino's board is full (at most 30 tasks).")
        #expect(throws: TaskBoardError.taskAlreadyOnBoard(task: "Task 0", child: "Aino")) { try r.addToBoard(tasks[0], child: aino) }
        // Putting a task on every board of the group is refused as a whole when one is full.
        let before = r
        #expect(throws: TaskBoardError.boardFull(child: "Aino", max: 30)) { try r.addToEveryBoard(tasks[30], group: squirrels) }
        #expect(r == before)
        #expect(r.child(eero)?.board == [])
        // Copying a full board is fine: it is not more than the maximum.
        try r.copyBoard(from: aino, to: [eero])
        #expect(r.child(eero)?.board == Array(tasks.prefix(30)))
    }

    @Test func boardOrderCanBeChanged() throws {
        var (r, squirrels, _) = try roster()
        let aino = try r.addChild(name: "Aino", avatar: "", group: squirrels)
        let a = try r.addTask(name: "A"), b = try r.addTask(name: "B"), c = try r.addTask(name: "C")
        for t in [a, b, c] { try r.addToBoard(t, child: aino) }
        try r.moveOnBoard(child: aino, from: 0, to: 2)
        #expect(r.child(aino)?.board == [b, c, a])
        try r.removeFromBoard(c, child: aino)
        #expect(r.child(aino)?.board == [b, a])
        #expect(throws: TaskBoardError.taskNotOnBoard(task: "C", child: "Aino")) { try r.removeFromBoard(c, child: aino) }
    }

    @Test func aRefusedChangeLeavesTheDaycareUnchanged() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        let before = f.daycare.roster
        let writes = f.store.writes
        let canUndo = f.daycare.canUndo
        // The body changes something, then hits a refusal: none of it may stick.
        #expect(throws: TaskBoardError.duplicateChildName("Aino", group: "Renamed")) {
            try f.daycare.edit(RosterChange(.addChild, "Aino")) { (r: inout Roster) throws(TaskBoardError) in
                try r.renameGroup(f.squirrels, to: "Renamed")
                _ = try r.addChild(name: "Pia", avatar: "", group: f.bears)
                _ = try r.addChild(name: "Aino", avatar: "", group: f.squirrels)
            }
        }
        #expect(f.daycare.roster == before)
        #expect(f.store.roster == before)
        #expect(f.store.writes == writes)
        #expect(f.daycare.canUndo == canUndo)
        // Undo still takes back the setup, not a half change.
        try f.daycare.undo()
        #expect(f.daycare.roster.children.isEmpty)
        #expect(throws: TaskBoardError.nothingToUndo) { try f.daycare.undo() }
    }

    @Test func idsAreNeverReused() throws {
        var (r, squirrels, _) = try roster()
        let aino = try r.addChild(name: "Aino", avatar: "", group: squirrels)
        try r.deleteChild(aino)
        let again = try r.addChild(name: "Aino", avatar: "", group: squirrels)
        #expect(again.rawValue > aino.rawValue)
        // Groups, children and tasks share one counter, so no two things share an id.
        let task = try r.addTask(name: "Dress")
        let group = try r.addGroup(name: "Owls", avatar: "")
        let ids = [squirrels.rawValue, aino.rawValue, again.rawValue, task.rawValue, group.rawValue]
        #expect(Set(ids).count == ids.count)
        #expect(r.nextID == (ids.max() ?? 0) + 1)
        // A refused add takes no id.
        let next = r.nextID
        #expect(throws: TaskBoardError.emptyName(.task)) { try r.addTask(name: " ") }
        #expect(r.nextID == next)
    }

    @Test func settingsAreValidated() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        #expect(throws: TaskBoardError.invalidTimeZone("Mars/Olympus")) {
            try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Mars/Olympus"))
        }
        #expect(throws: TaskBoardError.invalidIdleMinutes(0)) {
            try f.daycare.updateSettings(Settings(timeZoneIdentifier: "UTC", idleLogoutMinutes: 0))
        }
        #expect(f.daycare.settings.timeZoneIdentifier == Fixture.helsinki)
        // 2026-11-23 10:00 +2 is 2026-11-22 22:00 in Honolulu (-10): the board moves to that day.
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Pacific/Honolulu"))
        #expect(f.daycare.today == Fixture.day("2026-11-22"))
        #expect(f.store.settings?.timeZoneIdentifier == "Pacific/Honolulu")
    }
}
