import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardUI
@testable import TaskBoardTools

/// Issue 26: the demo daycare in the language asked for: its task library
/// and groups in that language's words, kept in its settings.
@Suite struct DemoLanguageTests {
    static let englishTasks = ["Get dressed", "Brush teeth", "Tidy the toys", "Wash hands", "Eat lunch", "Help a friend", "Go outside",
                               "Read a book"]

    private func demo(_ language: Language, in root: URL) throws -> (Daycare, pin: String) {
        let data = root.appendingPathComponent(language.rawValue)
        let pin = try DemoDaycare.write(into: data, today: DataFixture.today, language: language)
        return (try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(DataFixture.now)), pin)
    }

    @Test func theFinnishDemoHasFinnishTasksAndGroups() throws {
        try DataFixture.withFolder { root in
            let (finnish, _) = try demo(.fi, in: root)
            let tasks = finnish.roster.tasks.map(\.name)
            #expect(tasks == ["Pue vaatteet", "Pese hampaat", "Siivoa lelut", "Pese kädet", "Syö lounas", "Auta kaveria", "Ulkoile", "Lue kirja"])
            #expect(Set(tasks).isDisjoint(with: Self.englishTasks))
            #expect(finnish.roster.groups.map(\.name) == ["Oravat", "Karhut", "Siilit"])
            #expect(finnish.settings.language == "fi")
        }
    }

    @Test func theEnglishDemoHasEnglishTasksAndGroups() throws {
        try DataFixture.withFolder { root in
            let (english, _) = try demo(.en, in: root)
            #expect(english.roster.tasks.map(\.name) == Self.englishTasks)
            #expect(english.roster.groups.map(\.name) == ["Squirrels", "Bears", "Hedgehogs"])
            #expect(english.settings.language == "en")
        }
    }

    /// Each demo task's icon is the one its words find, as a daycare naming
    /// the same task would get.
    @Test(arguments: [Language.en, .fi]) func theDemoIconsAreWhatTheirWordsFind(language: Language) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/icons.json")
        let finder = IconFinder(try IconCatalogue(json: Data(contentsOf: file)).icons)
        let found = DemoDaycare.Words.of(language).tasks.map { finder.best(for: $0)?.symbol }
        #expect(found == DemoDaycare.library.map(\.icon))
    }

    /// Only the words differ: the same children, boards, points, history and PIN.
    @Test func bothLanguagesAreTheSameDaycare() throws {
        try DataFixture.withFolder { root in
            let (finnish, finnishPin) = try demo(.fi, in: root)
            let (english, englishPin) = try demo(.en, in: root)
            #expect(finnishPin == englishPin)
            #expect(finnish.roster.children.map(\.name) == english.roster.children.map(\.name))
            #expect(finnish.roster.children.map(\.board) == english.roster.children.map(\.board))
            #expect(finnish.roster.tasks.map(\.points) == english.roster.tasks.map(\.points))
            #expect(finnish.roster.tasks.map(\.icon) == english.roster.tasks.map(\.icon))
            for scope in [LeaderboardScope.allGroups] {
                #expect(finnish.leaderboard(scope, .allTime).map(\.points) == english.leaderboard(scope, .allTime).map(\.points))
            }
        }
    }
}
