import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 29: on a shared database, the admin side's Settings lists every
/// kiosk under the settings, as `taskboard rooms` does, where there is room.
struct KioskRollOnSettingsTests {
    /// The fixture's clock, Sunday 10:00 in Helsinki, is the server's too.
    static func roll(_ now: Date) -> KioskRoll {
        func kiosk(_ name: String, waiting: Int = 0, offlineSince: TimeInterval? = nil, stopped: TimeInterval? = nil, seen: TimeInterval) -> KioskStatus {
            KioskStatus(name: name, version: "0.35.0", waiting: waiting, offlineSince: offlineSince.map { now.addingTimeInterval(-$0) },
                        startedAt: now.addingTimeInterval(-7200), stoppedAt: stopped.map { now.addingTimeInterval(-$0) },
                        lastSeen: now.addingTimeInterval(-seen))
        }
        return KioskRoll(kiosks: [
            kiosk("Hall", seen: 10),
            kiosk("Kitchen", waiting: 2, offlineSince: 20 * 60, seen: 4),
            kiosk("Office", stopped: 18 * 3600 - 5 * 60, seen: 18 * 3600 - 5 * 60),
            kiosk("Room 3", waiting: 11, seen: 22 * 60),
        ], now: now)
    }

    func settingsScreen(language: String = "en", _ width: Int = 80, _ height: Int = 24, shared: Bool = true) throws -> [String] {
        let f = try KioskFixture(language: language)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let roll = Self.roll(f.clock.now())
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: width, height: height),
                                   shared: shared ? FakeSharedStore(roll: roll) : nil)
        runtime.logIn()
        while runtime.state.side != .admin(.settings) { runtime.handle(.key(.tab)) }
        return lines(runtime)
    }

    @Test func everyKioskIsListedWithItsStateInEnglish() throws {
        let screen = try settingsScreen()
        let text = screen.joined(separator: "\n")
        #expect(screen.contains { $0.contains("Kiosks on this database") }, "\(text)")
        #expect(screen.contains { $0.contains("Hall") && $0.hasSuffix("online") }, "\(text)")
        #expect(screen.contains { $0.contains("Kitchen") && $0.hasSuffix("sending changes kept since 9:40 · 2 waiting") }, "\(text)")
        #expect(screen.contains { $0.contains("Office") && $0.hasSuffix("stopped 21/11/2026 16:05") }, "\(text)")
        #expect(screen.contains { $0.contains("Room 3") && $0.hasSuffix("not seen since 9:38 · 11 waiting") }, "\(text)")
        // The settings themselves are all still there.
        #expect(screen.contains { $0.contains("Read aloud") }, "\(text)")
    }

    @Test func everyKioskIsListedWithItsStateInFinnish() throws {
        let screen = try settingsScreen(language: "fi")
        let text = screen.joined(separator: "\n")
        #expect(screen.contains { $0.contains("Tämän tietokannan kioskit") }, "\(text)")
        #expect(screen.contains { $0.contains("Hall") && $0.hasSuffix("yhteydessä") }, "\(text)")
        #expect(screen.contains { $0.contains("Kitchen") && $0.hasSuffix("lähettää klo 9.40 lähtien kertyneitä muutoksia · 2 lähettämättä") }, "\(text)")
        #expect(screen.contains { $0.contains("Office") && $0.hasSuffix("pysäytetty 21.11.2026 klo 16.05") }, "\(text)")
        #expect(screen.contains { $0.contains("Room 3") && $0.hasSuffix("ei yhteyttä klo 9.38 lähtien · 11 lähettämättä") }, "\(text)")
    }

    /// Where the settings leave less room, as many kiosks as fit, and how many
    /// more; where they leave none, the settings alone (they scroll).
    @Test(arguments: [(80, 22, 1), (80, 23, 2), (50, 16, 0), (40, 12, 0)])
    func aSmallScreenShowsWhatFitsAndSaysHowManyMore(_ width: Int, _ height: Int, _ shown: Int) throws {
        let screen = try settingsScreen(width, height)
        let text = screen.joined(separator: "\n")
        #expect(screen.count == height)
        let listed = ["Hall", "Kitchen", "Office", "Room 3"].filter { name in screen.contains { $0.hasPrefix("    \(name)") } }
        #expect(listed.count == shown, "\(text)")
        #expect(screen.contains { $0.contains("Kiosks on this database") } == (shown > 0), "\(text)")
        #expect(screen.contains { $0.contains("and \(4 - shown) more: taskboard rooms") } == (shown > 0), "\(text)")
        #expect(screen.contains { $0.contains("Change the PIN") }, "the settings come first: \(text)")
    }

    @Test func aKioskOnADataDirectoryListsNoKiosks() throws {
        let screen = try settingsScreen(shared: false)
        #expect(!screen.contains { $0.contains("Kiosks on this database") })
    }
}
