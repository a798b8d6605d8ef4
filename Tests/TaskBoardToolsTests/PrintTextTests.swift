import Foundation
import Testing
import TaskBoard
import TaskBoardUI
@testable import TaskBoardTools

@Suite("Printed text: ANSI colours, the locale, colour choice, period names, JSON")
struct PrintTextTests {
    @Test func plainTextKeepsWideCharactersAndTrimsTheRight() {
        var buffer = ScreenBuffer(size: Size(width: 12, height: 2), style: Style(foreground: .white, background: .blue))
        buffer.write("🐢 Eero", x: 1, y: 0, style: Style(bold: true))
        #expect(ANSIText.lines(of: buffer, color: false) == [" 🐢 Eero", ""])
    }

    @Test func colourIsOneSGRPerChangeAndAResetAtTheEnd() {
        var buffer = ScreenBuffer(size: Size(width: 6, height: 1), style: Style(foreground: .brightWhite, background: .blue))
        buffer.write("ab", x: 1, y: 0, style: Style(foreground: .brightYellow, background: .blue, bold: true))
        buffer.write("c", x: 3, y: 0, style: Style(reverse: true, underline: true))
        #expect(ANSIText.lines(of: buffer, color: true)
            == ["\u{1B}[0;97;44m \u{1B}[0;1;93;44mab\u{1B}[0;4;7mc\u{1B}[0;97;44m  \u{1B}[0m"])
        // A plain line needs no codes at all.
        #expect(ANSIText.lines(of: ScreenBuffer(size: Size(width: 3, height: 1)), color: true) == ["   "])
    }

    @Test func everyColourHasItsCode() {
        #expect(ANSIText.sgr(Style(foreground: .black, background: .white)) == "\u{1B}[0;30;47m")
        #expect(ANSIText.sgr(Style(foreground: .brightBlack, background: .brightWhite)) == "\u{1B}[0;90;107m")
        #expect(ANSIText.sgr(.plain) == "\u{1B}[0m")
    }

    @Test func autoColoursOnlyATerminalWithoutNoColor() {
        #expect(ColorChoice.auto.usesColor(outputIsTerminal: true, environment: [:]))
        #expect(ColorChoice.auto.usesColor(outputIsTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!ColorChoice.auto.usesColor(outputIsTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.auto.usesColor(outputIsTerminal: false, environment: [:]))
        #expect(ColorChoice.always.usesColor(outputIsTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.usesColor(outputIsTerminal: true, environment: [:]))
    }

    @Test func theLocaleDecidesUnicodeTheWayTheCLibraryDoes() {
        #expect(LocaleCharset.isUTF8(environment: ["LANG": "fi_FI.UTF-8"]))
        #expect(LocaleCharset.isUTF8(environment: ["LANG": "C.utf8"]))
        #expect(!LocaleCharset.isUTF8(environment: [:]))
        #expect(!LocaleCharset.isUTF8(environment: ["LANG": "C"]))
        #expect(!LocaleCharset.isUTF8(environment: ["LANG": "fi_FI.ISO-8859-15"]))
        // LC_ALL wins over LC_CTYPE, which wins over LANG; an empty one does not count.
        #expect(!LocaleCharset.isUTF8(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(LocaleCharset.isUTF8(environment: ["LC_ALL": "", "LC_CTYPE": "en_US.UTF-8", "LANG": "C"]))
        // The Linux console has no emoji, as for the kiosk.
        #expect(LocaleCharset.showsSymbols(environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"]))
        #expect(LocaleCharset.showsSymbols(environment: ["LANG": "C.UTF-8"]))
        #expect(!LocaleCharset.showsSymbols(environment: ["LANG": "C.UTF-8", "TERM": "linux"]))
        #expect(!LocaleCharset.showsSymbols(environment: ["LANG": "C", "TERM": "xterm"]))
    }

    @Test func periodsHaveTheirCommandLineNames() {
        #expect(Period.allCases.map(\.commandLineName) == ["today", "week", "month", "all"])
        #expect(Period(commandLineName: "All") == .allTime)
        #expect(Period(commandLineName: "year") == nil)
    }

    @Test func theLanguageIsAskedThenSetThenFromTheLocale() {
        let finnish = Settings(language: "fi")
        #expect(KioskAssets.language(asked: .en, settings: finnish, environment: [:]) == .en)
        #expect(KioskAssets.language(asked: nil, settings: finnish, environment: ["LANG": "en_GB.UTF-8"]) == .fi)
        #expect(KioskAssets.language(asked: nil, settings: Settings(), environment: ["LANG": "fi_FI.UTF-8"]) == .fi)
        #expect(KioskAssets.language(asked: nil, settings: Settings(), environment: [:]) == .en)
        #expect(KioskAssets.language(asked: nil, settings: Settings(), environment: ["LC_ALL": "", "LANG": "fi_FI.UTF-8"]) == .fi)
        #expect(KioskAssets.language(asked: nil, settings: Settings(), environment: ["LC_MESSAGES": "en_US.UTF-8", "LANG": "fi_FI.UTF-8"]) == .en)
    }

    @Test func missingAssetsNameWhatIsMissing() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-assets-\(UUID().uuidString)")
        let error = #expect(throws: KioskAssets.Unreadable.self) { try KioskAssets.load(environment: ["TASKBOARD_ASSETS": empty.path]) }
        #expect(error?.description == "\(empty.path)/strings/fi.json: cannot read it")
    }

    @Test func theJSONRanksShareAndNameTheirGroups() throws {
        let fixture = try PrintFixture()
        let all = try LeaderboardJSON(daycare: fixture.daycare, scope: .allGroups, period: .today)
        #expect(all.period == "today" && all.from == "2026-11-22" && all.to == "2026-11-22" && all.group == nil)
        #expect(all.entries == [
            .init(rank: 1, child: "Aino", group: "Squirrels", avatar: "🦊", points: 3),
            .init(rank: 1, child: "Lumi", group: "Bears", avatar: "🐧", points: 3),
            .init(rank: 3, child: "Eero Äijälä", group: "Squirrels", avatar: "🐢", points: 1),
            .init(rank: 4, child: "Ville", group: "Bears", avatar: "🦁", points: 0),
        ])
        let bears = try LeaderboardJSON(daycare: fixture.daycare, scope: .group(fixture.bears), period: .allTime)
        #expect(String(decoding: try bears.data(), as: UTF8.self) == """
            {
              "entries" : [
                {
                  "avatar" : "🐧",
                  "child" : "Lumi",
                  "group" : "Bears",
                  "points" : 3,
                  "rank" : 1
                },
                {
                  "avatar" : "🦁",
                  "child" : "Ville",
                  "group" : "Bears",
                  "points" : 0,
                  "rank" : 2
                }
              ],
              "from" : null,
              "group" : "Bears",
              "period" : "all",
              "style" : "ranking",
              "to" : null
            }

            """)
    }

    @Test func theSelectionFollowsTheNames() throws {
        let fixture = try PrintFixture()
        let selection = PrintSelection(roster: fixture.daycare.roster)
        #expect(try selection.children(group: nil, child: nil).count == 4)
        #expect(try selection.children(group: "bears", child: nil).map(\.name) == ["Lumi", "Ville"])
        #expect(try selection.children(group: nil, child: "aino").map(\.id) == [fixture.aino])
        #expect(try selection.groups(named: nil).map(\.name) == ["Squirrels", "Bears"])
        #expect(try selection.scope(group: "Squirrels") == .group(fixture.squirrels))
        #expect(throws: LookupError.self) { try selection.children(group: "Bears", child: "Aino") }
    }
}
