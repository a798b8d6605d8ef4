import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A new daycare, from an empty data directory to its first tick: the PIN,
/// the open days, a group of five, three tasks with icons on every board.
@Suite struct FirstStartSetUpTests {
    private func newDaycare(language: String = "en") throws -> (KioskRuntime, Daycare) {
        let store = InMemoryStore()
        store.settings = Settings(timeZoneIdentifier: "Europe/Helsinki")
        let clock = FixedClock(Date(timeIntervalSince1970: 1_795_334_400))
        let daycare = try Daycare(store: store, clock: clock, pinHasher: PinHasher(iterations: 1_000))
        let repository = KioskFixture.repository.appendingPathComponent("assets")
        let strings = try Strings(data: Data(contentsOf: repository.appendingPathComponent("strings/\(language).json")))
        let avatars = try AvatarCatalogue(json: Data(contentsOf: repository.appendingPathComponent("avatars.json"))).avatars
        let icons = try IconCatalogue(json: Data(contentsOf: repository.appendingPathComponent("icons.json"))).icons
        let screen = KioskScreen(strings: strings, theme: Theme(color: false, unicode: true), avatars: avatars, icons: icons)
        return (KioskRuntime(daycare: daycare, screen: screen, size: Size(width: 80, height: 24)), daycare)
    }

    /// Tasks named as people name them, each getting its icon with one Enter.
    @Test(arguments: [("en", ["Wash hands", "Eat lunch", "Brush teeth"], ["🧼", "🍲", "🪥"]),
                      ("fi", ["Käsienpesu", "Lounas", "Hammaspesu"], ["🧼", "🍲", "🪥"])])
    func aNewDaycareToItsFirstTickInAtMost90Keys(language: String, taskNames: [String], taskIcons: [String]) throws {
        let (runtime, daycare) = try newDaycare(language: language)
        var keys = 0
        func press(_ typed: [Key]) {
            for key in typed {
                runtime.handle(.key(key))
                keys += 1
            }
        }
        func type(_ text: String) { press(text.map { .character($0) } + [.enter]) }
        type("4829")
        type("4829")
        #expect(runtime.state.side == .admin(.mark), "whoever set the PIN is the grown-up")
        #expect(lines(runtime).joined().contains(runtime.screen.strings["firstStart.openDays.title"]))
        press([.enter])                                            // Monday to Friday
        #expect(daycare.settings.closedWeekdays == [6, 7])
        #expect(runtime.state.side == .admin(.groups) && runtime.state.form?.purpose == .newGroup(avatar: runtime.state.form.map {
            if case .newGroup(let avatar) = $0.purpose { avatar } else { "" } } ?? ""))
        type("Oravat")                                             // the first group, opened, asking for its first child
        #expect(runtime.state.groups.open == daycare.roster.groups.first?.id)
        for name in ["Aino", "Eero", "Leo", "Onni", "Ella"] { type(name) }   // one after another
        press([.escape])
        #expect(daycare.roster.children.map(\.name) == ["Aino", "Eero", "Leo", "Onni", "Ella"])
        #expect(Set(daycare.roster.children.map(\.avatar)).count == 5, "each their own picture")
        press([.tab])                                              // the task library
        #expect(runtime.state.side == .admin(.library))
        for name in taskNames {
            press([.character("+")])
            type(name)
            #expect(runtime.state.picker?.purpose == .taskIcon(daycare.roster.tasks.last!.id), "a new task asks for its icon")
            press([.enter])                                        // the best match
            #expect(runtime.state.picker?.purpose == .taskToBoards(daycare.roster.tasks.last!.id), "and for its boards")
            press([.enter])                                        // all groups
        }
        let tasks = daycare.roster.tasks
        #expect(tasks.map(\.icon) == taskIcons, "the best match of each name")
        #expect(daycare.roster.children.allSatisfy { $0.board == tasks.map(\.id) })
        press([.tab, .tab])                                        // Settings, Mark
        #expect(runtime.state.side == .admin(.mark))
        press([.character(" ")])
        #expect(try daycare.isDone(child: daycare.roster.children[0].id, task: tasks[0].id))
        #expect(keys <= 90, "\(keys) keys")
    }

    @Test func everyDayOpenStillAsksForTheFirstGroup() throws {
        let (runtime, daycare) = try newDaycare()
        for key: Key in "4829".map({ .character($0) }) + [.enter] + "4829".map({ .character($0) }) + [.enter, .escape] {
            runtime.handle(.key(key))
        }
        #expect(daycare.settings.closedWeekdays.isEmpty)
        #expect(runtime.state.side == .admin(.groups))
        if case .newGroup? = runtime.state.form?.purpose {} else { Issue.record("no form for the first group: \(String(describing: runtime.state.form))") }
    }

    @Test func theGroupListLeavesOutTasksOnEveryBoard() throws {
        let f = try KioskFixture()
        let squirrels = f.daycare.roster.groups[0].id
        try f.daycare.perform(.addToEveryBoard(f.tasks[0], group: squirrels))
        let context = KioskContext(roster: f.daycare.roster, settings: Settings(), now: f.clock.now())
        let names = context.choices(.addToGroupBoards(squirrels)).map(\.item.label)
        #expect(names == ["Brush teeth", "Tidy the toys"], "Get dressed is on both boards already")
    }

    @Test func iconsWhoseWordsMatchComeFirstAndNoIconLast() throws {
        let f = try KioskFixture()
        let icons = try IconCatalogue(json: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/icons.json"))).icons
        func choices(_ name: String) throws -> [String] {
            let id = try f.daycare.roster.tasks.first { $0.name == name }?.id ?? { try f.daycare.perform(.addTask(name: name, icon: nil, points: 1))
                return f.daycare.roster.tasks.last!.id }()
            return PickerChoices(.taskIcon(id), roster: f.daycare.roster, avatars: [], icons: icons, language: "en", noIcon: "-").choices.map(\.item.symbol)
        }
        let washing = try choices("Wash hands")
        #expect(washing.first == "🧼" && washing.last == " " && washing.count == icons.count + 1, "\(washing)")
        let nothing = try choices("Tuesday")
        #expect(nothing.first == " " && nothing.dropFirst() == icons.map(\.symbol)[...], "no icon first when none matches")
    }
}
