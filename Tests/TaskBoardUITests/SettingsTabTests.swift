import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The admin Settings tab: PIN change, language, idle minutes, time zone.
@Suite struct SettingsTabTests {
    private func settingsTab(_ f: KioskFixture) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let finnish = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/fi.json")))
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24),
                                   languages: [.en: f.strings, .fi: finnish])
        runtime.logIn()
        for event: InputEvent in [.key(.backTab)] { runtime.handle(event) }
        #expect(runtime.state.side == .admin(.settings))
        return runtime
    }

    private func send(_ runtime: KioskRuntime, _ keys: [Key]) { for key in keys { runtime.handle(.key(key)) } }
    private func digits(_ text: String) -> [Key] { text.map { .character($0) } }
    private func lines(_ buffer: ScreenBuffer) -> [String] {
        buffer.textLines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func thePinChangesWithTheCurrentOneAndTheNewOneTwice() throws {
        let f = try KioskFixture()
        let runtime = try settingsTab(f)
        send(runtime, [.enter] + digits("4829") + [.enter] + digits("7305") + [.enter] + digits("7305") + [.enter])
        #expect(runtime.state.form == nil)
        #expect(lines(runtime.render())[22] == " PIN changed.")
        #expect(try f.daycare.pin.attempt("7305") == .success)
        // A wrong current PIN starts again from the current PIN and says why.
        send(runtime, [.enter] + digits("1111") + [.enter] + digits("3917") + [.enter] + digits("3917") + [.enter])
        #expect(runtime.state.form?.purpose == .currentPin)
        #expect(runtime.state.form?.problem == .wrongPin)
        #expect(!lines(runtime.render()).joined().contains("3917"))
    }

    @Test func languageSwitchesTheScreenAtOnceAndIsSaved() throws {
        let f = try KioskFixture()
        let runtime = try settingsTab(f)
        send(runtime, [.down, .enter])
        #expect(f.daycare.settings.language == "fi")
        #expect(lines(runtime.render())[0].hasPrefix(" Merkitse"))
        #expect(lines(runtime.render())[22] == " Kieli: suomi.")
    }

    @Test func idleMinutesStayWithinTheirRange() throws {
        let f = try KioskFixture()
        let runtime = try settingsTab(f)
        send(runtime, [.down, .down, .right, .right])
        #expect(f.daycare.settings.idleLogoutMinutes == 4)
        #expect(lines(runtime.render())[22] == " Idle logout: 4 minutes.")
        send(runtime, Array(repeating: .left, count: 10))
        #expect(f.daycare.settings.idleLogoutMinutes == 1)
    }

    @Test func anUnknownTimeZoneIsRefusedAndKeptForCorrection() throws {
        let f = try KioskFixture()
        let runtime = try settingsTab(f)
        send(runtime, [.down, .down, .down, .enter])
        for _ in 0..<20 { runtime.handle(.key(.backspace)) }
        send(runtime, "Europe/Helsinkk".map { .character($0) } + [.enter])
        #expect(runtime.state.form?.problem == .invalidTimeZone("Europe/Helsinkk"))
        send(runtime, [.backspace, .character("i"), .enter])
        #expect(runtime.state.form == nil)
        #expect(f.daycare.settings.timeZoneIdentifier == "Europe/Helsinki")
    }

    @Test func aCityIsEnoughAndTheFormSaysSo() throws {
        let f = try KioskFixture()
        let runtime = try settingsTab(f)
        send(runtime, [.down, .down, .down, .enter])
        #expect(lines(runtime.render())[20].contains("For example Europe/Helsinki, or just Helsinki."))
        for _ in 0..<20 { runtime.handle(.key(.backspace)) }
        send(runtime, "new york".map { .character($0) } + [.enter])
        #expect(f.daycare.settings.timeZoneIdentifier == "America/New_York")
        #expect(lines(runtime.render())[22] == " Time zone: America/New_York.")
    }
}
