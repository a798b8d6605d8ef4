import Foundation
import TaskBoard
import Testing
@testable import TaskBoardUI

/// The two string tables in `assets/strings/`, read the way the kiosk reads them.
private enum Tables {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/strings")

    static func data(_ language: Language) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(language.fileName))
    }

    static func load(_ language: Language) throws -> Strings {
        try Strings(data: data(language))
    }

    static func all() throws -> [Strings] {
        try Language.allCases.map(load)
    }
}

/// One value of every `TaskBoardError` case, with words its message must show.
private let everyError: [(error: TaskBoardError, shows: [String])] = [
    (.emptyName(.group), []), (.emptyName(.child), []), (.emptyName(.task), []),
    (.nameTooLong(.group, maxWidth: 30), ["30"]), (.nameTooLong(.child, maxWidth: 30), ["30"]),
    (.nameTooLong(.task, maxWidth: 30), ["30"]),
    (.nameHasControlCharacters(.group), []), (.nameHasControlCharacters(.child), []),
    (.nameHasControlCharacters(.task), []),
    (.duplicateChildName("Aino", group: "Oravat"), ["Aino", "Oravat"]),
    (.duplicateTaskName("Pukeminen"), ["Pukeminen"]),
    (.duplicateGroupName("Oravat"), ["Oravat"]),
    (.pointsOutOfRange(11), ["11", "1", "10"]),
    (.boardFull(child: "Aino", max: 50), ["Aino", "50"]),
    (.taskAlreadyOnBoard(task: "Pukeminen", child: "Aino"), ["Pukeminen", "Aino"]),
    (.tooMany(.group, max: 100), ["100"]), (.tooMany(.child, max: 500), ["500"]),
    (.tooMany(.task, max: 200), ["200"]),
    (.unknownGroup(GroupID(3)), ["g3"]),
    (.unknownChild(ChildID(4)), ["c4"]),
    (.unknownTask(TaskID(5)), ["t5"]),
    (.taskNotOnBoard(task: "Pukeminen", child: "Aino"), ["Pukeminen", "Aino"]),
    (.invalidTimeZone("Mars/Olympus"), ["Mars/Olympus"]),
    (.invalidDate("31.2."), ["31.2."]),
    (.invalidTimeOfDay("25:00"), ["25:00"]),
    (.endsBeforeItStarts("10.30-9"), ["10.30-9"]),
    (.invalidIdleMinutes(99), ["99", "60"]),
    (.nothingToUndo, []),
    (.forgettingCannotBeUndone(child: "Aino"), ["Aino"]),
    (.childAway(child: "Aino"), ["Aino"]),
    (.dayInFuture(Day(year: 2030, month: 3, day: 14) ?? Day(number: 0)), ["14", "3", "2030"]),
    (.dayNotKept(Day(year: 2024, month: 5, day: 2) ?? Day(number: 0), first: Day(year: 2025, month: 12, day: 3) ?? Day(number: 0)), ["2024", "2025"]),
    (.notOnGroupsDay(task: "Ulkoilu", group: "Oravat"), ["Ulkoilu", "Oravat"]),
    (.dayPassed(Day(year: 2026, month: 11, day: 20) ?? Day(number: 0)), ["20", "11", "2026"]),
    (.noDayChange("Retki"), ["Retki"]),
    (.tooManyDayChanges(max: 20), ["20"]),
    (.pinNotDigits, []),
    (.pinLength(min: 4, max: 8), ["4", "8"]),
    (.pinTooCommon, []),
    (.pinMismatch, []),
    (.pinAlreadySet, []),
    (.pinNotSet, []),
    (.wrongPin, []),
    (.pinLocked(until: Date(timeIntervalSince1970: 1_700_000_000)), ["13"]),
]

