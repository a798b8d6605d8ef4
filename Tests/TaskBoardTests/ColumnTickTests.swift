import Foundation
import Testing
@testable import TaskBoard

/// Issue 11: one task ticked for a whole group at once. In `Fixture.small`
/// Aino has Get dressed (1), Tidy the toys (2), Brush teeth (3); Eero has
/// Get dressed and Tidy the toys; Ville (another group) all three.
@Suite struct ColumnTickTests {
    @Test func aColumnTickPassesOverChildrenWithoutTheTaskAndIsOneWrite() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        let writes = f.store.writes["mark", default: 0]
        let change = try f.daycare.setMarks(task: f.teeth, children: [f.aino, f.eero], done: true)
        #expect(change.children.map(\.name) == ["Aino"])        // Eero has no Brush teeth
        #expect(change.pointsDelta == 3)
        #expect(f.store.writes["mark", default: 0] == writes + 1)
        #expect(try f.daycare.isDone(child: f.aino, task: f.teeth))
        #expect(try !f.daycare.isDone(child: f.eero, task: f.teeth))
    }

    /// The points of a column tick equal those of the same ticks one by one,
    /// and children who have it already are passed over.
    @Test func itsPointsAreTheSumOfTheSingleTicks() throws {
        let together = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try together.daycare.setMark(child: together.eero, task: together.dress, done: true)
        let change = try together.daycare.setMarks(task: together.dress, children: [together.aino, together.eero, together.ville], done: true)
        #expect(change.children.map(\.name) == ["Aino", "Ville"])
        let single = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        for child in [single.eero, single.aino, single.ville] { try single.daycare.setMark(child: child, task: single.dress, done: true) }
        #expect(together.daycare.points(.today) == single.daycare.points(.today))
        #expect(change.pointsDelta == 2)
        // After a restart, from the journal, the same.
        #expect(try together.restarted().points(.today) == single.daycare.points(.today))
    }

    @Test func itIsOneUndoStep() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.setMark(child: f.aino, task: f.teeth, done: true)
        try f.daycare.setMarks(task: f.dress, children: [f.aino, f.eero], done: true)
        #expect(f.daycare.points(.today)[f.aino] == 4 && f.daycare.points(.today)[f.eero] == 1)
        let undone = try f.daycare.undo()
        guard case .column(let column) = undone else { Issue.record("\(undone)"); return }
        #expect(column.children.map(\.name) == ["Aino", "Eero"] && !column.done)
        #expect(f.daycare.points(.today)[f.aino] == 3)
        #expect(f.daycare.points(.today)[f.eero, default: 0] == 0)
        // The single tick before it is the next step back.
        guard case .mark = try f.daycare.undo() else { Issue.record("expected the single tick"); return }
        #expect(f.daycare.points(.today)[f.aino, default: 0] == 0)
    }

    @Test func takingAColumnBackTakesTheTicksAndTheirPoints() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.setMarks(task: f.tidy, children: [f.aino, f.eero], done: true)
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        #expect(try f.daycare.progress(of: f.eero).isComplete)
        let back = try f.daycare.setMarks(task: f.tidy, children: [f.aino, f.eero], done: false)
        #expect(back.pointsDelta == -4)
        #expect(f.daycare.points(.today)[f.eero] == 1)
        #expect(try !f.daycare.progress(of: f.eero).isComplete)
    }

    @Test func finishedBoardsAreNamed() throws {
        let f = try Fixture.small(at: Fixture.instant("2026-11-02", 10, utcOffsetHours: 2))
        try f.daycare.setMark(child: f.eero, task: f.dress, done: true)
        let change = try f.daycare.setMarks(task: f.tidy, children: [f.aino, f.eero], done: true)
        #expect(change.finishedBoards.map(\.name) == ["Eero"])
        #expect(try f.daycare.progress(of: f.eero).streak == 1)
    }
}
