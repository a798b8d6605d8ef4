import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
@testable import TaskBoardTools

/// A task taken off a board after it was ticked today: the export agrees
/// with the screens (the tick is not standing at the end of the day).
@Suite struct TickAndRemoveExportTests {
    @Test func theExportHasNoTickThatNoBoardShows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-tickremove-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try JSONFileStore(directory: directory)
        let daycare = try Daycare(store: store, clock: FixedClock(Date(timeIntervalSince1970: 1_795_334_400)))
        let group = try daycare.edit(RosterChange(.addGroup, "Oravat")) { (r: inout Roster) throws(TaskBoardError) in
            try r.addGroup(name: "Oravat", avatar: "🐿️")
        }
        try daycare.perform(.addChild(name: "Aino", avatar: "🦊", group: group))
        try daycare.perform(.addTask(name: "Brush teeth", icon: nil, points: 2))
        try daycare.perform(.addTask(name: "Tidy", icon: nil, points: 1))
        let aino = try #require(daycare.roster.children.first?.id)
        let (teeth, tidy) = (daycare.roster.tasks[0].id, daycare.roster.tasks[1].id)
        try daycare.perform(.addToBoard(teeth, child: aino))
        try daycare.perform(.addToBoard(tidy, child: aino))
        try daycare.toggle(child: aino, task: teeth)
        try daycare.toggle(child: aino, task: tidy)
        try daycare.perform(.removeFromBoard(teeth, child: aino))

        let exported = try MarkExport.read(from: store, roster: daycare.roster)
        #expect(exported.marks.map(\.task) == [tidy])
        #expect(daycare.points(.today)[aino] == 1)
        // And after a restart, from the files alone.
        let reopened = try Daycare(store: try JSONFileStore(directory: directory, readOnly: true),
                                   clock: FixedClock(Date(timeIntervalSince1970: 1_795_334_400)))
        #expect(reopened.points(.today)[aino] == 1)
        #expect(try !reopened.isDone(child: aino, task: teeth))
    }
}
