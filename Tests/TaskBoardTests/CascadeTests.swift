import Foundation
import Testing
@testable import TaskBoard

@Suite struct CascadeTests {
    /// Aino: Get dressed + Brush teeth on Mon (4), Tidy on Tue (2) = 6.
    /// Eero: Tidy on Mon (2). Ville: Brush teeth on Tue (3). Pia joins Squirrels with an empty board.
    private func scene() throws -> (Fixture.Small, pia: ChildID) {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        try f.daycare.toggle(child: f.aino, task: f.dress)
        try f.daycare.toggle(child: f.aino, task: f.teeth)
        try f.daycare.toggle(child: f.eero, task: f.tidy)
        f.clock.advance(by: 86_400)
        try f.daycare.toggle(child: f.aino, task: f.tidy)
        try f.daycare.toggle(child: f.ville, task: f.teeth)
        let pia = try f.daycare.edit(RosterChange(.addChild, "Pia")) { (r: inout Roster) throws(TaskBoardError) in
            try r.addChild(name: "Pia", avatar: "🐧", group: f.squirrels)
        }
        return (f, pia)
    }

    @Test func previewOfAGroupDeleteCountsExactly() throws {
        let (f, _) = try scene()
        #expect(f.daycare.previewDelete(group: f.squirrels) ==
                DeletePreview(children: 3, boards: 2, boardEntries: 5, points: 8))
        #expect(f.daycare.previewDelete(group: f.bears) ==
                DeletePreview(children: 1, boards: 1, boardEntries: 3, points: 3))
        #expect(f.daycare.previewDelete(group: GroupID(999)) ==
                DeletePreview(children: 0, boards: 0, boardEntries: 0, points: 0))
        // Previews change nothing.
        #expect(f.daycare.roster.children.count == 4)
    }

    @Test func previewOfAChildAndATaskDelete() throws {
        let (f, pia) = try scene()
        #expect(f.daycare.previewDelete(child: f.aino) == DeletePreview(children: 1, boards: 1, boardEntries: 3, points: 6))
        #expect(f.daycare.previewDelete(child: pia) == DeletePreview(children: 1, boards: 0, boardEntries: 0, points: 0))
        #expect(f.daycare.previewDelete(task: f.tidy) == DeletePreview(children: 0, boards: 3, boardEntries: 3, points: 0))
        #expect(f.daycare.previewDelete(task: f.teeth) == DeletePreview(children: 0, boards: 2, boardEntries: 2, points: 0))
    }

    @Test func deletingAGroupDeletesItsChildren() throws {
        let (f, _) = try scene()
        try f.daycare.edit(RosterChange(.deleteGroup, "Squirrels")) { (r: inout Roster) throws(TaskBoardError) in
            try r.deleteGroup(f.squirrels)
        }
        #expect(f.daycare.roster.groups.map(\.name) == ["Bears"])
        #expect(f.daycare.roster.children.map(\.name) == ["Ville"])
        #expect(f.daycare.roster.tasks.count == 3)
        #expect(f.store.roster == f.daycare.roster)
        #expect(Fixture.rows(f.daycare.leaderboard(.allGroups, .allTime)) == [.init("Ville", 1, 3)])
        #expect(f.daycare.leaderboard(.group(f.squirrels), .allTime).isEmpty)
        // Their marks cannot be ticked any more.
        #expect(throws: TaskBoardError.unknownChild(f.aino)) { try f.daycare.toggle(child: f.aino, task: f.dress) }
        #expect(throws: TaskBoardError.unknownGroup(f.squirrels)) {
            try f.daycare.edit(RosterChange(.deleteGroup, "again")) { (r: inout Roster) throws(TaskBoardError) in
                try r.deleteGroup(f.squirrels)
            }
        }
    }

    @Test func deletingAChildOrATaskRemovesBoardEntries() throws {
        let (f, _) = try scene()
        try f.daycare.edit(RosterChange(.deleteTask, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in
            try r.deleteTask(f.tidy)
        }
        #expect(f.daycare.roster.child(f.aino)?.board == [f.dress, f.teeth])
        #expect(f.daycare.roster.child(f.eero)?.board == [f.dress])
        #expect(f.daycare.roster.child(f.ville)?.board == [f.dress, f.teeth])
        #expect(f.daycare.roster.tasks.map(\.name) == ["Get dressed", "Brush teeth"])
        // Aino's Tidy tick today still counts, but her board is now 0 of 2.
        #expect(try f.daycare.progress(of: f.aino) == Progress(done: 0, total: 2, streak: 0))
        #expect(f.daycare.points(.allTime)[f.aino] == 6)

        try f.daycare.edit(RosterChange(.deleteChild, "Eero")) { (r: inout Roster) throws(TaskBoardError) in
            try r.deleteChild(f.eero)
        }
        #expect(f.daycare.roster.child(f.eero) == nil)
        #expect(f.daycare.roster.children(in: f.squirrels).map(\.name) == ["Aino", "Pia"])
        #expect(f.daycare.previewDelete(task: f.dress) == DeletePreview(children: 0, boards: 2, boardEntries: 2, points: 0))
    }
}

/// Roster commands do what the roster's own methods do, with undo and a description.
@Suite struct RosterCommandTests {
    @Test func aCommandIsSavedDescribedAndUndoable() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-23", 10, utcOffsetHours: 2))
        let change = try f.daycare.perform(.renameTask(f.teeth, to: "  Brush your teeth "))
        #expect(change == RosterChange(.renameTask, "Brush teeth", detail: "Brush your teeth"))
        #expect(f.store.roster?.task(f.teeth)?.name == "Brush your teeth")
        #expect(throws: TaskBoardError.duplicateTaskName("get dressed")) {
            try f.daycare.perform(.renameTask(f.teeth, to: "get dressed"))
        }
        let shared = f.daycare.roster.sharedBoard(of: f.bears)
        let added = try f.daycare.perform(.addChild(name: "Onni", avatar: "🐼", group: f.bears))
        // Issue 41: the new child's board starts as the tasks the group's boards share.
        #expect(!shared.isEmpty)
        #expect(added == RosterChange(.addChild, "Onni", detail: "Bears", count: shared.count))
        let onni = try #require(f.daycare.roster.children.last)
        #expect(onni.board == shared.map(\.task))
        // Asking for what already is changes nothing, and says so.
        let same = try f.daycare.perform(.renameTask(f.teeth, to: "Brush your teeth"))
        #expect(!same.changed)
        #expect(try f.daycare.undo() == .roster(added))
        #expect(try f.daycare.undo() == .roster(change))
        #expect(f.daycare.roster.task(f.teeth)?.name == "Brush teeth")
    }
}
