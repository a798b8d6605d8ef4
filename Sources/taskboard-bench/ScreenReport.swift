import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardUI

/// The kiosk's own time on the daycare-year: from start to the first full
/// frame, and from a key to the next frame, without the terminal (ncurses
/// then sends only the changed cells).
enum ScreenReport {
    static func measure(_ directory: URL) throws {
        guard let assets = AssetsDirectory.find() else {
            print("Screen timings skipped: no assets folder (set TASKBOARD_ASSETS)")
            return
        }
        let stringsFile = assets.appendingPathComponent("strings/en.json")
        let theme = Theme(color: true, unicode: true)
        var firstFrames: [Double] = []
        for _ in 0..<21 {
            firstFrames.append(try Timing.seconds {
                let daycare = try Daycare(store: try JSONFileStore(directory: directory))
                let strings = try Strings(data: Data(contentsOf: stringsFile))
                let screen = KioskScreen(strings: strings, theme: theme)
                _ = KioskRuntime(daycare: daycare, screen: screen, size: Size(width: 80, height: 24)).render()
            })
        }
        print("Start to the first frame:           \(Timing.summary(firstFrames))")

        let daycare = try Daycare(store: try JSONFileStore(directory: directory))
        // The generated year has no PIN; without one the kiosk shows the first-start screen.
        if !daycare.pin.isSet { try daycare.pin.reset(to: "4829", confirmation: "4829") }
        let strings = try Strings(data: Data(contentsOf: stringsFile))
        let runtime = KioskRuntime(daycare: daycare, screen: KioskScreen(strings: strings, theme: theme),
                                   size: Size(width: 120, height: 40))
        // The leaderboard of all 200 children, switching period on each key.
        runtime.handle(.key(.tab))
        try expect(runtime, .child(.leaderboard))
        var leaderboard: [Double] = []
        for index in 0..<101 {
            leaderboard.append(Timing.seconds {
                runtime.handle(.key(index % 2 == 0 ? .right : .left))
                _ = runtime.render()
            })
        }
        print("Key to frame, leaderboard 120x40:   \(Timing.summary(leaderboard))")
        // Moving on the Mark tab's day sheet.
        // As an adult logs in (past the Today tab): the grown-up check's number, then the PIN.
        runtime.handle(.key(.tab))
        runtime.handle(.key(.tab))
        for c in String(runtime.state.pin.check.number) + "\n4829\n" {
            runtime.handle(.key(c == "\n" ? .enter : .character(c)))
        }
        try expect(runtime, .admin(.mark))
        var sheet: [Double] = []
        for index in 0..<101 {
            sheet.append(Timing.seconds {
                runtime.handle(.key(index % 2 == 0 ? .down : .up))
                _ = runtime.render()
            })
        }
        print("Key to frame, Mark sheet 120x40:    \(Timing.summary(sheet))")
        // A durable tick from Space to the confirming frame, on a cell that is on the board.
        while runtime.state.mark.column < 50, !isOnBoard(runtime, daycare) { runtime.handle(.key(.right)) }
        runtime.handle(.key(.character(" ")))
        guard case .marked? = runtime.state.notice else { throw WrongScreen(description: "Space did not tick") }
        var ticks: [Double] = []
        for _ in 0..<101 {
            ticks.append(Timing.seconds {
                runtime.handle(.key(.character(" ")))
                _ = runtime.render()
            })
        }
        print("Key to frame, a tick (saved):       \(Timing.summary(ticks))")
    }

    private static func isOnBoard(_ runtime: KioskRuntime, _ daycare: Daycare) -> Bool {
        let state = runtime.state
        guard let group = daycare.roster.groups.first else { return false }
        let children = daycare.roster.children(in: group.id)
        let used = Set(children.flatMap(\.board))
        let tasks = daycare.roster.tasks.filter { used.contains($0.id) }
        guard children.indices.contains(state.mark.row), tasks.indices.contains(state.mark.column) else { return false }
        return children[state.mark.row].board.contains(tasks[state.mark.column].id)
    }

    struct WrongScreen: Error, CustomStringConvertible {
        let description: String
    }

    /// Timings of the wrong screen would be worse than none.
    private static func expect(_ runtime: KioskRuntime, _ side: KioskState.Side) throws {
        guard runtime.state.side == side else { throw WrongScreen(description: "expected \(side), found \(runtime.state.side)") }
    }
}
