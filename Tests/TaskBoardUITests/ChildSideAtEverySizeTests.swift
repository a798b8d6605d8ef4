import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The child side's screens at the four sizes a kiosk is drawn at (40×12
/// the smallest there is, 50×16, 80×24, 120×40), in English and in
/// Finnish, on the fixture's fixed Sunday 22 November 2026: a child's board
/// with either kind of mark, the days before a child's first, each
/// leaderboard style, and a group's goal reached.
@Suite struct ChildSideAtEverySizeTests {
    /// One of the four sizes in one of the two languages.

    // MARK: A child's board

    /// Aino (three tasks, two done): the marks beside "2 / 3 done today" fit
    /// at every size, in Finnish pictures exactly (38 of 38 columns at 40);
    /// each task row starts with its mark, done rows bold.
    @Test(arguments: Screenful.all, [false, true])
    func aChildsBoard(_ at: Screenful, pictures: Bool) throws {
        let f = try KioskFixture(language: at.language)
        try f.daycare.toggle(child: f.aino, task: f.tasks[0])
        try f.daycare.toggle(child: f.aino, task: f.tasks[1])
        var state = f.state(at.width, at.height)
        f.press(&state, [.enter, .enter])
        let screen = f.screen(pictures: pictures)
        let buffer = screen.render(state, over: f.daycare)
        let text = lines(buffer)
        let (done, notDone, progress) = pictures ? ("✅", "⬜", "🟩🟩⬜") : ("✔", "○", "●●○")
        let words = at.english ? "2 / 3 done today" : "2 / 3 tehty tänään"
        #expect(screen.theme.progressMarks(done: 2, total: 3) == progress)
        // After the back button; the words where they fit, else the count alone.
        let back = backButton(at.width, english: at.english)
        let fits = DisplayWidth.of(back + "🦊 Aino   \(progress)  \(words)") <= at.width - 2
        let shownWords = fits ? words : "2 / 3"
        #expect(text[2] == "\(back)🦊 Aino   \(progress)  \(shownWords)")
        // The label four columns after the mark's column, whatever the mark's width.
        let gap = pictures ? "  " : "   "
        #expect(Array(text[3...6]) == [
            "",
            "    \(done)\(gap)👕 Get dressed",
            "    \(done)\(gap)🪥 Brush teeth",
            "    \(notDone)\(gap)Tidy the toys",
        ])
        // Without colour: the name plain, the progress marks and the words
        // bold; the marks bold, done rows bold, the row not done plain.
        let markWidth = pictures ? 2 : 1, progressWidth = pictures ? 6 : 3
        let style = buffer.styleLines.map { String($0.reversed().drop { $0 == "." }.reversed()) }
        let buttonWidth = DisplayWidth.of(back) - 2
        #expect(style[2] == "." + String(repeating: "R", count: buttonWidth) + String(repeating: ".", count: 11)
            + String(repeating: "B", count: progressWidth) + ".." + String(repeating: "B", count: DisplayWidth.of(shownWords)))
        let doneRow = "...." + String(repeating: "B", count: markWidth) + String(repeating: ".", count: 4 - markWidth)
        #expect(Array(style[4...6]) == [
            doneRow + String(repeating: "B", count: DisplayWidth.of("👕 Get dressed")),
            doneRow + String(repeating: "B", count: DisplayWidth.of("🪥 Brush teeth")),
            "...." + String(repeating: "B", count: markWidth),
        ])
    }

    /// Eero Äijälä's longer name, three tasks, two done: pictures first, so
    /// the marks stay at every size; the words give way to the count alone
    /// ("2 / 3") below exactly 2 + name + 3 + marks + 2 + words + 2 columns,
    /// and are never cut.
    @Test(arguments: [("en", false, 42), ("fi", false, 44), ("en", true, 45), ("fi", true, 47)])
    func theProgressMarksGiveWayBeforeTheWords(language: String, pictures: Bool, narrowest: Int) throws {
        let f = try KioskFixture(language: language)
        try f.daycare.perform(.addToBoard(f.tasks[1], child: f.eero))
        try f.daycare.perform(.addToBoard(f.tasks[2], child: f.eero))
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        try f.daycare.toggle(child: f.eero, task: f.tasks[2])
        let progress = pictures ? "🟩🟩⬜" : "●●○"
        let words = language == "en" ? "2 / 3 done today" : "2 / 3 tehty tänään"
        let sizes = Screenful.all.map { ($0.width, $0.height) } + (41...49).map { ($0, 12) }
        for (width, height) in sizes {
            // Eero is the group's second child.
            var board = f.state(width, height)
            f.press(&board, [.enter, .down, .enter])
            let row = lines(f.screen(pictures: pictures).render(board, over: f.daycare))[2]
            // The back button takes its room first.
            let back = backButton(width, english: language == "en")
            let fits = width >= narrowest + DisplayWidth.of(back) - 2
            #expect(row == "\(back)🐢 Eero Äijälä   \(progress)  \(fits ? words : "2 / 3")", "at \(width)×\(height)")
        }
    }

    // MARK: Days before a child's first

    /// The week of Monday 16 November as it went for Aino, who started on
    /// Wednesday the 18th: Monday (closed) and Tuesday (away) were before
    /// her first day; then her whole board, one task, away (after a tick
    /// before she went home), closed, and nothing yet today.
    private static let week: [DayMark] = [.beforeFirstDay, .beforeFirstDay, .all, .part, .away, .closed, .none]

    private func startedOnWednesday(_ language: String) throws -> KioskFixture {
        let f = try KioskFixture(language: language)
        let day = { (text: String) in Day(text)! }
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", closedDays: [day("2026-11-16"), day("2026-11-21")]))
        // As if she had been added that Wednesday.
        try f.daycare.edit(RosterChange(.addChild, "Aino")) { (roster: inout Roster) throws(TaskBoardError) in
            for index in roster.children.indices where roster.children[index].id == f.aino {
                roster.children[index].firstDay = day("2026-11-18")
            }
        }
        try f.daycare.setAway(child: f.aino, away: true, on: day("2026-11-17"))
        for task in f.tasks { try f.daycare.setMark(child: f.aino, task: task, done: true, on: day("2026-11-18")) }
        try f.daycare.setMark(child: f.aino, task: f.tasks[0], done: true, on: day("2026-11-19"))
        try f.daycare.setMark(child: f.aino, task: f.tasks[1], done: true, on: day("2026-11-20"))
        try f.daycare.setAway(child: f.aino, away: true, on: day("2026-11-20"))
        return f
    }

    /// Where the seven weekday letters of a header row start.
    private func dayColumns(_ buffer: ScreenBuffer, row: Int) -> [Int] {
        (0..<buffer.size.width).filter { x in
            buffer[x, row].text.first?.isLetter == true && (x == 0 || buffer[x - 1, row].text == " ")
        }
    }

    /// The one symbol of each day and its style, on the strip, the month and the group week alike.
    @Test(arguments: Screenful.all)
    func daysBeforeTheFirstAreBlankAndEachSymbolMeansTheSameEverywhere(_ at: Screenful) throws {
        let f = try startedOnWednesday(at.language)
        let screen = f.screen(color: true)
        let looks = Self.week.map(screen.theme.look)
        let symbols = looks.map(\.symbol)
        #expect(symbols == ["", "", "✔", "◐", "·", "–", "○"])
        // Finnish writes short weekdays with two letters (shared/FINNISH.md).
        let letters = at.english ? ["M", "T", "W", "T", "F", "S", "S"] : ["ma", "ti", "ke", "to", "pe", "la", "su"]

        // The board's strip, on its last row: a letter and a symbol a day.
        var state = f.state(at.width, at.height)
        f.press(&state, [.enter, .enter])
        var buffer = screen.render(state, over: f.daycare)
        let strip = at.height - 3
        let label = at.width >= (at.english ? 50 : 80) ? (at.english ? "Last 7 days: " : "Viimeiset 7 päivää: ") : ""
        // At 40 columns the Finnish days stand one space apart, to fit all seven.
        let gap = !at.english && at.width < 50 ? " " : "  "
        #expect(lines(buffer)[strip] == "  " + label + zip(letters, symbols).map { "\($0) \($1)" }.joined(separator: gap))
        for look in looks where !look.symbol.isEmpty {
            let cell = try #require((0..<at.width).map { buffer[$0, strip] }.first { $0.text == look.symbol })
            #expect(cell.style == look.style, "\(look.symbol) on the strip")
        }

        // The month (v on the board): the 1st to the 17th blank, then as the strip; the days to come blank.
        f.press(&state, [.character("v")])
        buffer = screen.render(state, over: f.daycare)
        let month = lines(buffer)
        let header = try #require(month.firstIndex { $0 == "   " + letters.joined(separator: at.english ? "    " : "   ") }, "\(month)")
        #expect(month[header + 4] == "  16   17   18 \(symbols[2]) 19 \(symbols[3]) 20 \(symbols[4]) 21 \(symbols[5]) 22 \(symbols[6])")
        for row in [1, 2, 3, 5, 6].map({ header + $0 }) {
            #expect(month[row].allSatisfy { $0 == " " || $0.isNumber }, "\(month[row])")
        }
        let monthColumns = dayColumns(buffer, row: header)
        try #require(monthColumns.count == 7)
        for (x, look) in zip(monthColumns, looks) {
            // The symbol two columns right of the letter, after the date.
            let cell = buffer[x + 2, header + 4]
            #expect(cell.text == (look.symbol.isEmpty ? " " : look.symbol))
            if !look.symbol.isEmpty { #expect(cell.style == look.style, "\(look.symbol) on the month") }
        }

        // The group week (admin, Groups, Squirrels, v): Aino's row, blank
        // where she had not started, not even a count.
        let runtime = try f.runtime(at.width, at.height, admin: true, screen: screen)
        for key: Key in [.tab, .tab, .enter, .control("v")] { runtime.handle(.key(key)) }
        buffer = runtime.render()
        let week = lines(buffer)
        #expect(week[2].hasPrefix(backButton(at.width, english: at.english) + (at.width < 50 ? "🦔 Squirr" : "🦔 Squirrels")), "\(week[2])")
        // The week's dates whole at every size, the name giving way first.
        #expect(week[2].hasSuffix(at.english ? "◂ 16–22/11/2026" : "◂ 16.–22.11.2026"), "\(week[2])")
        let weekColumns = dayColumns(buffer, row: 4)
        try #require(weekColumns.count == 7, "\(week[4])")
        let aino = try #require(week.firstIndex { $0.contains("🦊 Aino") })
        let compact = at.width < 80
        let counts = ["", "", compact ? "3" : " 3/3", compact ? "1" : " 1/3", "", "", compact ? "0" : " 0/3"]
        for (index, (x, look)) in zip(weekColumns, looks).enumerated() {
            let end = index < 6 ? weekColumns[index + 1] : at.width
            let cell = (x..<end).map { buffer[$0, aino].text }.joined().trimmingCharacters(in: .whitespaces)
            #expect(cell == look.symbol + counts[index], "\(letters[index]) in \(week[aino])")
            if !look.symbol.isEmpty { #expect(buffer[x, aino].style == look.style, "\(look.symbol) on the group week") }
        }
    }

    // MARK: The leaderboard

    /// Aino 3 points, Eero 1, both of the Squirrels; the Bears have nobody.
    @Test(arguments: Screenful.all, LeaderboardStyle.allCases)
    func eachLeaderboardStyleFits(_ at: Screenful, style: LeaderboardStyle) throws {
        let f = try KioskFixture(language: at.language)
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", leaderboardStyle: style))
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        var state = f.state(at.width, at.height)
        f.press(&state, [.tab])
        let screen = lines(f.screen().render(state, over: f.daycare))
        let (today, allGroups) = at.english ? ("Today", "All groups") : ("Tänään", "Kaikki ryhmät")
        #expect(screen[2].contains(" \(today) ") && screen[2].hasSuffix("  \(allGroups)"), "\(screen[2])")
        // A line each at 40×12; above it tiles a finger hits, two rows high
        // with a row between them (and one above), the bar on both rows.
        let tiles = at.height >= 16
        let rows = style == .groupGoal || !tiles ? Array(screen[3...4]) : [screen[4], screen[7]]
        #expect(!rows.joined().contains("…"), "\(rows)")
        let bar = { (row: String) in row.filter { $0 == "█" }.count }
        if tiles && style != .groupGoal {
            #expect(screen[3].isEmpty && screen[6].isEmpty, "\(screen[3...8])")
            let barsOnly = [screen[5], screen[8]].map { $0.trimmingCharacters(in: .whitespaces) }
            let ranked = style != .stars
            #expect(barsOnly == (ranked ? rows.map { String(repeating: "█", count: bar($0)) } : ["", ""]), "\(screen[3...8])")
        }
        switch style {
        case .ranking:
            #expect(rows[0].hasPrefix(" 🥇  1. 🦊 Aino ") && rows[0].hasSuffix("█ 3"), "\(rows[0])")
            #expect(rows[1].hasPrefix(" 🥈  2. 🐢 Eero Äijälä █") && rows[1].hasSuffix(" 1"), "\(rows[1])")
            // The most points fill the bar to the number, one column in from the edge.
            #expect(rows.allSatisfy { DisplayWidth.of($0) == at.width - 1 })
            #expect(bar(rows[1]) == bar(rows[0]) / 3 && bar(rows[0]) >= 10)
        case .share:
            // Eero did his whole board, Aino half of hers: a full bar is 100 %
            // (in Finnish with a space before the sign).
            let (full, half) = at.english ? ("█ 100%", " 50%") : ("█ 100 %", " 50 %")
            #expect(rows[0].hasPrefix(" 🥇  1. 🐢 Eero Äijälä ") && rows[0].hasSuffix(full), "\(rows[0])")
            #expect(rows[1].hasPrefix(" 🥈  2. 🦊 Aino        █") && rows[1].hasSuffix(half), "\(rows[1])")
            #expect(rows.allSatisfy { DisplayWidth.of($0) == at.width - 1 })
            #expect(bar(rows[1]) == bar(rows[0]) / 2 && bar(rows[0]) >= 10)
        case .stars:
            #expect(rows == ["  🦊 Aino         ⭐⭐⭐", "  🐢 Eero Äijälä  ⭐"])
            #expect(!rows.joined().contains("🥇") && !rows.joined().contains("1."))
        case .groupGoal:
            // Three points for each of the two children here: 4 of 6, two thirds of the bar.
            #expect(rows[0] == "  🦔 Squirrels  " + (at.english ? "4 of 6 points" : "4 / 6 pistettä"))
            let empty = rows[1].filter { $0 == "░" }.count
            #expect(rows[1] == "  " + String(repeating: "█", count: bar(rows[1])) + String(repeating: "░", count: empty))
            #expect(bar(rows[1]) + empty == at.width - 6 && bar(rows[1]) == (at.width - 6) * 4 / 6)
            #expect(screen[6] == "  🐻 Bears  " + (at.english ? "0 pts" : "0 p"))
            #expect(!screen.joined().contains("Aino"))
        }
    }

    /// The group goal reached (2 points a child: 4 of 4): the goal and a
    /// full bar at every size; the words whole where they fit.
    @Test(arguments: Screenful.all)
    func aReachedGroupGoalShowsItsGoal(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", leaderboardStyle: .groupGoal, goalPerChild: 2))
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        var state = f.state(at.width, at.height)
        f.press(&state, [.tab])
        let screen = lines(f.screen().render(state, over: f.daycare))
        let headline = "🎉 " + (at.english ? "4 of 4 points: goal reached!" : "4 / 4 pistettä: tavoite saavutettu!")
        let shown = String(screen[3].dropFirst("  🦔 Squirrels  ".count))
        #expect(screen[3].hasPrefix("  🦔 Squirrels  🎉 4 "))
        // The headline has the columns right of the name, less two at the edge.
        if DisplayWidth.of(headline) <= at.width - 2 - DisplayWidth.of("🦔 Squirrels") - 4 {
            #expect(shown == headline)
        } else {
            #expect(shown.hasSuffix("…") && headline.hasPrefix(String(shown.dropLast())), "\(shown)")
        }
        #expect(screen[4] == "  " + String(repeating: "█", count: at.width - 6))
    }

    // MARK: The goal reached

    /// Where the tick comes from: `taskboard mark` handed to the kiosk while
    /// Aino looks at her board, or Space on the admin's day sheet.
    enum Route: String, Sendable, CaseIterable { case handedToTheBoard, markTab }

    /// Aino's Get dressed (+1) brings the Squirrels to today's goal: with
    /// 2 points a child (4), her board not yet finished; with 3 (6), her
    /// board finished too. The banner is whole where it fits, and where it
    /// is cut the group's name is still there.
    @Test(arguments: Screenful.all.flatMap { at in Route.allCases.map { (at, $0) } }, [false, true])
    func reachingTheGroupsGoalIsCelebrated(_ place: (Screenful, Route), finishesTheBoard: Bool) throws {
        let (at, route) = place
        let f = try KioskFixture(language: at.language)
        try f.daycare.updateSettings(Settings(timeZoneIdentifier: "Europe/Helsinki", goalPerChild: finishesTheBoard ? 3 : 2))
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        if finishesTheBoard { try f.daycare.toggle(child: f.aino, task: f.tasks[1]) }
        var handed: [Result<HandedChange, Error>] = []
        let runtime = try f.runtime(at.width, at.height, admin: route == .markTab, serveRequests: { _ in defer { handed = [] }; return handed })
        switch route {
        case .handedToTheBoard:
            runtime.handle(.key(.enter))
            runtime.handle(.key(.enter))
            let change = try f.daycare.toggle(child: f.aino, task: f.tasks[0])
            #expect(change.reachedGoal?.name == "Squirrels" && change.finishedBoard == finishesTheBoard)
            handed = [.success(.mark(change))]
            runtime.handle(.tick(f.clock.now()))
        case .markTab:
            runtime.handle(.key(.character(" ")))
            #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        }
        let buffer = runtime.render()
        // On the status line: the screen above keeps every row (issue 41).
        let row = at.height - 2
        let banner = lines(buffer)[row].trimmingCharacters(in: .whitespaces)
        let (hooray, goal, board) = at.english
            ? ("Hooray!", "Squirrels reached today's goal!", "Aino finished every task today!")
            : ("Hurraa!", "Squirrels: päivän tavoite saavutettu!", "Hienoa! Aino teki tänään kaikki tehtävät!")
        let full = "🎉 \(hooray) \(goal)\(finishesTheBoard ? " " + board : "") 🎉"
        if DisplayWidth.of(full) <= at.width {
            // Then what the status line said, where the banner does not say it.
            #expect(finishesTheBoard ? banner == full : banner.hasPrefix(full), "\(banner)")
        } else {
            #expect(banner.hasSuffix("…") && full.hasPrefix(String(banner.dropLast())), "\(banner)")
        }
        #expect(banner.contains("Squirrels"), "\(banner)")
        #expect(buffer.styleLines[row].allSatisfy { $0 == "R" })
        // The row above it is the screen's own, not covered.
        #expect(!buffer.styleLines[at.height - 3].allSatisfy { $0 == "R" })
    }
}
