import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Every screen a person meets, at the sizes a kiosk is drawn at and in
/// both languages, kept whole in `Tests/GoldenScreens/` (a file per scene
/// and language, a section per size). A change to a screen fails here with
/// the rows that changed; where the change is meant, record the screens
/// again and review them as a diff:
///
///     TASKBOARD_RECORD_SCREENS=1 swift test --filter GoldenScreenTests
@Suite struct GoldenScreenTests {
    static let folder = KioskFixture.repository.appendingPathComponent("Tests/GoldenScreens")
    static let sizes = [Size(width: 40, height: 12), Size(width: 50, height: 16), Size(width: 80, height: 24)]
    static let recording = ProcessInfo.processInfo.environment["TASKBOARD_RECORD_SCREENS"] == "1"

    /// A screen, and the keys that lead to it from the child side's start.
    enum Scene: String, CaseIterable, Sendable {
        case groups, whoAreYou, board, month, leaderboard, today, grownUpCheck, help
        case mark, boards, adminGroups, library, settings, addChild, deleteTask
        /// Aino's whole board ticked on the Mark sheet (one child at a
        /// time at every size), which also reaches the group's goal: the banner.
        case celebration
        /// On a shared database: out of reach with a tick waiting, the
        /// kiosks listed on Settings, and this kiosk's login revoked.
        case offline, kiosks, removed
        /// The very first start, no PIN yet; the PIN's own form; a group's week.
        case firstStart, changePin, groupWeek

        /// The actions pressed on the way, after logging in for the admin side.
        var actions: [Action] {
            switch self {
            case .groups: []
            case .whoAreYou: [.choose]
            case .board: [.choose, .choose]
            case .month: [.choose, .choose, .view]
            case .leaderboard: [.nextTab]
            case .today: [.nextTab, .nextTab]
            case .grownUpCheck: [.nextTab, .nextTab, .nextTab]
            case .help: [.help]
            case .mark: []
            case .boards: [.nextTab]
            case .adminGroups: [.nextTab, .nextTab]
            case .library: [.nextTab, .nextTab, .nextTab]
            case .settings: [.nextTab, .nextTab, .nextTab, .nextTab]
            case .addChild: [.nextTab, .nextTab, .choose, .add]
            case .deleteTask: [.nextTab, .nextTab, .nextTab, .delete]
            case .celebration: [.view, .toggle, .down, .toggle, .down, .toggle]
            case .offline: [.down, .toggle]
            case .kiosks: [.nextTab, .nextTab, .nextTab, .nextTab]
            case .removed: [.choose]
            case .firstStart: []
            case .changePin: [.nextTab, .nextTab, .nextTab, .nextTab, .choose]
            case .groupWeek: [.nextTab, .nextTab, .choose, .view]
            }
        }

        var isAdmin: Bool {
            switch self {
            case .mark, .boards, .adminGroups, .library, .settings, .addChild, .deleteTask, .celebration, .offline, .kiosks,
                 .changePin, .groupWeek: true
            default: false
            }
        }

        /// The shared database the scene's kiosk is on (nil: a data directory).
        func shared(now: Date) -> FakeSharedStore? {
            let since = now.addingTimeInterval(-18 * 60)
            return switch self {
            case .offline: FakeSharedStore(offline: Offline(since: since, waiting: 1))
            case .kiosks: FakeSharedStore(roll: KioskRollOnSettingsTests.roll(now))
            case .removed: FakeSharedStore(offline: Offline(since: since, waiting: 2, refusal: .removed))
            default: nil
            }
        }
    }

    /// The scene at each size, as text: a header per size, then its rows
    /// with their trailing blanks taken off.
    private func screens(_ scene: Scene, language: String) throws -> String {
        var text = ""
        for size in Self.sizes {
            let f = try KioskFixture(language: language)
            if scene != .firstStart { try f.daycare.pin.setInitialPin("4829", confirmation: "4829") }
            // A fixed grown-up check, so its numbers are the same each run.
            let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: size,
                                       shared: scene.shared(now: f.clock.now()), checkSeed: 7)
            if scene.isAdmin { runtime.logIn() }
            // The shared database's state, taken as the loop takes it before its first wait.
            runtime.takeOutsideNews()
            for action in scene.actions {
                // Not a letter where there is another key: on lists, letters go to names.
                let keys = KeyMap.standard.keys(for: action)
                let key = try #require(keys.first { !$0.isLetter } ?? keys.first)
                runtime.handle(.key(key))
            }
            text += "── \(size.width)×\(size.height) ──\n"
            text += lines(runtime).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
        }
        return text
    }

    @Test(arguments: Scene.allCases, ["en", "fi"])
    func sceneMatchesItsRecording(_ scene: Scene, _ language: String) throws {
        let file = Self.folder.appendingPathComponent("\(scene.rawValue).\(language).txt")
        let shown = try screens(scene, language: language)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(shown.utf8).write(to: file)
            return
        }
        guard let recorded = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no recording at \(file.path): run with TASKBOARD_RECORD_SCREENS=1 to make it")
            return
        }
        #expect(recorded == shown, "\(file.lastPathComponent) changed:\n\(Self.difference(recorded, shown))")
    }

    /// The rows that differ, each as the recording had it (-) and as drawn
    /// now (+), under the size it belongs to.
    static func difference(_ recorded: String, _ shown: String) -> String {
        let old = recorded.components(separatedBy: "\n"), new = shown.components(separatedBy: "\n")
        var out: [String] = []
        var section = ""
        for row in 0..<max(old.count, new.count) {
            let was = row < old.count ? old[row] : nil, now = row < new.count ? new[row] : nil
            if let header = now ?? was, header.hasPrefix("── ") { section = header }
            guard was != now else { continue }
            if out.last != section { out.append(section) }
            if let was { out.append("- " + was) }
            if let now { out.append("+ " + now) }
        }
        return out.joined(separator: "\n")
    }

    @Test func aChangedRowIsShownWithItsSize() {
        let recorded = "── 40×12 ──\nSame\nOld row\n── 80×24 ──\nSame\n"
        let shown = "── 40×12 ──\nSame\nNew row\n── 80×24 ──\nSame\n"
        #expect(Self.difference(recorded, shown) == "── 40×12 ──\n- Old row\n+ New row")
    }
}
