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

    /// Issue 41: a new PIN too short or too easy is refused on its first
    /// typing, with what was typed kept; typed differently the second time,
    /// only the new PIN is asked again; a wrong try's line goes once the
    /// current PIN is right. At four sizes in both languages.
    @Test(arguments: Screenful.all)
    func changePinRefusesABadNewPinAtOnceAndKeepsWhatWasTyped(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        let runtime = try f.runtime(at.width, at.height, admin: true)
        runtime.handle(.key(.backTab))
        #expect(runtime.state.side == .admin(.settings))
        func screen() -> String { lines(runtime).joined(separator: "\n") }
        func says(_ error: TaskBoardError) -> Bool {
            // The form's problem, as far as the screen's width shows it.
            let message = ErrorText.message(for: error, in: f.strings)
            return screen().replacingOccurrences(of: "\n", with: " ").contains(String(message.prefix(min(message.count, at.width - 10) / 2)))
        }
        send(runtime, [.enter] + digits("1111") + [.enter])
        #expect(runtime.state.form?.purpose == .currentPin && runtime.state.notice == .wrongPin(triesLeft: 4))
        send(runtime, digits("4829") + [.enter])
        #expect(runtime.state.form?.purpose == .newPin(current: "4829"))
        #expect(runtime.state.notice == nil, "no stale wrong-PIN line after the right PIN")
        send(runtime, digits("12") + [.enter])
        #expect(runtime.state.form?.purpose == .newPin(current: "4829") && runtime.state.form?.problem == .pinLength(min: 4, max: 8))
        #expect(runtime.state.form?.field.text == "12", "kept to mend")
        #expect(says(.pinLength(min: 4, max: 8)), "\(screen())")
        send(runtime, digits("34") + [.enter])
        #expect(runtime.state.form?.problem == .pinTooCommon, "1234 is too easy")
        #expect(says(.pinTooCommon), "\(screen())")
        send(runtime, Array(repeating: .backspace, count: 4) + digits("7305") + [.enter] + digits("7306") + [.enter])
        #expect(runtime.state.form?.purpose == .newPin(current: "4829") && runtime.state.form?.problem == .pinMismatch, "only the new PIN again")
        #expect(says(.pinMismatch), "\(screen())")
        send(runtime, digits("7305") + [.enter] + digits("7305") + [.enter])
        #expect(runtime.state.form == nil)
        #expect(try f.daycare.pin.attempt("7305") == .success)
        #expect(!screen().contains("7305"))
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
        #expect(lines(runtime.render())[18].contains("For example Europe/Helsinki, or just Helsinki."))
        for _ in 0..<20 { runtime.handle(.key(.backspace)) }
        send(runtime, "new york".map { .character($0) } + [.enter])
        #expect(f.daycare.settings.timeZoneIdentifier == "America/New_York")
        #expect(lines(runtime.render())[22] == " Time zone: America/New_York.")
    }

    /// Issue 11: the open days with ← →, the closed dates in a form that
    /// refuses what is no date; both saved, and the week strip shows them.
    @Test func openDaysAndClosedDates() throws {
        let f = try KioskFixture()
        let runtime = try settingsTab(f)
        send(runtime, [.down, .down, .down, .down])
        #expect(lines(runtime.render()).contains { $0.contains("Open days") && $0.contains("◂ Every day ▸") })
        send(runtime, [.right])
        #expect(f.daycare.settings.closedWeekdays == [6, 7])
        #expect(f.store.settings?.closedWeekdays == [6, 7])
        var screen = lines(runtime.render())
        #expect(screen.contains { $0.contains("◂ Monday to Friday ▸") })
        #expect(screen[22] == " Open days changed.")
        send(runtime, [.right, .right])
        #expect(f.daycare.settings.closedWeekdays == [])
        send(runtime, [.left])
        #expect(f.daycare.settings.closedWeekdays == [7])
        send(runtime, [.left])
        #expect(f.daycare.settings.closedWeekdays == [6, 7])

        // Today is Sunday 22 November 2026.
        send(runtime, [.down, .enter] + digits("24.12. 31.2.2027"))
        send(runtime, [.enter])
        #expect(runtime.state.form?.problem == .invalidDate("31.2.2027"))
        #expect(f.daycare.settings.closedDays == [])
        #expect(lines(runtime.render()).contains { $0.contains("\"31.2.2027\" is not a date.") })
        for _ in 0..<9 { runtime.handle(.key(.backspace)) }
        send(runtime, digits("2026-11-20 6.1") + [.enter])
        #expect(runtime.state.form == nil)
        #expect(f.daycare.settings.closedDays.map(\.description) == ["2026-11-20", "2026-12-24", "2027-01-06"])
        screen = lines(runtime.render())
        #expect(screen[22] == " 3 closed dates saved.")
        // The next ones to come, the past one left out.
        #expect(screen.contains { $0.hasSuffix("Closed dates") == false && $0.contains("Closed dates") && $0.hasSuffix("24/12/2026, 6/1/2027") }, "\(screen)")

        // Friday 20 November a holiday, the weekend (today too) closed: no misses on the strip.
        send(runtime, [.character("l"), .enter, .enter])
        let strip = try #require(lines(runtime.render()).first { $0.contains("Last 7 days") })
        #expect(strip.hasSuffix("M ○  T ○  W ○  T ○  F –  S –  S –"), "\(strip)")
    }

    /// Issue 41: every setting's row whole at every size in both languages,
    /// with each leaderboard style and a voice that cannot speak (the
    /// longest values): shorter words where the long ones would be cut,
    /// never a cut word or a value over the row's start.
    @Test(arguments: Screenful.all)
    func everySettingFitsWhole(_ at: Screenful) throws {
        for style in LeaderboardStyle.allCases {
            let f = try KioskFixture(language: at.language)
            try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
            var settings = f.daycare.settings
            settings.leaderboardStyle = style
            settings.timeZoneIdentifier = nil
            settings.readAloud = true
            try f.daycare.updateSettings(settings)
            let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: at.width, height: at.height),
                                       voice: RecordingVoice(.unavailable(.engineMissing("espeak-ng"))))
            runtime.logIn()
            runtime.handle(.key(.backTab))
            #expect(runtime.state.side == .admin(.settings))
            var rows: [String] = []
            for _ in SettingsRow.allCases {
                let screen = lines(runtime.render())
                rows += screen[3..<(at.height - 2)].filter { !$0.isEmpty && !rows.contains($0) }
                runtime.handle(.key(.down))
            }
            #expect(rows.count >= SettingsRow.allCases.count, "\(rows)")
            for row in rows {
                #expect(!row.contains("…") && row.dropFirst().first?.isLetter == true, "\(style) at \(at): \(row)")
            }
        }
    }
}
