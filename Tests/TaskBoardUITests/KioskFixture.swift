import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A small daycare on a fixed clock (Sunday 2026-11-22, 10:00 in Helsinki, 08:00 UTC),
/// with the English texts from assets/, for rendering screens as text.
struct KioskFixture {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let store: InMemoryStore
    let clock = FixedClock(Date(timeIntervalSince1970: 1_795_334_400))
    let daycare: Daycare
    let strings: Strings
    let aino: ChildID
    let eero: ChildID
    let tasks: [TaskID]

    /// With `faulty`, the daycare works through it (over `faulty.inner`, which is then `store`).
    init(language: String = "en", faulty: FaultyStore? = nil) throws {
        store = faulty?.inner ?? InMemoryStore()
        store.settings = Settings(timeZoneIdentifier: "Europe/Helsinki")
        daycare = try Daycare(store: faulty ?? store, clock: clock, pinHasher: PinHasher(iterations: 1_000))
        strings = try Strings(data: Data(contentsOf: Self.repository.appendingPathComponent("assets/strings/\(language).json")))
        var ids: (ChildID, ChildID, [TaskID]) = (ChildID(0), ChildID(0), [])
        try daycare.edit(RosterChange(.addGroup, "setup")) { (roster: inout Roster) throws(TaskBoardError) in
            let squirrels = try roster.addGroup(name: "Squirrels", avatar: "🦔")
            try roster.addGroup(name: "Bears", avatar: "🐻")
            let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
            let eero = try roster.addChild(name: "Eero Äijälä", avatar: "🐢", group: squirrels)
            let dress = try roster.addTask(name: "Get dressed", icon: "👕", points: 1)
            let teeth = try roster.addTask(name: "Brush teeth", icon: "🪥", points: 2)
            let tidy = try roster.addTask(name: "Tidy the toys", points: 3)
            for task in [dress, teeth, tidy] { try roster.addToBoard(task, child: aino) }
            try roster.addToBoard(dress, child: eero)
            // Children of a daycare that has been running since September: their earlier days count.
            for index in roster.children.indices { roster.children[index].firstDay = Day("2026-09-01") }
            ids = (aino, eero, [dress, teeth, tidy])
        }
        (aino, eero, tasks) = ids
    }

    func screen(color: Bool = false, unicode: Bool = true, pictures: Bool = false, demoPin: String? = nil) -> KioskScreen {
        KioskScreen(strings: strings, theme: Theme(color: color, unicode: unicode, pictures: pictures), demoPin: demoPin)
    }

    /// The kiosk running over this daycare at a size, with the PIN 4829 set;
    /// with `admin`, logged in (on the Mark tab).
    func runtime(_ width: Int = 80, _ height: Int = 24, admin: Bool = false, screen: KioskScreen? = nil,
                 serveRequests: ((Daycare) -> [Result<HandedChange, Error>])? = nil) throws -> KioskRuntime {
        try daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: daycare, screen: screen ?? self.screen(), size: Size(width: width, height: height),
                                   serveRequests: serveRequests)
        if admin {
            runtime.logIn()
            #expect(runtime.state.side == .admin(.mark))
        }
        return runtime
    }

    func state(_ width: Int = 80, _ height: Int = 24, pinIsSet: Bool = true) -> KioskState {
        KioskState(size: Size(width: width, height: height), pinIsSet: pinIsSet, uptime: clock.uptime())
    }

    func press(_ state: inout KioskState, _ keys: [Key]) {
        let context = KioskContext(roster: daycare.roster, settings: Settings(idleLogoutMinutes: 2), now: clock.now())
        for key in keys { _ = Kiosk.update(&state, .key(key), context) }
    }
}

/// The screen as text, one string per row, without the blanks at the end of each.
func lines(_ buffer: ScreenBuffer) -> [String] {
    buffer.textLines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

/// The runtime's screen as it draws it now, as `lines(_:)`.
func lines(_ runtime: KioskRuntime) -> [String] { lines(runtime.render()) }

extension KioskRuntime {
    /// What an adult does on the child side: to the Admin tab, the grown-up
    /// check's number typed in digits, then the PIN.
    func logIn(pin: String = "4829") {
        for _ in 0..<3 where state.side != .child(.admin) { handle(.key(.tab)) }
        for c in String(state.pin.check.number) { handle(.key(.character(c))) }
        handle(.key(.enter))
        for c in pin { handle(.key(.character(c))) }
        handle(.key(.enter))
    }
}

extension KioskScreen {
    /// The frame for `state` over `daycare` as it is now: the snapshot read
    /// first, then drawn, as the runtime does.
    func render(_ state: KioskState, over daycare: Daycare) -> ScreenBuffer {
        render(state, daycare.snapshot(for: state, language: strings.language))
    }
}
