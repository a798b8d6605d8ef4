import Foundation
import Testing
@testable import TaskBoard

@Suite struct UndoTests {
    private let monday = Fixture.instant("2026-11-23", 10, utcOffsetHours: 2)

    @Test func theLastTwentyChangesUndoInOrderAndNoMore() throws {
        let store = Fixture.store()
        let daycare = try Daycare(store: store, clock: FixedClock(monday))
        let group = try daycare.edit(RosterChange(.addGroup, "Name 0")) { (r: inout Roster) throws(TaskBoardError) in
            try r.addGroup(name: "Name 0", avatar: "")
        }
        for i in 1...20 {
            try daycare.edit(RosterChange(.renameGroup, "Name \(i - 1)")) { (r: inout Roster) throws(TaskBoardError) in
                try r.renameGroup(group, to: "Name \(i)")
            }
        }
        #expect(daycare.roster.group(group)?.name == "Name 20")
        for i in (0..<20).reversed() {
            let undone = try daycare.undo()
            #expect(undone == .roster(RosterChange(.renameGroup, "Name \(i)")))
            #expect(daycare.roster.group(group)?.name == "Name \(i)")
            #expect(store.roster == daycare.roster)
        }
        // The 21st change (adding the group) is beyond the limit.
        #expect(daycare.canUndo == false)
        #expect(throws: TaskBoardError.nothingToUndo) { try daycare.undo() }
        #expect(daycare.roster.groups.map(\.name) == ["Name 0"])
    }

    /// A kiosk on a shared database reads the daycare afresh when another
    /// kiosk changes something; what it did itself can still be undone.
    @Test func readAfreshTheTicksStillUndoAndARosterEditOnlyWhileTheRosterIsAsItLeftIt() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.toggle(child: f.aino, task: f.dress)
        try f.daycare.edit(RosterChange(.renameTask, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in
            try r.renameTask(f.tidy, to: "Tidy up")
        }
        // Another kiosk ticked: the same store, read afresh. The roster is as this kiosk left it.
        let fresh = try f.restarted()
        fresh.continueHistory(of: f.daycare)
        #expect(try fresh.undo() == .roster(RosterChange(.renameTask, "Tidy the toys")))
        #expect(f.store.roster?.task(f.tidy)?.name == "Tidy the toys")
        guard case .mark(let tick) = try fresh.undo() else { Issue.record("expected the tick"); return }
        #expect(tick.child.id == f.aino && !tick.done)

        // Another kiosk renamed a group after this kiosk's edit: undoing the
        // edit would put back the whole roster before it, so it is not offered.
        try fresh.toggle(child: f.eero, task: f.dress)
        try fresh.edit(RosterChange(.renameTask, "Brush teeth")) { (r: inout Roster) throws(TaskBoardError) in
            try r.renameTask(f.teeth, to: "Teeth")
        }
        var elsewhere = try #require(f.store.roster)
        try elsewhere.renameGroup(f.bears, to: "Karhut")
        try f.store.saveRoster(elsewhere)
        let later = try f.restarted()
        later.continueHistory(of: fresh)
        guard case .mark(let kept) = try later.undo() else { Issue.record("expected the tick"); return }
        #expect(kept.child.id == f.eero && !kept.done)
        #expect(f.store.roster?.group(f.bears)?.name == "Karhut")
        #expect(f.store.roster?.task(f.teeth)?.name == "Teeth")
        #expect(!later.canUndo)
    }