/// Names the case of an error. No `default`: a new `TaskBoardError` case
/// stops this test from compiling until it is added to `everyError`.
private func caseName(_ error: TaskBoardError) -> String {
    switch error {
    case .emptyName: "emptyName"
    case .nameTooLong: "nameTooLong"
    case .nameHasControlCharacters: "nameHasControlCharacters"
    case .duplicateChildName: "duplicateChildName"
    case .duplicateTaskName: "duplicateTaskName"
    case .duplicateGroupName: "duplicateGroupName"
    case .pointsOutOfRange: "pointsOutOfRange"
    case .boardFull: "boardFull"
    case .taskAlreadyOnBoard: "taskAlreadyOnBoard"
    case .tooMany: "tooMany"
    case .unknownGroup: "unknownGroup"
    case .unknownChild: "unknownChild"
    case .unknownTask: "unknownTask"
    case .taskNotOnBoard: "taskNotOnBoard"
    case .childAway: "childAway"
    case .invalidTimeZone: "invalidTimeZone"
    case .invalidDate: "invalidDate"
    case .invalidTimeOfDay: "invalidTimeOfDay"
    case .endsBeforeItStarts: "endsBeforeItStarts"
    case .invalidIdleMinutes: "invalidIdleMinutes"
    case .nothingToUndo: "nothingToUndo"
    case .forgettingCannotBeUndone: "forgettingCannotBeUndone"
    case .dayInFuture: "dayInFuture"
    case .dayNotKept: "dayNotKept"
    case .notOnGroupsDay: "notOnGroupsDay"
    case .dayPassed: "dayPassed"
    case .noDayChange: "noDayChange"
    case .tooManyDayChanges: "tooManyDayChanges"
    case .pinNotDigits: "pinNotDigits"
    case .pinLength: "pinLength"
    case .pinTooCommon: "pinTooCommon"
    case .pinMismatch: "pinMismatch"
    case .pinAlreadySet: "pinAlreadySet"
    case .pinNotSet: "pinNotSet"
    case .wrongPin: "wrongPin"
    case .pinLocked: "pinLocked"
    }
}

private let everyPinHashError: [PinHashError] = [
    .unsupportedAlgorithm("md5"), .invalidIterations(0), .emptySalt, .invalidHashLength(7),
]

private func pinHashCaseName(_ error: PinHashError) -> String {
    switch error {
    case .unsupportedAlgorithm: "unsupportedAlgorithm"
    case .invalidIterations: "invalidIterations"
    case .emptySalt: "emptySalt"
    case .invalidHashLength: "invalidHashLength"
    }
}

private let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

/// A message is a real text: not a bare key, no placeholder left unfilled.
private func expectFilledIn(_ message: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!message.hasPrefix("error."), "\(comment): no text, got the key \(message)", sourceLocation: sourceLocation)
    #expect(Strings.placeholders(in: message).isEmpty, "\(comment): unfilled placeholder in \(message)", sourceLocation: sourceLocation)
    #expect(!message.trimmingCharacters(in: .whitespaces).isEmpty, "\(comment): empty", sourceLocation: sourceLocation)
}

@Suite struct StringsTests {
    // MARK: The tables

    @Test func bothFilesDecodeAsTheirOwnLanguage() throws {
        for language in Language.allCases {
            let strings = try Tables.load(language)
            #expect(strings.language == language)
            #expect(strings.table.count > 100)
        }
    }

    @Test func everyKeyExistsInBothLanguages() throws {
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        let onlyEnglish = Set(english.table.keys).subtracting(finnish.table.keys).sorted()
        let onlyFinnish = Set(finnish.table.keys).subtracting(english.table.keys).sorted()
        #expect(onlyEnglish == [], "keys missing from fi.json")
        #expect(onlyFinnish == [], "keys missing from en.json")
    }

