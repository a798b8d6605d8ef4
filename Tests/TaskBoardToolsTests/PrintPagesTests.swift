import Foundation
import Testing
import TaskBoard
import TaskBoardUI
@testable import TaskBoardTools

@Suite("Printed pages: the kiosk's screens without its chrome, as tall as their content")
struct PrintPagesTests {
    let fixture: PrintFixture
    init() throws { fixture = try PrintFixture() }

    @Test func theLeaderboardNamesItsPeriodAndSharesRanks() throws {
        let page = try fixture.printout().leaderboard(.allGroups, .today)
        #expect(PrintFixture.lines(page) == [
            "  Leaderboard · Today · All groups        Sunday 22/11/2026",
            "",
            " 🥇  1. 🦊 Aino        ██████████████████████████████████ 3",
            " 🥇  1. 🐧 Lumi        ██████████████████████████████████ 3",
            " 🥉  3. 🐢 Eero Äijälä ███████████                        1",
            "     4. 🦁 Ville                                          0",
        ])
    }

    @Test func aGroupsLeaderboardOverAWeekShowsItsDays() throws {
        let page = try fixture.printout(width: 64, language: .fi).leaderboard(.group(fixture.bears), .week)
        #expect(PrintFixture.lines(page) == [
            "  Pistetaulukko · Tämä viikko · Bears            16.–22.11.2026",
            "",
            " 🥇  1. 🐧 Lumi  ████████████████████████████████████████████ 3",
            "     2. 🦁 Ville                                              0",
        ])
    }

    @Test func aBoardIsTheTasksTabUnderItsGroupAndDay() throws {
        let printout = try fixture.printout()
        #expect(PrintFixture.lines(printout.board(of: fixture.aino)) == [
            "  🦔 Squirrels                            Sunday 22/11/2026",
            "",
            "  🦊 Aino   ●●○  2 / 3 done today",
            "",
            "    ✔   👕 Get dressed",
            "    ✔   🪥 Brush teeth",
            "    ○   Tidy the toys",
            "",
            "  Last 7 days: M ○  T ○  W ○  T ○  F ○  S ○  S ◐",
        ])
        #expect(PrintFixture.lines(printout.board(of: fixture.eero)) == [
            "  🦔 Squirrels                            Sunday 22/11/2026",
            "",
            "  🐢 Eero Äijälä   ●  1 / 1 done today",
            "",
            "    ✔   👕 Get dressed",
            "  All done today! Well done!",
            "  Last 7 days: M ○  T ○  W ○  T ○  F ○  S ○  S ✔",
        ])
    }

    @Test func theDaySheetHasBoxesForThePenAndTicksAlreadyDone() throws {
        let page = try fixture.printout().daySheet(of: fixture.squirrels)
        #expect(PrintFixture.lines(page) == [
            "  🦔 Squirrels                            Sunday 22/11/2026",
            "",
            "                   1    2    3",
            "  🦊 Aino         [x]  [x]  [ ]",
            "  🐢 Eero Äijälä  [x]",
            "",
            "  1 👕 Get dressed +1",
            "  2 🪥 Brush teeth +2",
            "  3 Tidy the toys +3",
        ])
    }

    @Test func inAnASCIILocaleThePagesUseTheStandIns() throws {
        let printout = try fixture.printout(width: 80, unicode: false)
        let lines = PrintFixture.lines(printout.leaderboard(.allGroups, .today)) + PrintFixture.lines(printout.board(of: fixture.aino))
            + PrintFixture.lines(printout.daySheet(of: fixture.squirrels))
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } || $0.contains("Äijälä") })
        #expect(lines.contains(" 1st  1. Fx Aino        ##################################################### 3"))
        #expect(lines.contains("    [x] Get dressed"))
        #expect(lines.contains("  Last 7 days: M o  T o  W o  T o  F o  S o  S +"))
        #expect(lines.contains("  Hh Squirrels                                                Sunday 22/11/2026"))
    }

    /// Issue 26: on a narrow page the title keeps the period and the group:
    /// the date goes below it, and the title's parts wrap at their separators.
    @Test func aNarrowPageKeepsEveryPartOfItsTitle() throws {
        let narrow = try fixture.printout(width: 40)
        #expect(Array(PrintFixture.lines(narrow.leaderboard(.allGroups, .today)).prefix(3)) == [
            "  Leaderboard · Today · All groups",
            "                      Sunday 22/11/2026",
            "",
        ])
        #expect(Array(PrintFixture.lines(try fixture.printout(width: 40, language: .fi).leaderboard(.group(fixture.bears), .week)).prefix(3)) == [
            "  Pistetaulukko · Tämä viikko · Bears",
            "                         16.–22.11.2026",
            "",
        ])
        // Too long for one row: the parts wrap, and the date fits beside the last.
        let november = try #require(Day("2026-11-01"))
        #expect(Array(PrintFixture.lines(try narrow.month(of: fixture.eero, month: november)).prefix(3)) == [
            "  🦔 Squirrels · 🐢 Eero Äijälä",
            "  November 2026       Sunday 22/11/2026",
            "",
        ])
        // Where they fit, one row as before.
        #expect(PrintFixture.lines(narrow.board(of: fixture.aino)).first == "  🦔 Squirrels        Sunday 22/11/2026")
        // Every page at every width from 40: no part of a title is cut, no line is too wide.
        let strings = try fixture.assets.strings(.en)
        for width in [40, 41, 47, 52, 60, 64, 80] {
            let printout = try fixture.printout(width: width)
            for period in Period.allCases {
                for (scope, name) in [(LeaderboardScope.allGroups, "All groups"), (.group(fixture.squirrels), "Squirrels")] {
                    let lines = PrintFixture.lines(printout.leaderboard(scope, period))
                    let heading = lines.prefix { !$0.isEmpty }.joined(separator: "\n")
                    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
                    #expect(heading.contains(strings.periodName(period)), "\(width) \(period)")
                    #expect(heading.contains(name), "\(width) \(period)")
                    #expect(!heading.contains("…"))
                }
            }
            let month = PrintFixture.lines(try printout.month(of: fixture.eero, month: november))
            #expect(month.prefix { !$0.isEmpty }.joined(separator: " ").contains("Eero Äijälä"))
            #expect(month.prefix { !$0.isEmpty }.joined(separator: " ").contains("November 2026"))
            #expect(month.allSatisfy { DisplayWidth.of($0) <= width })
        }
    }

    @Test func pagesAreAsTallAsTheirContent() throws {
        var ids: [ChildID] = []
        let tasks = try fixture.daycare.edit(RosterChange(.addChild, "many")) { (roster: inout Roster) throws(TaskBoardError) in
            var tasks: [TaskID] = []
            for number in 1...20 { tasks.append(try roster.addTask(name: "Task \(number)")) }
            for number in 1...40 {
                let child = try roster.addChild(name: "Child \(number)", avatar: "🐱", group: fixture.bears)
                ids.append(child)
                for task in tasks { try roster.addToBoard(task, child: child) }
            }
            return tasks
        }
        let printout = try fixture.printout(width: 80)
        let leaderboard = printout.leaderboard(.allGroups, .allTime)
        #expect(leaderboard.size.height == 2 + 44)
        // A line each on paper, every child on it (the kiosk's tiles are for a finger).
        let printed = PrintFixture.lines(leaderboard)
        for number in 1...40 { #expect(printed.contains { $0.contains("Child \(number) ") }, "Child \(number)") }
        // Heading, blank, child, blank, the tasks, the streak and the week.
        #expect(printout.board(of: ids[0]).size.height == 2 + 2 + tasks.count + 2)
        #expect(PrintFixture.lines(printout.board(of: ids[0])).last?.hasPrefix("  Last 7 days:") == true)
    }

    @Test func aSheetTooWideForThePageGoesOnInBlocksAndCutsNothing() throws {
        let group = try fixture.daycare.edit(RosterChange(.addGroup, "wide")) { (roster: inout Roster) throws(TaskBoardError) in
            let group = try roster.addGroup(name: "Owls", avatar: "🦉")
            let child = try roster.addChild(name: "Onni", avatar: "🐼", group: group)
            for number in 1...12 {
                let task = try roster.addTask(name: "Task \(number)")
                try roster.addToBoard(task, child: child)
            }
            return group
        }
        let lines = PrintFixture.lines(try fixture.printout(width: 40).daySheet(of: group))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        let headers = lines.filter { $0.hasPrefix("        ") && !$0.contains("[") }
        #expect(headers.count == 2)
        #expect(headers.flatMap { $0.split(separator: " ").compactMap { Int($0) } } == Array(1...12))
        #expect(lines.filter { $0.hasPrefix("  🐼 Onni") }.map { $0.components(separatedBy: "[ ]").count - 1 }.reduce(0, +) == 12)
        #expect(lines.suffix(3) == ["  10 Task 10 +1", "  11 Task 11 +1", "  12 Task 12 +1"])
    }

    @Test func anEmptyGroupSaysSo() throws {
        let group = try fixture.daycare.edit(RosterChange(.addGroup, "empty")) { (roster: inout Roster) throws(TaskBoardError) in
            try roster.addGroup(name: "Owls", avatar: "🦉")
        }
        let printout = try fixture.printout()
        #expect(PrintFixture.lines(printout.daySheet(of: group)).last == "  No children in this group yet.")
        #expect(PrintFixture.lines(printout.leaderboard(.group(group), .today)).last == "  No children yet.")
    }

    /// Issue 27: the day for the wall. Two tasks at one time each show it; a
    /// task without a picture keeps the names' column; a name too wide for a
    /// row goes on at its spaces; nothing is wider than the page.
    @Test func aDayPageKeepsItsColumnsAndItsWidth() throws {
        _ = try fixture.daycare.edit(RosterChange(.setTaskTime, "times")) { (roster: inout Roster) throws(TaskBoardError) in
            let tasks = roster.tasks.map(\.id)
            try roster.setTaskTime(tasks[0], to: TimeOfDay(hour: 8, minute: 30))
            try roster.setTaskTime(tasks[1], to: TimeOfDay(hour: 8, minute: 30))
            try roster.setTaskTime(tasks[2], to: TimeOfDay(hour: 14))
            try roster.renameChild(fixture.aino, to: "Aino-Marjatta Kristiina Öhman")
        }
        let monday = try #require(Day("2026-11-23"))
        let lines = PrintFixture.lines(try fixture.printout(width: 40).day(of: fixture.squirrels, on: monday))
        #expect(lines == [
            "  🦔 Squirrels        Monday 23/11/2026",
            "",
            "   8:30  👕 Get dressed",
            "",
            "   8:30  🪥 Brush teeth",
            "            (Aino-Marjatta Kristiina",
            "            Öhman)",
            "",
            "  14:00     Tidy the toys",
            "            (Aino-Marjatta Kristiina",
            "            Öhman)",
            // The day ends at the closing time, as the Today tab's does.
            "",
            "  17:00  🏠 Home time",
        ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 39 })
        let layout = DayPageLayout(width: 40, timeWidth: 5, iconWidth: 2)
        #expect(layout.rows(task: "Read a book", children: ["Aino", "Eero"]).map { $0.map(\.text) } == [["Read a book", "(Aino, Eero)"]])
        #expect(layout.rows(task: "Read a book", children: ["Aino-Marjatta Kristiina Öhman", "Eero", "Väinö"]).map { $0.map(\.text) }
            == [["Read a book"], ["(Aino-Marjatta Kristiina"], ["Öhman, Eero, Väinö)"]])
    }

    @Test func anEmptyGroupsDaySaysSo() throws {
        let group = try fixture.daycare.edit(RosterChange(.addGroup, "empty")) { (roster: inout Roster) throws(TaskBoardError) in
            try roster.addGroup(name: "Owls", avatar: "🦉")
        }
        let page = try fixture.printout().day(of: group, on: try #require(Day("2026-11-23")))
        #expect(PrintFixture.lines(page).last == "  No children in this group yet.")
    }

    @Test func inColourEveryLineIsResetAndTheTextIsTheSame() throws {
        let page = try fixture.printout(color: true).board(of: fixture.aino)
        let coloured = ANSIText.lines(of: page, color: true)
        #expect(coloured.allSatisfy { $0.hasPrefix("\u{1B}[0;97;44m") && $0.hasSuffix("\u{1B}[0m") })
        let stripped = coloured.map { $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
        #expect(stripped.map { String($0.reversed().drop { $0 == " " }.reversed()) } == PrintFixture.lines(page))
    }

    @Test func pagesAreJoinedByABlankLine() throws {
        let printout = try fixture.printout()
        let text = Printout.text([printout.board(of: fixture.aino), printout.board(of: fixture.eero)], color: false)
        #expect(text.components(separatedBy: "\n\n  🦔 Squirrels").count == 2)
        #expect(text.hasSuffix("S ✔\n"))
    }
}
