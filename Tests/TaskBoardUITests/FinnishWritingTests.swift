import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 26: Finnish on the screen as /work/shared/FINNISH.md writes it.
/// Weekdays in lower case inside a line, a space before a per cent, an en
/// dash in a range of numbers; checked in the table and on the screens.
@Suite struct FinnishWritingTests {
    static let weekdays = ["maanantai", "tiistai", "keskiviikko", "torstai", "perjantai", "lauantai", "sunnuntai"]

    /// The weekdays written with a capital in `line` where no sentence
    /// starts: anywhere but after ". ", "! " or "? ". A list's row or a date
    /// line is not a sentence. Whole words only: "Maanantaista perjantaihin"
    /// is a phrase of its own, not a weekday inside a line.
    static func capitalWeekdays(in line: String) -> [String] {
        var found: [String] = []
        for name in weekdays.map({ $0.prefix(1).uppercased() + $0.dropFirst() }) {
            var rest = line[...]
            while let range = rest.range(of: name) {
                let before = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                let after = line[range.upperBound...].first
                let wholeWord = !(after?.isLetter ?? false) && !(line[..<range.lowerBound].last?.isLetter ?? false)
                let startsASentence = before.last.map { ".!?".contains($0) } ?? false
                if wholeWord && !startsASentence { found.append("\(name) in \"\(line)\"") }
                rest = line[range.upperBound...]
            }
        }
        return found
    }

    /// Where `line` has a digit directly followed by "%".
    static func percentsWithoutASpace(in line: String) -> [String] {
        zip(line, line.dropFirst()).contains { $0.isNumber && $1 == "%" } ? [line] : []
    }

    static func finnishTable() throws -> Strings {
        try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/fi.json")))
    }

    /// Screens of the kiosk in Finnish at a size: the child side, the
    /// leaderboard as shares, the first start, the Mark tab, a board's
    /// weekday picker, Settings and help.
    static func finnishScreens(_ width: Int, _ height: Int) throws -> [String: [String]] {
        var screens: [String: [String]] = [:]
        let f = try KioskFixture(language: "fi")
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", leaderboardStyle: .share))
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        screens["first start"] = lines(f.screen().render(f.state(width, height, pinIsSet: false), over: f.daycare))
        var state = f.state(width, height, pinIsSet: false)
        f.press(&state, [.enter])
        screens["first start, the PIN"] = lines(f.screen().render(state, over: f.daycare))

        let runtime = try f.runtime(width, height)
        screens["tasks"] = lines(runtime)
        runtime.handle(.key(.tab))
        screens["leaderboard"] = lines(runtime)
        runtime.logIn()
        screens["mark"] = lines(runtime)
        runtime.handle(.key(.character("?")))
        screens["help"] = lines(runtime)
        runtime.handle(.key(.escape))
        while runtime.state.side != .admin(.boards) { runtime.handle(.key(.tab)) }
        for key: Key in [.enter, .down, .control("w")] { runtime.handle(.key(key)) }   // Aino, Brush teeth
        screens["weekday picker"] = lines(runtime)
        runtime.handle(.key(.escape))
        while runtime.state.side != .admin(.groups) { runtime.handle(.key(.tab)) }
        for key: Key in [.enter, .control("v")] { runtime.handle(.key(key)) }   // Squirrels' week
        screens["group week"] = lines(runtime)
        runtime.handle(.key(.escape))
        while runtime.state.side != .admin(.settings) { runtime.handle(.key(.tab)) }
        screens["settings"] = lines(runtime)
        return screens
    }

    // MARK: Weekdays

    /// Short weekdays "ma ti ke", not letters; a week's dates "16.–22.11.2026", the month and year once.
    @Test(arguments: [(80, 24), (40, 12)])
    func shortWeekdaysHaveTwoLettersAndAWeekItsDatesOnce(_ width: Int, _ height: Int) throws {
        let week = try #require(try Self.finnishScreens(width, height)["group week"])
        let header = try #require(week.first { $0.contains("ma") && $0.contains("su") }, "\(week)")
        let days = header.split(separator: " ").filter { $0.allSatisfy(\.isLetter) }
        #expect(days == ["ma", "ti", "ke", "to", "pe", "la", "su"], "\(header)")
        #expect(week.contains { $0.hasSuffix("16.–22.11.2026") }, "\(week)")
        let table = try Self.finnishTable()
        let monday = try #require(Day(year: 2026, month: 11, day: 30))
        #expect(table.dateRange(monday, monday.advanced(by: 6)) == "30.11.–6.12.2026")
        #expect(table.dateRange(try #require(Day(year: 2026, month: 12, day: 28)), try #require(Day(year: 2027, month: 1, day: 3))) == "28.12.2026–3.1.2027")
        #expect(table.dateRange(monday, monday.advanced(by: 6), unicode: false) == "30.11.-6.12.2026")
    }