    @Test func noKeyIsWrittenTwiceInAFile() throws {
        // JSON decoding keeps one of two equal keys silently; count the lines instead.
        for language in Language.allCases {
            let text = String(decoding: try Tables.data(language), as: UTF8.self)
            var seen: Set<String> = []
            var repeated: [String] = []
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
                let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
                if !seen.insert(key).inserted { repeated.append(key) }
            }
            #expect(repeated == [], "\(language): repeated keys")
        }
    }

    @Test func keysAreDottedAndGroupedByScreen() throws {
        for strings in try Tables.all() {
            for key in strings.table.keys {
                let parts = key.split(separator: ".", omittingEmptySubsequences: false)
                let wellFormed = parts.count >= 2 && parts.allSatisfy { part in
                    !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
                }
                #expect(wellFormed, "\(strings.language): key \(key)")
            }
        }
    }

    @Test func noTextIsEmptyOrPadded() throws {
        for strings in try Tables.all() {
            for (key, text) in strings.table {
                #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(strings.language): \(key) is empty")
                #expect(text == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(strings.language): \(key) has spaces around it")
                #expect(!text.contains("\n") && !text.contains("\t"), "\(strings.language): \(key) has a line break or tab")
            }
        }
    }

    @Test func bothLanguagesUseTheSamePlaceholdersPerKey() throws {
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        for (key, text) in english.table {
            guard let other = finnish.table[key] else { continue }
            #expect(Strings.placeholders(in: text) == Strings.placeholders(in: other), "\(key): en \(text) / fi \(other)")
        }
    }

    @Test func bracesOnlyAppearAsPlaceholders() throws {
        for strings in try Tables.all() {
            for (key, text) in strings.table {
                let filled = Strings.format(text, Dictionary(uniqueKeysWithValues: Strings.placeholders(in: text).map { ($0, "x") }))
                #expect(!filled.contains("{") && !filled.contains("}"), "\(strings.language): \(key) has a stray brace")
            }
        }
    }

    @Test func pluralFamiliesHaveBothForms() throws {
        for strings in try Tables.all() {
            for key in strings.table.keys where key.hasSuffix(".one") {
                let other = String(key.dropLast(".one".count)) + ".other"
                #expect(strings.table[other] != nil, "\(strings.language): \(key) without \(other)")
                #expect(Strings.placeholders(in: strings.table[key] ?? "").contains("count"), "\(key)")
            }
        }
    }

    @Test func theTextsTheScreensLookUpByDomainValueAreThere() throws {
        var keys: [String] = []
        keys += Action.allCases.flatMap { ["action.\($0.rawValue)", "help.action.\($0.rawValue)"] }
        keys += Period.allCases.map { "period.\($0.rawValue)" }
        keys += (1...7).flatMap { ["weekday.letter.\($0)", "weekday.name.\($0)"] }
        keys += Language.allCases.map { "language.\($0.rawValue)" }
        keys += ["scope.allGroups", "format.date", "format.time", "error.unexpected"]
        for strings in try Tables.all() {
            for key in keys {
                #expect(strings.text(for: key) != nil, "\(strings.language): \(key)")
            }
            // Every hint-bar name has a help description and the other way round.
            for key in strings.table.keys where key.hasPrefix("action.") {
                #expect(strings.table["help." + key] != nil, "\(strings.language): help.\(key)")
            }
            for key in strings.table.keys where key.hasPrefix("help.action.") {
                #expect(strings.table[String(key.dropFirst("help.".count))] != nil, "\(strings.language): \(key)")
            }
        }
    }

    @Test func theTabsReadAsSpecified() throws {
        let finnish = try Tables.load(.fi)
        let english = try Tables.load(.en)
        let tabs = [
            "tab.child.tasks", "tab.child.leaderboard", "tab.child.admin", "tab.admin.mark", "tab.admin.boards",
            "tab.admin.groups", "tab.admin.tasks", "tab.admin.settings", "tab.admin.logOut", "tab.admin.quit",
        ]
        #expect(tabs.map { english[$0] } == [
            "Tasks", "Leaderboard", "Admin", "Mark", "Boards", "Groups", "Tasks", "Settings", "Log out", "Quit",
        ])
        #expect(tabs.map { finnish[$0] } == [
            "Tehtävät", "Pistetaulukko", "Ylläpito", "Merkitse", "Taulut", "Ryhmät", "Tehtävät", "Asetukset",
            "Kirjaudu ulos", "Lopeta",
        ])
    }

    @Test func theWeekStripStartsOnMonday() throws {
        let monday = try #require(Day(year: 2025, month: 3, day: 10))
        let week = (0..<7).map { monday.advanced(by: $0) }
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        #expect(week.map(english.weekdayLetter).joined(separator: " ") == "M T W T F S S")
        #expect(week.map(finnish.weekdayLetter).joined(separator: " ") == "ma ti ke to pe la su")
        #expect(finnish.weekdayName(monday) == "maanantai")
    }

    // MARK: Errors

    @Test func everyTaskBoardErrorCaseIsInTheList() {
        let names = Set(everyError.map { caseName($0.error) })
        #expect(names.count == 36)
        // Every name kind of the kind-specific cases.
        #expect(everyError.filter { caseName($0.error) == "emptyName" }.count == 3)
    }

    @Test func everyTaskBoardErrorHasAMessageInBothLanguages() throws {
        for strings in try Tables.all() {
            var messages: Set<String> = []
            for (error, shows) in everyError {
                let message = ErrorText.message(for: error, in: strings, timeZone: helsinki)
                expectFilledIn(message, "\(strings.language) \(error)")
                for word in shows {
                    #expect(message.contains(word), "\(strings.language) \(error): \(message) lacks \(word)")
                }
                messages.insert(message)
            }
            #expect(messages.count == everyError.count, "\(strings.language): two errors read the same")
        }
    }

    @Test func everyPinHashErrorHasAMessageInBothLanguages() throws {
        #expect(Set(everyPinHashError.map(pinHashCaseName)).count == 4)
        for strings in try Tables.all() {
            for error in everyPinHashError {
                let message = ErrorText.message(for: error, in: strings)
                expectFilledIn(message, "\(strings.language) \(error)")
                #expect(ErrorText.message(forAny: error, in: strings) == message)
            }
        }
    }

    @Test func theEnglishMessagesMatchTheDomainsOwnWherePossible() throws {
        let english = try Tables.load(.en)
        for error: TaskBoardError in [.wrongPin, .pinMismatch, .pinLength(min: 4, max: 8), .nothingToUndo,
                                      .duplicateChildName("Aino", group: "Oravat"), .pointsOutOfRange(0),
                                      .invalidIdleMinutes(0), .emptyName(.child)] {
            #expect(ErrorText.message(for: error, in: english) == error.description)
        }
        for error in everyPinHashError {
            #expect(ErrorText.message(for: error, in: english) == error.description)
        }
    }

    @Test func aLockoutMessageShowsTheKioskClockTime() throws {
        let until = Date(timeIntervalSince1970: 1_700_000_000) // 22:13:20 UTC, 00:13:20 in Helsinki
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        #expect(ErrorText.message(for: .pinLocked(until: until), in: english, timeZone: .gmt) == "PIN entry is locked until 22:13.")
        #expect(ErrorText.message(for: .pinLocked(until: until), in: finnish, timeZone: helsinki) == "PIN-koodin syöttö on lukittu klo 0.13 asti.")
    }

    @Test func otherErrorsAreShownAsUnexpected() throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "No space left on device" } }
        let finnish = try Tables.load(.fi)
        #expect(ErrorText.message(forAny: DiskFull(), in: finnish) == "Jokin meni vikaan: No space left on device")
        #expect(ErrorText.message(forAny: TaskBoardError.wrongPin, in: finnish) == "Väärä PIN-koodi.")
    }

    // MARK: Language

    @Test func theLanguageComesFromLANG() {
        #expect(Language.from(environment: "fi_FI.UTF-8") == .fi)
        #expect(Language.from(environment: "fi_FI") == .fi)
        #expect(Language.from(environment: "fi_FI@euro") == .fi)
        #expect(Language.from(environment: "fi") == .fi)
        #expect(Language.from(environment: "en_US") == .en)
        #expect(Language.from(environment: "en_US.UTF-8") == .en)
        #expect(Language.from(environment: "sv_FI.UTF-8") == .en)
        #expect(Language.from(environment: "fil_PH.UTF-8") == .en)
        #expect(Language.from(environment: "C") == .en)
        #expect(Language.from(environment: "C.UTF-8") == .en)
        #expect(Language.from(environment: "") == .en)
        #expect(Language.from(environment: nil) == .en)
        #expect(Language(rawValue: "fi") == .fi && Language(rawValue: "de") == nil)
    }

    // MARK: Formatting

    @Test func placeholdersAreFilledFromTheArguments() throws {
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        let tick = ["child": "Aino", "task": "Get dressed", "points": "1"]
        #expect(english["status.markDone", arguments: tick] == "Aino: Get dressed done, +1")
        #expect(finnish["status.markDone", arguments: ["child": "Aino", "task": "Pukeminen", "points": "1"]]
            == "Aino: Pukeminen tehty, +1")
        #expect(english["tasks.progress", arguments: ["done": "3", "total": "5"]] == "3 / 5 done today")
        #expect(finnish["tasks.progress", arguments: ["done": "3", "total": "5"]] == "3 / 5 tehty tänään")
        #expect(english["status.allDone", arguments: ["child": "Aino"]] == "Aino finished every task today!")
    }

    @Test func countsTakeTheRightForm() throws {
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        let squirrels = english["confirm.deleteGroup", arguments: [
            "group": "Squirrels",
            "children": english.plural("count.children", count: 14),
            "points": english.plural("count.points", count: 312),
        ]]
        #expect(squirrels == "Squirrels: 14 children and 312 points will be deleted.")
        let oravat = finnish["confirm.deleteGroup", arguments: [
            "group": "Oravat",
            "children": finnish.plural("count.children", count: 1),
            "points": finnish.plural("count.points", count: 0),
        ]]
        #expect(oravat == "Oravat: 1 lapsi ja 0 pistettä poistetaan.")
        #expect(english.plural("tasks.streak", count: 1) == "1 day in a row")
        #expect(english.plural("tasks.streak", count: 4) == "4 days in a row")
        #expect(finnish.plural("tasks.streak", count: 4) == "4 päivää peräkkäin")
        #expect(finnish["pin.wrong", arguments: ["tries": finnish.plural("count.triesLeft", count: 2)]]
            == "Väärä PIN-koodi. 2 yritystä jäljellä.")
    }

    @Test func aMissingKeyShowsTheKey() {
        let strings = Strings(language: .en, table: ["greeting": "Hello, {name}!"])
        #expect(strings["no.such.key"] == "no.such.key")
        #expect(strings["no.such.key", arguments: ["name": "Aino"]] == "no.such.key")
        #expect(strings.plural("no.such.count", count: 2) == "no.such.count.other")
        #expect(strings.text(for: "no.such.key") == nil)
        #expect(Strings(language: .fi, table: [:])["tab.child.tasks"] == "tab.child.tasks")
    }

    @Test func formattingIsLiteralAboutWhatItDoesNotKnow() {
        let strings = Strings(language: .en, table: [
            "greeting": "Hello, {name}!",
            "braces": "{ not a placeholder } {name} {} {two words} {unclosed",
        ])
        #expect(strings["greeting", arguments: ["name": "Aino"]] == "Hello, Aino!")
        #expect(strings["greeting"] == "Hello, {name}!")
        #expect(strings["greeting", arguments: ["other": "x"]] == "Hello, {name}!")
        // A value is inserted as it is, never expanded again.
        #expect(strings["greeting", arguments: ["name": "{name}"]] == "Hello, {name}!")
        #expect(strings["greeting", arguments: ["name": "🦊 Äijä"]] == "Hello, 🦊 Äijä!")
        #expect(strings["braces", arguments: ["name": "Aino"]] == "{ not a placeholder } Aino {} {two words} {unclosed")
        #expect(Strings.placeholders(in: "{a} {b_2} {a} {} { c }") == ["a", "b_2"])
    }

    @Test func aFallbackFillsOnlyTheGaps() {
        let finnish = Strings(language: .fi, table: ["a": "suomeksi"])
        let english = Strings(language: .en, table: ["a": "in English", "b": "only English"])
        let merged = finnish.fallingBack(to: english)
        #expect(merged.language == .fi)
        #expect(merged["a"] == "suomeksi" && merged["b"] == "only English")
    }

    @Test func aBrokenFileIsRefusedWithAReason() {
        #expect(throws: StringsError.unsupportedSchema(2)) {
            try Strings(data: Data(#"{"schema":2,"language":"en","strings":{}}"#.utf8))
        }
        #expect(throws: StringsError.unknownLanguage("de")) {
            try Strings(data: Data(#"{"schema":1,"language":"de","strings":{}}"#.utf8))
        }
        #expect(throws: StringsError.self) { try Strings(data: Data("not json".utf8)) }
        #expect(throws: StringsError.self) { try Strings(data: Data(#"{"schema":1,"language":"en","strings":{"a":1}}"#.utf8)) }
    }

    @Test func datesTimesAndCountdowns() throws {
        let day = try #require(Day(year: 2025, month: 3, day: 4))
        #expect(try Tables.load(.fi).date(day) == "4.3.2025")
        #expect(try Tables.load(.en).date(day) == "4/3/2025")
        let morning = Date(timeIntervalSince1970: 1_741_072_000) // 2025-03-04 07:06:40 UTC
        #expect(try Tables.load(.fi).time(morning, in: helsinki) == "9.06")
        #expect(try Tables.load(.en).time(morning, in: .gmt) == "7:06")
        #expect(Strings.countdown(59.2) == "1:00")
        #expect(Strings.countdown(0.3) == "0:01")
        #expect(Strings.countdown(0) == "0:00")
        #expect(Strings.countdown(-5) == "0:00")
        #expect(Strings.countdown(.infinity) == "0:00")
        #expect(Strings.countdown(15 * 60) == "15:00")
        #expect(Strings.countdown(3600) == "1:00:00")
    }

    @Test func undoneChangesAreDescribed() throws {
        let english = try Tables.load(.en)
        let finnish = try Tables.load(.fi)
        let change = RosterChange(.deleteGroup, "Squirrels")
        #expect(english["status.undone", arguments: ["change": english.changeDescription(change)]]
            == "Undone: delete group Squirrels")
        #expect(finnish["status.undone", arguments: ["change": finnish.changeDescription(RosterChange(.deleteGroup, "Oravat"))]]
            == "Kumottu: ryhmän poisto (Oravat)")
        let kinds: [RosterChange.Kind] = [
            .addGroup, .renameGroup, .setGroupAvatar, .deleteGroup, .addChild, .renameChild, .setChildAvatar,
            .moveChild, .deleteChild, .addTask, .renameTask, .setTaskPoints, .setTaskIcon, .deleteTask, .editBoard,
        ]
        for strings in [english, finnish] {
            for kind in kinds {
                let text = strings.changeDescription(RosterChange(kind, "Aino"))
                #expect(text.contains("Aino") && !text.hasPrefix("change."), "\(strings.language) \(kind)")
            }
        }
    }

    @Test func screenHelpersUseTheTable() throws {
        let finnish = try Tables.load(.fi)
        #expect(finnish.actionName(.undo) == "kumoa")
        #expect(finnish.actionHelp(.undo) == "Kumoa viimeisin muutos")
        #expect(Period.allCases.map(finnish.periodName) == ["Tänään", "Tämä viikko", "Tämä kuukausi", "Koko aika"])
        #expect(finnish.scopeName(.allGroups) { _ in "?" } == "Kaikki ryhmät")
        #expect(finnish.scopeName(.group(GroupID(1))) { _ in "Oravat" } == "Oravat")
    }
}

