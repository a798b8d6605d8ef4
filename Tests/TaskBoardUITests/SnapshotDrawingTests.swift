import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 24: drawing takes a snapshot of the data and the screen state and
/// nothing else; what is not known yet is drawn as not known.
@Suite struct SnapshotDrawingTests {
    private static let sizes = [Size(width: 40, height: 12), Size(width: 50, height: 16), Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// Draws each frame from its state and snapshot: no daycare and no store in reach.
    private static func draw(_ frames: [(name: String, state: KioskState, data: KioskSnapshot)], with screen: KioskScreen) -> [ScreenBuffer] {
        frames.map { screen.render($0.state, $0.data) }
    }

    @Test func everySceneDrawsTheSameFromItsSnapshotWhateverTheDataDoesAfter() throws {
        for language in ["en", "fi"] {
            let f = try KioskFixture(language: language)
            let scenes = try KioskScenes(f)
            let screen = f.screen(color: true)
            var frames: [(name: String, state: KioskState, data: KioskSnapshot)] = []
            for (name, base, context) in scenes.states {
                for size in Self.sizes {
                    var state = base
                    _ = Kiosk.update(&state, .resize(size), context)
                    frames.append(("\(name) \(size.width)x\(size.height) \(language)", state, f.daycare.snapshot(for: state, language: f.strings.language)))
                }
            }
            let before = Self.draw(frames, with: screen)
            // The data changes under the snapshots: ticks, a name, a child gone.
            try f.daycare.toggle(child: f.aino, task: f.tasks[1])
            try f.daycare.toggle(child: f.eero, task: f.tasks[0])
            try f.daycare.perform(.renameGroup(f.daycare.roster.groups[0].id, to: "Renamed"))
            try f.daycare.perform(.deleteChild(f.eero))
            let after = Self.draw(frames, with: screen)
            var changed = 0
            for (index, frame) in frames.enumerated() {
                #expect(after[index] == before[index], "\(frame.name): drawn differently from the same snapshot")
                if screen.render(frame.state, over: f.daycare) != before[index] { changed += 1 }
            }
            // A snapshot read now shows the change: the frames above did depend on their snapshots.
            #expect(changed > frames.count / 2, "\(changed) of \(frames.count) frames show the change")
        }
    }

    @Test func aMonthWhoseOldDaysCannotBeReadShowsThemAsNotKnownInNoWords() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        // Sunday 22 November: the 2nd to the 21st cannot be read (a database that does not answer).
        faulty.unreadableDays = Set((2...21).compactMap { Day(year: 2026, month: 11, day: $0) })
        var state = f.state()
        f.press(&state, [.enter, .enter, .character("v")])
        let before = faulty.failedDayReads
        let grid = f.screen().render(state, over: f.daycare).textLines.joined(separator: "\n")
        // One failed read, not one per day: a frame waits for one read at most.
        #expect(faulty.failedDayReads == before + 1)
        #expect(grid.contains(" 1 ○"), "\(grid)")
        for day in [2, 9, 21] { #expect(grid.contains("\(String(format: "%2d", day)) ?"), "day \(day) not known in\n\(grid)") }
        // Today's board is read, and what is still to come is blank.
        #expect(grid.contains("22 ◐") && !grid.contains("23 ?"), "\(grid)")
        #expect(!grid.contains("Could not read") && !grid.contains("disk"), "\(grid)")
        // Readable again: the next frame fills the days in.
        faulty.unreadableDays = []
        // The screen above the hint bar (where "? help" is).
        let filled = f.screen().render(state, over: f.daycare).textLines.dropLast().joined(separator: "\n")
        #expect(!filled.contains(" ?"), "\(filled)")
        #expect(filled.contains(" 9 ○"), "\(filled)")
    }

    @Test func aGroupsWeekWhoseDaysCannotBeReadShowsThemAsNotKnown() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        faulty.unreadableDays = Set((16...21).compactMap { Day(year: 2026, month: 11, day: $0) })
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        for key: Key in [.tab, .tab, .enter, .control("v")] { runtime.handle(.key(key)) }
        let before = faulty.failedDayReads
        let week = runtime.render().textLines.joined(separator: "\n")
        #expect(faulty.failedDayReads == before + 1)
        #expect(week.contains("Aino") && week.contains("?"), "\(week)")
        #expect(!week.contains("Could not read"), "\(week)")
    }
}
