import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 43: how long ticks and absences are kept is a setting (12 months
/// unless changed), and the leaderboard's "all time" says from when it counts.
@Suite struct KeepHistorySettingTests {
    private func onTheRow(_ f: KioskFixture, _ width: Int = 80, _ height: Int = 24) throws -> KioskRuntime {
        let runtime = try f.runtime(width, height, admin: true)
        for _ in 0..<4 { runtime.handle(.key(.tab)) }
        #expect(runtime.state.side == .admin(.settings))
        let row = try #require(SettingsRow.allCases.firstIndex(of: .keepHistory))
        for _ in 0..<row { runtime.handle(.key(.down)) }
        return runtime
    }

    @Test(arguments: ["en", "fi"])
    func theRowChangesHowLongAndSaysWhatThatMeans(language: String) throws {
        let f = try KioskFixture(language: language)
        let runtime = try onTheRow(f)
        let english = language == "en"
        #expect(lines(runtime).contains { $0.hasPrefix(english ? " Keep history" : " Säilytysaika") && $0.hasSuffix(english ? "◂ 12 months ▸" : "◂ 12 kk ▸") },
                "\(lines(runtime).joined(separator: "\n"))")
        // Shorter asks first, naming the first day kept: Esc keeps it as it was, Enter shortens.
        runtime.handle(.key(.left))
        #expect(f.daycare.settings.keepHistoryMonths == 12, "not before the answer")
        let asked = lines(runtime).joined(separator: " ").replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        #expect(asked.contains(english ? "Keep ticks and absences only 6 months? The days before 22/5/2026 will be removed for good"
                                       : "Säilytetäänkö merkinnät ja poissaolot vain 6 kk? Päivät ennen 22.5.2026 poistetaan lopullisesti"), "\(asked)")
        runtime.handle(.key(.escape))
        #expect(f.daycare.settings.keepHistoryMonths == 12)
        runtime.handle(.key(.left))
        runtime.handle(.key(.enter))
        #expect(f.daycare.settings.keepHistoryMonths == 6)
        #expect(lines(runtime).contains { $0.contains(english ? "Ticks and absences kept 6 months; older days are removed."
                                                              : "Merkinnät ja poissaolot säilytetään 6 kk; vanhemmat poistetaan.") },
                "\(lines(runtime).joined(separator: "\n"))")
        // 6 → 12 → 24 → 36 → forever.
        for _ in 0..<4 { runtime.handle(.key(.right)) }
        #expect(f.daycare.settings.keepHistoryMonths == 0)
        #expect(lines(runtime).contains { $0.contains(english ? "◂ Forever ▸" : "◂ Pysyvästi ▸") })
        #expect(lines(runtime).contains { $0.contains(english ? "Ticks and absences are kept for good." : "Merkinnät ja poissaolot säilytetään pysyvästi.") })
        // No going round: past forever, nothing; and from the shortest, no further.
        runtime.handle(.key(.right))
        #expect(f.daycare.settings.keepHistoryMonths == 0)
        for _ in 0..<6 { runtime.handle(.key(.left)); runtime.handle(.key(.enter)) }
        #expect(f.daycare.settings.keepHistoryMonths == 3)
        runtime.handle(.key(.left))
        #expect(runtime.state.overlays.isEmpty, "nothing shorter to ask about")
        #expect(f.daycare.settings.keepHistoryMonths == 3, "one key too many does not wrap to forever or back")
    }

    @Test func theRowFitsASmallScreen() throws {
        for language in ["en", "fi"] {
            let f = try KioskFixture(language: language)
            let runtime = try onTheRow(f, 40, 12)
            let row = try #require(lines(runtime).first { $0.contains("◂ 12") }, "\(lines(runtime).joined(separator: "\n"))")
            #expect(!row.contains("…"), "\(row)")
        }
    }

    @Test func allTimeSaysFromWhenItCounts() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime()
        runtime.handle(.key(.tab))
        #expect(runtime.state.side == .child(.leaderboard))
        for _ in 0..<3 { runtime.handle(.key(.right)) }
        #expect(runtime.state.leaderboard.period == .allTime)
        #expect(lines(runtime)[2].hasSuffix("Since 22/11/2025"), "\(lines(runtime)[2])")
        var settings = f.daycare.settings
        settings.keepHistoryMonths = 0
        try f.daycare.updateSettings(settings)
        #expect(!lines(runtime)[2].contains("Since"), "forever: all time is all time")
    }
}