/// Issue 41: a child added to a group is told to start with the group's shared tasks.
@Suite struct ChildAddedWordsTests {
    @Test(arguments: ["en", "fi"])
    func theStatusLineSaysTheBoardStartsWithTheSharedTasks(_ language: String) throws {
        let f = try KioskFixture(language: language)
        let squirrels = try #require(f.daycare.roster.groups.first).id
        let change = try f.daycare.perform(.addChild(name: "Mio", avatar: "🐝", group: squirrels))
        // Get dressed is on both Aino's and Eero's boards.
        #expect(f.daycare.roster.children.last?.board == [f.tasks[0]])
        #expect(f.strings.savedText(change) == (language == "en" ? "Mio added to Squirrels: the group's 1 shared task on their board."
                                                                 : "Squirrels: Mio lisätty. Taululla on ryhmän 1 yhteinen tehtävä."))
        // A group with nobody yet: nothing shared, the plain words.
        let bears = f.daycare.roster.groups[1].id
        let first = try f.daycare.perform(.addChild(name: "Leo", avatar: "🦁", group: bears))
        #expect(f.strings.savedText(first) == (language == "en" ? "Leo added to Bears." : "Bears: Leo lisätty ryhmään."))
        // Undo takes the child and the tasks back at once.
        _ = try f.daycare.undo()
        _ = try f.daycare.undo()
        #expect(!f.daycare.roster.children.contains { $0.name == "Mio" })
    }
}
