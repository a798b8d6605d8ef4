import Foundation
import TaskBoard
import TaskBoardUI
@testable import TaskBoardTools

/// A small daycare on Sunday 2026-11-22 (10:00 in Helsinki) with today's
/// ticks, and the texts and avatars from the repository's assets/.
struct PrintFixture {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let daycare: Daycare
    let assets: KioskAssets
    let squirrels: GroupID
    let bears: GroupID
    let aino: ChildID
    let eero: ChildID

    /// Squirrels: Aino (three tasks, two ticked: 3 points), Eero (one, ticked: 1).
    /// Bears: Lumi (two tasks, Tidy ticked: 3 points), Ville (two, none: 0).
    init() throws {
        let store = InMemoryStore()
        store.settings = Settings(timeZoneIdentifier: "Europe/Helsinki")
        daycare = try Daycare(store: store, clock: FixedClock(Date(timeIntervalSince1970: 1_795_334_400)),
                              pinHasher: PinHasher(iterations: 1_000))
        assets = try KioskAssets.load(from: Self.repository.appendingPathComponent("assets"))
        let ids = try daycare.edit(RosterChange(.addGroup, "setup")) { (roster: inout Roster) throws(TaskBoardError) in
            let squirrels = try roster.addGroup(name: "Squirrels", avatar: "🦔")
            let bears = try roster.addGroup(name: "Bears", avatar: "🐻")
            let dress = try roster.addTask(name: "Get dressed", icon: "👕", points: 1)
            let teeth = try roster.addTask(name: "Brush teeth", icon: "🪥", points: 2)
            let tidy = try roster.addTask(name: "Tidy the toys", points: 3)
            let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
            let eero = try roster.addChild(name: "Eero Äijälä", avatar: "🐢", group: squirrels)
            let lumi = try roster.addChild(name: "Lumi", avatar: "🐧", group: bears)
            let ville = try roster.addChild(name: "Ville", avatar: "🦁", group: bears)
            for (child, tasks) in [(aino, [dress, teeth, tidy]), (eero, [dress]), (lumi, [teeth, tidy]), (ville, [dress, teeth])] {
                for task in tasks { try roster.addToBoard(task, child: child) }
            }
            // Children of a daycare that has been running since September: their earlier days count.
            for index in roster.children.indices { roster.children[index].firstDay = Day("2026-09-01") }
            return (squirrels, bears, aino, eero, lumi, dress, teeth, tidy)
        }
        (squirrels, bears, aino, eero) = (ids.0, ids.1, ids.2, ids.3)
        let (lumi, dress, teeth, tidy) = (ids.4, ids.5, ids.6, ids.7)
        for (child, task) in [(aino, dress), (aino, teeth), (eero, dress), (lumi, tidy)] {
            _ = try daycare.setMark(child: child, task: task, done: true)
        }
    }

    func printout(width: Int = 60, color: Bool = false, unicode: Bool = true, language: Language = .en) throws -> Printout {
        Printout(daycare: daycare, strings: try assets.strings(language), theme: Theme(color: color, unicode: unicode),
                 avatars: assets.avatars, width: width)
    }

    /// A page as plain text lines.
    static func lines(_ page: ScreenBuffer) -> [String] { ANSIText.lines(of: page, color: false) }
}
