import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
@testable import TaskBoardTools

@Suite("A viewer's data follows the kiosk and is never written")
struct DataWatcherTests {
    /// Sunday 2026-11-22, 10:30 in Helsinki.
    let clock = FixedClock(Date(timeIntervalSince1970: 1_795_336_200))
    let today = Day(year: 2026, month: 11, day: 22) ?? Day(number: 0)

    func withDemo(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try DemoDaycare.write(into: directory, today: today)
        // The kiosk's first start: the summary and today's backup exist.
        try Daycare(store: JSONFileStore(directory: directory), clock: clock).flush()
        try body(directory)
    }

    @Test func nothingChangedMeansNoReloadAndNoFileIsTouched() throws {
        try withDemo { directory in
            let before = try DirectorySnapshot.of(directory)
            let watcher = DataWatcher(directory: directory, clock: clock)
            let shown = try watcher.open()
            #expect(shown.roster.children.count == 12)
            for _ in 0..<3 { #expect(watcher.changes(today: shown.today).isEmpty) }
            // Midnight passes on the viewer's clock: it moves on in memory and saves nothing.
            clock.advance(by: 24 * 3600)
            #expect(try shown.syncDay())
            shown.flush()
            #expect(try DirectorySnapshot.of(directory) == before)
        }
    }

    @Test func aTickByTheKioskIsSeenOnTheNextLook() throws {
        try withDemo { directory in
            let watcher = DataWatcher(directory: directory, clock: clock)
            let shown = try watcher.open()
            let kiosk = try Daycare(store: JSONFileStore(directory: directory), clock: clock)
            let eero = try #require(kiosk.roster.children.first { $0.name == "Eero" })
            let task = try #require(eero.board.first)
            try kiosk.toggle(child: eero.id, task: task)

            let changes = watcher.changes(today: shown.today)
            #expect(changes == [.marks(today)], "the day's journal, and nothing else")
            #expect(shown.points(.today)[eero.id] == nil)
            try shown.take(changes)
            #expect(shown.points(.today)[eero.id] == kiosk.roster.task(task)?.points)
            #expect(watcher.changes(today: shown.today).isEmpty)

            // A rename on the kiosk shows too; an absence as well.
            try kiosk.perform(.renameChild(eero.id, to: "Eero Ö"))
            try kiosk.setAway(child: eero.id, away: true)
            let more = watcher.changes(today: shown.today)
            #expect(more == [.roster, .attendance])
            try shown.take(more)
            #expect(shown.roster.child(eero.id)?.name == "Eero Ö")
            #expect(shown.isAway(eero.id))
        }
    }

    @Test func theFirstTickOfANewDayIsSeen() throws {
        try withDemo { directory in
            let watcher = DataWatcher(directory: directory, clock: clock)
            let shown = try watcher.open()
            clock.advance(by: 24 * 3600)
            let kiosk = try Daycare(store: JSONFileStore(directory: directory), clock: clock)
            let aino = try #require(kiosk.roster.children.first { $0.name == "Aino" })
            try kiosk.toggle(child: aino.id, task: try #require(aino.board.first))
            // The viewer's day moves on its own clock first (the runtime's day change), then its look.
            #expect(try shown.syncDay())
            try shown.take(watcher.changes(today: shown.today))
            #expect(shown.today == today.advanced(by: 1))
            #expect(shown.points(.today)[aino.id] != nil)
        }
    }
}