    @Test func theTableWritesWeekdaysInLowerCase() throws {
        let finnish = try Self.finnishTable()
        let monday = try #require(Day(year: 2026, month: 11, day: 23))
        #expect((0..<7).map { finnish.weekdayName(monday.advanced(by: $0)) } == Self.weekdays)
        for (key, text) in finnish.table {
            #expect(Self.capitalWeekdays(in: text).isEmpty, "\(key): \(text)")
        }
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func noScreenWritesAWeekdayWithACapitalInsideALine(_ width: Int, _ height: Int) throws {
        let screens = try Self.finnishScreens(width, height)
        for (name, screen) in screens {
            for line in screen {
                #expect(Self.capitalWeekdays(in: line).isEmpty, "\(name) at \(width)x\(height): \(line)")
            }
        }
        // The date line and the picker do show weekdays, in lower case.
        if width >= 80 {
            #expect(screens["mark"]?[0].hasSuffix(" sunnuntai 22.11.2026") == true, "\(screens["mark"]?[0] ?? "")")
            #expect(screens["tasks"]?[0].hasSuffix(" sunnuntai 22.11.2026") == true, "\(screens["tasks"]?[0] ?? "")")
        }
        let picker = screens["weekday picker"] ?? []
        for day in Self.weekdays.prefix(height >= 24 ? 7 : 3) {
            #expect(picker.contains { $0.contains(" \(day) ") || $0.hasSuffix(" \(day)") }, "\(day) not in \(picker)")
        }
    }

    // MARK: Per cents and ranges

    @Test func everyPerCentInTheTableHasASpaceBeforeIt() throws {
        let finnish = try Self.finnishTable()
        for (key, text) in finnish.table {
            for index in text.indices where text[index] == "%" {
                let before = index > text.startIndex ? text[text.index(before: index)] : nil
                #expect(before == " ", "\(key): \(text)")
            }
        }
        #expect(finnish.percent(80) == "80 %")
    }

    /// Issue 41: wordings that read as translated, as a Finnish reader would write them.
    @Test func theWordingsANewUserFoundAreWrittenAsFinnishIs() throws {
        let fi = try Self.finnishTable()
        let expected = [
            "picker.taskToBoards": "{task}: keiden tauluille?",
            "settings.closedDaysNone": "ei tulevia",
            "settings.leaderboardStyle.ranking": "Sijoitus",
            "settings.readAloud.off": "Pois päältä",
            "settings.groupGoal": "Ryhmän tavoite (pistettä lasta kohden päivässä)",
            "firstStart.openDays.title": "Minä päivinä taulu on käytössä?",
            "confirm.undoHint": "Ctrl-Z kumoaa tämän.",
            "help.action.month": "Näytä kuukausi päivä päivältä",
            "status.groupAdded": "Ryhmä lisätty: {group}",
            "status.openDaysChanged": "Aukiolopäivät muutettu.",
            // The review of the Finnish texts: the name stands apart, the verb agrees, the case is right.
            "mark.groupGoalReached": "{group}: päivän tavoite saavutettu!",
            "speech.goal.toward": "{group}: pisteitä on {points}. Tavoite on {goal}.",
            "status.closingTimeChanged": "Päivän päättymisaika: klo {time}.",
            "status.unmarkedAll": "{task}: merkinnät peruttu, {children}, −{points}",
            "status.awayNotTicked": "{child}: poissa, ei merkitty. Paikalla: {key}",
            "status.away": "{child}: poissa tänään.",
            "status.boardCopied": "Taulu kopioitu: {child} → {children}.",
            "picker.taskDays": "{task} ({child}): minä päivinä?",
            "change.markDone": "tehty-merkintä ({child}: {task})",
            "action.scrollDown": "vieritä alas",
            "action.scrollUp": "vieritä ylös",
            "action.remove": "ota pois",
            // The tab's name where it fits, and the shorter words of a narrow Settings row.
            "tab.child.roomDay.wide": "Päiväjärjestys",
            "settings.openDays.mondayToFriday.short": "ma–pe",
            "settings.openDays.mondayToSaturday.short": "ma–la",
            "settings.readAloud.off.short": "Pois",
        ]
        for (key, text) in expected { #expect(fi.text(for: key) == text, "\(key)") }
        #expect(fi["settings.closedDaysExample"].hasPrefix("Lomapäivät välilyönnillä erotettuina:"))
        #expect(fi["firstStart.openDays"].contains("kotona joka päivä") && !fi["firstStart.openDays"].contains("perhe"))
        // One way of counting the days a goal was reached, on screen and aloud.
        #expect(fi.plural("leaderboard.goalDays", count: 11) == "Tavoite saavutettu 11 päivänä")
        #expect(fi["speech.goal.daysMany", arguments: ["group": "Oravat", "number": "yksitoista"]] == "Oravat: tavoite saavutettu yksitoista päivänä.")
    }

    @Test func aRangeOfNumbersHasAnEnDash() throws {
        let finnish = try Self.finnishTable()
        let hyphen = /(\d|\})-(\d|\{)/
        for (key, text) in finnish.table {
            #expect(text.firstMatch(of: hyphen) == nil, "\(key): \(text)")
        }
        let rules = finnish["pin.rules", arguments: ["min": "4", "max": "8"]]
        #expect(rules.hasPrefix("PIN-koodissa on 4–8 numeroa."))
        #expect(ErrorText.message(for: .pinLength(min: 4, max: 8), in: finnish) == "PIN-koodin pitää olla 4–8 numeroa pitkä.")
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func noScreenWritesADigitDirectlyBeforeAPerCent(_ width: Int, _ height: Int) throws {
        let screens = try Self.finnishScreens(width, height)
        for (name, screen) in screens {
            for line in screen {
                #expect(Self.percentsWithoutASpace(in: line).isEmpty, "\(name) at \(width)x\(height): \(line)")
            }
        }
        // The shares are there: Eero did his whole board, Aino a third of hers.
        let leaderboard = screens["leaderboard"] ?? []
        #expect(leaderboard.contains { $0.contains("Eero") && $0.hasSuffix(" 100 %") }, "\(leaderboard)")
        #expect(leaderboard.contains { $0.contains("Aino") && $0.hasSuffix(" 50 %") }, "\(leaderboard)")
        if height >= 24 {
            let pin = (screens["first start"] ?? []) + (screens["first start, the PIN"] ?? [])
            #expect(pin.joined(separator: " ").contains("4–8"), "\(pin)")
        }
    }

    @Test func theCheckersFindWhatTheyLookFor() {
        #expect(Self.capitalWeekdays(in: " Tehtävät  Ylläpito     Torstai 26.11.2026") != [])
        #expect(Self.capitalWeekdays(in: "  Maanantai") != [])
        #expect(Self.capitalWeekdays(in: " torstai 26.11.2026") == [])
        #expect(Self.capitalWeekdays(in: "Kiinni. Maanantai on auki.") == [])
        #expect(Self.capitalWeekdays(in: " ◂ Maanantaista perjantaihin ▸") == [])
        #expect(Self.percentsWithoutASpace(in: "Aino  █ 80%") != [])
        #expect(Self.percentsWithoutASpace(in: "Aino  █ 80 %") == [])
    }

    // MARK: Names in their basic form

    /// The issue's sentences: a name never takes a case ending it cannot
    /// have, and no sentence is said twice over with a stray period.
    @Test func namesStandInTheirBasicForm() throws {
        let finnish = try Self.finnishTable()
        #expect(finnish["confirm.removeFromBoard", arguments: ["task": "Get dressed", "child": "Aino"]]
            == "Aino: otetaanko \"Get dressed\" pois taululta?")
        #expect(finnish["picker.addToGroupBoards", arguments: ["group": "Oravat"]] == "Lisää koko ryhmälle: Oravat")
        #expect(finnish["picker.copyBoard", arguments: ["child": "Aino"]] == "Kopioi taulu: Aino")
        #expect(finnish["picker.addToBoard", arguments: ["child": "Ällä Öhman"]] == "Lisää taululle: Ällä Öhman")
        #expect(finnish["confirm.deleteTask", arguments: ["task": "Get dressed", "boards": finnish.plural("count.onBoards", count: 3)]]
            == "Get dressed: tehtävä on 3 taululla. Se poistetaan kaikilta tauluilta.")
        for (key, text) in finnish.table {
            // "lapsen {child}", "ryhmälle {group}", "ryhmässä {group}": a case word before a name.
            #expect(text.firstMatch(of: /\p{L}+(n|lle|ssä|lta|sta|an|ään) \{(child|group|task)\}/) == nil, "\(key): \(text)")
            #expect(!text.contains("tauluista") && !text.contains("keneltäkään pois"), "\(key): \(text)")
        }
    }

    @Test func aValueThatEndsInAPeriodIsNotFollowedByAnother() throws {
        let english = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/en.json")))
        let finnish = try Self.finnishTable()
        for strings in [english, finnish] {
            for text in ["32.12.", "32.12", "huomenna"] {
                let message = ErrorText.message(for: .invalidDate(text), in: strings)
                #expect(!message.contains(".."), "\(strings.language): \(message)")
                #expect(message.contains("\"\(text)\""), "\(strings.language): \(message)")
            }
        }
        #expect(ErrorText.message(for: .invalidDate("32.12."), in: english) == "\"32.12.\" is not a date. Type it as 24.12.2026 or 24.12.")
        #expect(ErrorText.message(for: .invalidDate("32.12."), in: finnish)
            == "\"32.12.\" ei ole päivämäärä. Kirjoita se muodossa 24.12.2026 tai 24.12.")
        #expect(TaskBoardError.invalidDate("32.12.").description == "\"32.12.\" is not a date.")
    }
}