    @Test func ticksAndEditsUndoInOrder() throws {
        let f = try Fixture.small(at: monday)
        let tickA = try f.daycare.toggle(child: f.aino, task: f.dress)
        try f.daycare.edit(RosterChange(.renameTask, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in
            try r.renameTask(f.tidy, to: "Tidy up")
        }
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        try f.daycare.toggle(child: f.aino, task: f.dress)
        #expect(try f.daycare.marks(on: f.daycare.today).tasksDone(by: f.aino) == [f.tidy])

        // 1: the untick of Get dressed is taken back.
        guard case .mark(let first) = try f.daycare.undo() else { Issue.record("expected a mark"); return }
        #expect(first.task.id == f.dress && first.done == true && first.pointsDelta == 1)
        #expect(try f.daycare.marks(on: f.daycare.today).tasksDone(by: f.aino) == [f.tidy, f.dress])
        // 2: the tick of Tidy.
        guard case .mark(let second) = try f.daycare.undo() else { Issue.record("expected a mark"); return }
        #expect(second.task.id == f.tidy && second.done == false && second.pointsDelta == -2)
        // 3: the rename.
        #expect(try f.daycare.undo() == .roster(RosterChange(.renameTask, "Tidy the toys")))
        #expect(f.daycare.roster.task(f.tidy)?.name == "Tidy the toys")
        // 4: the first tick.
        guard case .mark(let fourth) = try f.daycare.undo() else { Issue.record("expected a mark"); return }
        #expect(fourth.task.id == tickA.task.id && fourth.done == false)
        #expect(try f.daycare.marks(on: f.daycare.today) == DayMarks())
        #expect(f.daycare.points(.allTime) == [:])
        // The journal keeps every step: 4 changes and 3 undos.
        #expect(f.store.journals[f.daycare.today]?.count == 6)
        // 5: the fixture's setup.
        try f.daycare.undo()
        #expect(f.daycare.roster.children.isEmpty)
        #expect(throws: TaskBoardError.nothingToUndo) { try f.daycare.undo() }
    }

    @Test func undoingAnUntickGivesBackTheOriginalPoints() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.toggle(child: f.aino, task: f.tidy) // 2 points
        try f.daycare.edit(RosterChange(.setTaskPoints, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in
            try r.setTaskPoints(f.tidy, to: 9)
        }
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        #expect(f.daycare.points(.allTime)[f.aino, default: 0] == 0)
        guard case .mark(let change) = try f.daycare.undo() else { Issue.record("expected a mark"); return }
        #expect(change.pointsDelta == 2)
        #expect(f.daycare.points(.allTime)[f.aino] == 2)
        #expect(f.daycare.roster.task(f.tidy)?.points == 9)
    }

    @Test func undoingAGroupDeleteBringsBackChildrenBoardsAndPoints() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        try f.daycare.toggle(child: f.eero, task: f.tidy)
        try f.daycare.toggle(child: f.ville, task: f.dress)
        let board = Fixture.rows(f.daycare.leaderboard(.allGroups, .allTime))
        #expect(board == [.init("Aino", 1, 3), .init("Eero", 2, 2), .init("Ville", 3, 1)])
        let rosterBefore = f.daycare.roster
        let preview = f.daycare.previewDelete(group: f.squirrels)

        try f.daycare.edit(RosterChange(.deleteGroup, "Squirrels")) { (r: inout Roster) throws(TaskBoardError) in
            try r.deleteGroup(f.squirrels)
        }
        #expect(Fixture.rows(f.daycare.leaderboard(.allGroups, .allTime)) == [.init("Ville", 1, 1)])

        #expect(try f.daycare.undo() == .roster(RosterChange(.deleteGroup, "Squirrels")))
        #expect(f.daycare.roster == rosterBefore)
        #expect(f.store.roster == rosterBefore)
        #expect(f.daycare.roster.child(f.aino)?.board == [f.dress, f.tidy, f.teeth])
        #expect(Fixture.rows(f.daycare.leaderboard(.allGroups, .allTime)) == board)
        #expect(Fixture.rows(f.daycare.leaderboard(.group(f.squirrels), .today)) == [.init("Aino", 1, 3), .init("Eero", 2, 2)])
        #expect(f.daycare.previewDelete(group: f.squirrels) == preview)
        #expect(try f.daycare.isDone(child: f.aino, task: f.teeth))
        // And after a restart.
        #expect(Fixture.rows(try f.restarted().leaderboard(.allGroups, .allTime)) == board)
    }

    @Test func undoAfterMidnightFixesTheDayOfTheTick() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-22", 23, 59, utcOffsetHours: 2))
        let sunday = Fixture.day("2026-11-22"), monday = Fixture.day("2026-11-23")
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        f.clock.advance(by: 120)
        try f.daycare.syncDay()
        try f.daycare.toggle(child: f.aino, task: f.dress) // Monday

        try f.daycare.undo() // Monday's tick
        guard case .mark(let change) = try f.daycare.undo() else { Issue.record("expected a mark"); return }
        #expect(change.day == sunday)
        #expect(change.done == false && change.pointsDelta == -3)
        #expect(try f.daycare.isDone(child: f.aino, task: f.teeth, on: sunday) == false)
        #expect(f.store.journals[sunday]?.map(\.done) == [true, false])
        #expect(f.store.journals[monday]?.map(\.done) == [true, false])
        #expect(f.daycare.today == monday)
        #expect(f.daycare.points(.allTime) == [:])
        #expect(try f.restarted().points(.allTime) == [:])
    }

    @Test func idsDoNotGoBackAfterUndo() throws {
        let f = try Fixture.small(at: monday)
        let next = f.daycare.roster.nextID
        let pia = try f.daycare.edit(RosterChange(.addChild, "Pia")) { (r: inout Roster) throws(TaskBoardError) in
            try r.addChild(name: "Pia", avatar: "", group: f.squirrels)
        }
        #expect(pia.rawValue == next)
        try f.daycare.undo()
        #expect(f.daycare.roster.child(pia) == nil)
        #expect(f.daycare.roster.nextID == next + 1)
        #expect(f.store.roster?.nextID == next + 1)
        let again = try f.daycare.edit(RosterChange(.addChild, "Pia")) { (r: inout Roster) throws(TaskBoardError) in
            try r.addChild(name: "Pia", avatar: "", group: f.squirrels)
        }
        #expect(again.rawValue == next + 1)
    }

    @Test func anEditThatChangesNothingIsNotAnUndoStep() throws {
        let f = try Fixture.small(at: monday)
        try f.daycare.edit(RosterChange(.renameChild, "Aino")) { (r: inout Roster) throws(TaskBoardError) in
            try r.renameChild(f.aino, to: "Aino")
        }
        // The only step is the fixture's setup.
        try f.daycare.undo()
        #expect(throws: TaskBoardError.nothingToUndo) { try f.daycare.undo() }
    }
}
