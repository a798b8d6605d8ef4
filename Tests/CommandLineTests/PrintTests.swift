import Foundation
import Testing
import TaskBoardTestSupport
import TaskBoard
import TaskBoardStorage

@Suite("taskboard print and leaderboard")
struct PrintTests {
    /// The same width, locale and terminal whatever the machine running the
    /// tests has: 80 columns, LANG=C.UTF-8 (set by TaskBoardProcess), a terminal
    /// that shows emoji.
    static let plain = ["COLUMNS": "", "LC_ALL": "", "LC_CTYPE": "", "TERM": "xterm-256color"]

    static func run(_ arguments: [String], environment: [String: String] = plain) throws -> TaskBoardProcess.Result {
        try TaskBoardProcess.run(arguments, environment: environment)
    }

    @Test func theWeeksLeaderboardIsTheKiosksListUnderAHeading() throws {
        try withDemoDaycare { data in
            let result = try Self.run(["print", "leaderboard", "--period", "week", "--data-dir", data.path])
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(result.stdout == """
                  Leaderboard · This week · All groups                            16–22/11/2026

                 🥇  1. 🐰 Siiri 🌸   ██████████████████████████████████████████████████████ 42
                 🥈  2. 🐶 Leo        ███████████████████████████████████████████████████    40
                 🥉  3. 🐱 Hilla      ████████████████████████████████████████████████       38
                 🥉  3. 🐼 Onni       ████████████████████████████████████████████████       38
                     5. 🐢 Eero       ███████████████████████████████████████████████        37
                     6. 🦉 Väinö      █████████████████████████████████████████████          35
                     7. 🐸 Ällä Öhman ███████████████████████████                            21
                     8. 🦁 Ville      █████████████████████████                              20
                     9. 🦄 Elsa       ████████████████████████                               19
                    10. 🐧 Lumi       ███████████████████████                                18
                    10. 🐨 Mio 美羽   ███████████████████████                                18
                    12. 🦊 Aino       ████████████                                           10

                """)
            // Without --json, `leaderboard` prints the same.
            let same = try Self.run(["leaderboard", "--period", "week", "--data-dir", data.path])
            #expect(same.stdout == result.stdout)
        }
    }

    /// Issue 26: at 40 columns the title keeps its period and group: the
    /// dates go below, and a title too long for a row wraps between its parts.
    @Test func aNarrowLeaderboardKeepsItsPeriodAndGroup() throws {
        try withDemoDaycare { data in
            let week = try Self.run(["print", "leaderboard", "--width", "40", "--period", "week", "--group", "Squirrels", "--data-dir", data.path])
            #expect(week.status == 0, "\(week.stderr)")
            #expect(week.stdout.hasPrefix("""
                  Leaderboard · This week · Squirrels
                                          16–22/11/2026

                 🥇  1. 🐢 Eero
                """), "\(week.stdout)")
            let month = try Self.run(["leaderboard", "--width", "40", "--period", "month", "--lang", "fi", "--data-dir", data.path])
            #expect(month.stdout.hasPrefix("""
                  Pistetaulukko · Tämä kuukausi
                  Kaikki ryhmät           1.–30.11.2026

                """), "\(month.stdout)")
            #expect(month.stdout.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        }
    }

    /// In the day's order, timed tasks with their times (a Sunday, closed: no ▶).
    @Test func aChildsBoardIsTheTasksTabWithItsTicks() throws {
        try withDemoDaycare { data in
            try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            let result = try Self.run(["print", "board", "--child", "Eero", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout == """
                  🐿️ Squirrels                                                Sunday 22/11/2026

                  🐢 Eero   ●○○○○  1 / 5 done today

                    ✔   🪥 Brush teeth                                                   8:30
                    ○   🧼 Wash hands                                                   10:45
                    ○   🍲 Eat lunch                                                    11:00
                    ○   🧸 Tidy the toys                                                14:00
                    ○   🤝 Help a friend

                  Last 7 days: M ◐  T ✔  W ◐  T ✔  F ◐  S –  S ◐

                """)
        }
    }

    @Test func theDaySheetHasABoxPerTaskOnEachBoard() throws {
        try withDemoDaycare { data in
            try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", "Eero", "--task", "Brush teeth"])
            // Issue 41: a child marked away gets no boxes, so nobody ticks them on paper.
            try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Väinö"])
            let result = try Self.run(["print", "sheet", "--group", "squirrels", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout == """
                  🐿️ Squirrels                                                Sunday 22/11/2026

                                  1    2    3    4    5    6    7    8
                  🦊 Aino        [ ]  [ ]  [ ]  [ ]
                  🐢 Eero             [x]  [ ]  [ ]  [ ]  [ ]
                  🦉 Väinö       🏠 away
                  🐸 Ällä Öhman                 [ ]  [ ]  [ ]  [ ]

                  1 👕 Get dressed +1
                  2 🪥 Brush teeth +1
                  3 🧸 Tidy the toys +2
                  4 🧼 Wash hands +1
                  5 🍲 Eat lunch +1
                  6 🤝 Help a friend +3
                  7 🌳 Go outside +1
                  8 📖 Read a book +2

                """)
        }
    }

    @Test func withoutAChildEveryBoardOfTheGroupFollowsAfterABlankLine() throws {
        try withDemoDaycare { data in
            let group = try Self.run(["print", "board", "--group", "Bears", "--data-dir", data.path])
            let pages = group.stdout.components(separatedBy: "\n\n  🐻 Bears")
            #expect(pages.count == 4)
            #expect(pages.dropFirst().map { $0.split(separator: "\n")[1].hasPrefix("  ") } == [true, true, true])
            #expect(pages.dropFirst().map { $0.split(separator: "\n")[1].split(separator: " ")[1] } == ["Siiri", "Onni", "Lumi"])
            let every = try Self.run(["print", "sheet", "--data-dir", data.path])
            #expect(every.stdout.split(separator: "\n").filter { $0.hasSuffix("Sunday 22/11/2026") }.count == 3)
        }
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        try withDemoDaycare { data in
            let base = ["print", "leaderboard", "--data-dir", data.path]
            let always = try Self.run(base + ["--color", "always"])
            #expect(always.stdout.contains("\u{1B}[0;97;44m"))
            #expect(always.stdout.split(separator: "\n").allSatisfy { $0.isEmpty || $0.hasSuffix("\u{1B}[0m") })
            let never = try Self.run(base + ["--color", "never"])
            #expect(!never.stdout.contains("\u{1B}"))
            // auto: stdout is a pipe here.
            let auto = try Self.run(base)
            #expect(!auto.stdout.contains("\u{1B}"))
            #expect(auto.stdout == never.stdout)
        }
    }

    @Test func theLocaleTheLanguageAndTheWidthAreFollowed() throws {
        try withDemoDaycare { data in
            let base = ["print", "board", "--child", "Väinö", "--data-dir", data.path]
            let ascii = try Self.run(base, environment: Self.plain.merging(["LANG": "C"]) { $1 })
            #expect(ascii.stdout.hasPrefix("  Sq Squirrels "))
            let console = try Self.run(base, environment: Self.plain.merging(["TERM": "linux"]) { $1 })
            #expect(console.stdout == ascii.stdout)
            #expect(ascii.stdout.contains("\n  Ow Väinö   ......  0 / 6 done today\n"))
            #expect(ascii.stdout.contains("\n    [ ] Ty Tidy the toys                                                14:00\n"))
            let finnish = try Self.run(base + ["--lang", "fi", "--width", "50"])
            #expect(finnish.stdout.hasPrefix("  🐿️ Squirrels               sunnuntai 22.11.2026\n"))
            #expect(finnish.stdout.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 50 })
            let columns = try Self.run(base, environment: Self.plain.merging(["COLUMNS": "60"]) { $1 })
            #expect(columns.stdout.hasPrefix("  🐿️ Squirrels                            Sunday 22/11/2026\n"))
            let narrow = try Self.run(base + ["--width", "20"])
            #expect(narrow.status != 0)
            #expect(narrow.stderr.contains("--width must be from 40 to 500"))
        }
    }

    @Test func unknownAndAmbiguousNamesFailWithOneLine() throws {
        try withDemoDaycare { data in
            // A second Eero, in Bears (the store's lock goes with it).
            do {
                let daycare = try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(Date()))
                let lumi = try #require(daycare.roster.children.first { $0.name == "Lumi" })
                _ = try daycare.perform(.renameChild(lumi.id, to: "Eero"))
            }

            let ambiguous = try Self.run(["print", "board", "--child", "eero", "--data-dir", data.path])
            #expect(ambiguous.status == 1)
            #expect(ambiguous.stdout == "")
            #expect(ambiguous.stderr
                == "taskboard: there is a child called \"eero\" in more than one group; add --group with one of: Squirrels, Bears\n")
            let chosen = try Self.run(["print", "board", "--child", "eero", "--group", "Bears", "--data-dir", data.path])
            #expect(chosen.status == 0)
            // Lumi, now an Eero, is away today in the demo.
            #expect(chosen.stdout.contains("  🐧 Eero   Away today"))

            for arguments in [["print", "board", "--child", "Nobody"], ["print", "sheet", "--group", "Kissat"],
                              ["leaderboard", "--json", "--group", "Kissat"], ["print", "sheet", "--child", "Aino"]] {
                let failed = try Self.run(arguments + ["--data-dir", data.path])
                #expect(failed.status == 1, "\(arguments)")
                #expect(failed.stdout == "")
                #expect(failed.stderr.hasPrefix("taskboard: "))
                #expect(failed.stderr.split(separator: "\n").count == 1, "\(arguments): \(failed.stderr)")
            }
        }
    }

    /// Issue 11: the leaderboard's style, from Settings unless --style says.
    @Test func theStylesPrintAndWriteJSON() throws {
        try withDemoDaycare { data in
            let stars = try Self.run(["leaderboard", "--style", "stars", "--group", "Squirrels", "--period", "week", "--data-dir", data.path])
            #expect(stars.status == 0, "\(stars.stderr)")
            #expect(stars.stdout == """
                  Leaderboard · This week · Squirrels                             16–22/11/2026

                  🦊 Aino        🌟
                  🐸 Ällä Öhman  🌟🌟⭐
                  🐢 Eero        🌟🌟🌟⭐⭐⭐⭐⭐⭐⭐
                  🦉 Väinö       🌟🌟🌟⭐⭐⭐⭐⭐

                """)
            let json = try Self.run(["leaderboard", "--json", "--style", "stars", "--group", "Squirrels", "--period", "week", "--data-dir", data.path])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["style"] as? String == "stars")
            let entries = try #require(document["entries"] as? [[String: Any]])
            // By name in English order (Ä as A), as the printed page without --lang.
            #expect(entries.compactMap { $0["child"] as? String } == ["Aino", "Ällä Öhman", "Eero", "Väinö"])
            #expect(entries.allSatisfy { $0["rank"] is NSNull })
            #expect(document["groups"] == nil)

            let goal = try Self.run(["leaderboard", "--json", "--style", "goal", "--period", "week", "--data-dir", data.path])
            let goals = try #require(try JSONSerialization.jsonObject(with: Data(goal.stdout.utf8)) as? [String: Any])
            let groups = try #require(goals["groups"] as? [[String: Any]])
            #expect(groups.compactMap { $0["group"] as? String } == ["Squirrels", "Bears", "Hedgehogs"])
            #expect(groups.compactMap { $0["points"] as? Int } == [103, 118, 115])
            // The demo's 5 points a child for each child here on the five open
            // days: 4 children × 5 days × 5, less the days some were away.
            #expect(groups.compactMap { $0["goal"] as? Int } == [100, 100, 95])
            #expect(groups.compactMap { $0["reached"] as? Bool } == [true, true, true])
            #expect(groups.compactMap { $0["daysReached"] as? Int } == [3, 4, 5])
            // Sunday is closed: nothing to aim for, the points only, no bar.
            let printed = try Self.run(["print", "leaderboard", "--style", "goal", "--period", "today", "--group", "Bears", "--data-dir", data.path])
            #expect(printed.stdout == """
                  Leaderboard · Today · Bears                                 Sunday 22/11/2026

                  🐻 Bears  6 pts


                """)
            let share = try Self.run(["leaderboard", "--json", "--style", "share", "--period", "week", "--data-dir", data.path])
            let shares = try #require(try JSONSerialization.jsonObject(with: Data(share.stdout.utf8)) as? [String: Any])
            #expect(shares["style"] as? String == "share")
            let ranked = try #require(shares["entries"] as? [[String: Any]])
            #expect(ranked.compactMap { $0["rank"] as? Int }.count == 12)
            let percents = ranked.compactMap { $0["points"] as? Int }
            #expect(percents == percents.sorted(by: >) && percents.allSatisfy { (0...100).contains($0) })
            let bad = try Self.run(["leaderboard", "--style", "podium", "--data-dir", data.path])
            #expect(bad.status != 0)
        }
    }

    /// Issue 11: a child's month and a group's week, whole.
    @Test func historyOfAChildsMonthAndAGroupsWeek() throws {
        try withDemoDaycare { data in
            let away = try TaskBoardProcess.run(["away", "--data-dir", data.path, "--child", "Eero", "--day", "2026-11-18"])
            #expect(away.status == 0)
            let month = try Self.run(["print", "history", "--child", "Eero", "--month", "2026-11", "--data-dir", data.path])
            #expect(month.stderr == "")
            #expect(month.stdout == """
                  🐿️ Squirrels · 🐢 Eero · November 2026                      Sunday 22/11/2026

                   M    T    W    T    F    S    S
                                                 1 –
                   2 ◐  3 ◐  4 ◐  5 ◐  6 ·  7 –  8 –
                   9 ✔ 10 ✔ 11 ◐ 12 ◐ 13 ✔ 14 – 15 –
                  16 ◐ 17 ✔ 18 · 19 ✔ 20 ◐ 21 – 22 –
                  23   24   25   26   27   28   29
                  30

                  ✔ all  ◐ part  ○ none  · away  – closed

                """)
            let week = try Self.run(["print", "history", "--group", "Squirrels", "--week", "2026-11-18", "--data-dir", data.path])
            #expect(week.stdout == """
                  🐿️ Squirrels                                                    16–22/11/2026

                                               M 16   T 17   W 18   T 19   F 20   S 21   S 22
                  🦊 Aino                      ◐ 1/4  ◐ 3/4  ◐ 3/4  ◐ 1/4  ◐ 1/4  –      –
                  🐢 Eero                      ◐ 4/5  ✔ 5/5  ·      ✔ 5/5  ◐ 4/5  –      –
                  🦉 Väinö                     ◐ 5/6  ◐ 3/6  ◐ 4/6  ◐ 5/6  ◐ 4/6  –      –
                  🐸 Ällä Öhman                ◐ 2/4  ◐ 3/4  ◐ 3/4  ◐ 3/4  ◐ 2/4  –      –

                  ✔ all  ◐ part  ○ none  · away  – closed

                """)
            // --group with --child picks the child of that group (two may share a name), as for mark and board.
            let inGroup = try Self.run(["print", "history", "--child", "Eero", "--group", "Squirrels", "--month", "2026-11", "--data-dir", data.path])
            #expect(inGroup.status == 0 && inGroup.stdout == month.stdout, "\(inGroup.stderr)")
            let elsewhere = try Self.run(["print", "history", "--child", "Eero", "--group", "Bears", "--data-dir", data.path])
            #expect(elsewhere.status == 1 && elsewhere.stderr.contains("Eero"), "\(elsewhere.stderr)")
            // Without a UTF-8 terminal, letters instead of symbols.
            let ascii = try Self.run(["print", "history", "--child", "Eero", "--data-dir", data.path], environment: Self.plain.merging(["LANG": "C"]) { $1 })
            #expect(ascii.stdout.contains("16 + 17 x 18 . 19 x 20 + 21 - 22 -"), "\(ascii.stdout)")
            for (arguments, message) in [(["--child", "Eero", "--group", "Squirrels", "--week", "today"], "--week is for print history --group"),
                                         (["--month", "2026-11"], "--month is for print history --child"),
                                         ([], "print history takes --child NAME (a month) or --group NAME (a week)"),
                                         (["--child", "Eero", "--month", "11/2026"], "--month 11/2026: expected YYYY-MM, for example 2026-11")] {
                let refused = try Self.run(["print", "history", "--data-dir", data.path] + arguments)
                #expect(refused.status == 1)
                #expect(refused.stderr == "taskboard: \(message)\n")
            }
        }
    }

    @Test func theJSONHasEveryChildWithSharedRanks() throws {
        try withDemoDaycare { data in
            let result = try Self.run(["leaderboard", "--json", "--period", "week", "--data-dir", data.path])
            #expect(result.status == 0)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(document["period"] as? String == "week")
            #expect(document["from"] as? String == "2026-11-16")
            #expect(document["to"] as? String == "2026-11-22")
            #expect(document["group"] is NSNull)
            let entries = try #require(document["entries"] as? [[String: Any]])
            #expect(entries.count == 12)
            #expect(entries.map { $0["rank"] as? Int } == [1, 2, 3, 3, 5, 6, 7, 8, 9, 10, 10, 12])
            #expect(entries.map { $0["points"] as? Int } == [42, 40, 38, 38, 37, 35, 21, 20, 19, 18, 18, 10])
            #expect(entries[0]["child"] as? String == "Siiri 🌸")
            #expect(entries[0]["group"] as? String == "Bears")
            #expect(entries[0]["avatar"] as? String == "🐰")
            #expect(entries[10]["child"] as? String == "Mio 美羽")

            let group = try Self.run(["leaderboard", "--json", "--period", "all", "--group", "Squirrels", "--data-dir", data.path])
            let squirrels = try #require(try JSONSerialization.jsonObject(with: Data(group.stdout.utf8)) as? [String: Any])
            #expect(squirrels["group"] as? String == "Squirrels")
            #expect(squirrels["from"] is NSNull && squirrels["to"] is NSNull)
            #expect(squirrels["period"] as? String == "all")
            #expect((squirrels["entries"] as? [[String: Any]])?.compactMap { $0["child"] as? String } == ["Väinö", "Eero", "Ällä Öhman", "Aino"])
        }
    }

    // MARK: print day

    /// Issue 27: a group's day for the wall, on a Monday: its timed tasks by
    /// time, every child's (away or not: the paper stays up), a blank row
    /// between; a task not on every board names whom it is for. Wash hands
    /// is on all four boards; helping a friend has no time.
    @Test func aGroupsDayIsItsTimedTasksByTimeWithWhomTheyAreFor() throws {
        try withDemoDaycare { data in
            let result = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-23", "--data-dir", data.path])
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(result.stdout == Self.squirrelsMonday)
            #expect(!result.stdout.contains("Help a friend"))
        }
    }

    static let squirrelsMonday = """
          🐿️ Squirrels                                                Monday 23/11/2026

           8:30  🪥 Brush teeth  (Aino, Eero)

           9:00  🌳 Go outside  (Väinö, Ällä Öhman)

          10:45  🧼 Wash hands

          11:00  🍲 Eat lunch  (Eero, Väinö, Ällä Öhman)

          12:00  📖 Read a book  (Väinö)

          14:00  🧸 Tidy the toys  (Aino, Eero, Väinö)

          15:30  👕 Get dressed  (Aino)

          17:00  🏠 Home time

        """

    /// In colour: the page's blue, the times bright and bold, the children dimmed;
    /// without the escapes (and the background's trailing blanks) it is the plain page.
    @Test func aGroupsDayInColourIsThePlainPageColoured() throws {
        try withDemoDaycare { data in
            let result = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-23", "--color", "always", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout.contains("\u{1B}[0;97;44m"))
            #expect(result.stdout.contains("\u{1B}[0;1;93;44m10:45\u{1B}[0;97;44m  🧼 Wash hands"))
            #expect(result.stdout.contains("🪥 Brush teeth  \u{1B}[0;36;44m(Aino, Eero)\u{1B}[0;97;44m"))
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.isEmpty || $0.hasSuffix("\u{1B}[0m") })
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var plain = Self.withoutEscapes(String(line))
                while plain.last == " " { plain.removeLast() }
                return plain
            }
            #expect(lines.joined(separator: "\n") == Self.squirrelsMonday)
        }
    }

    /// The text of `line` without its SGR escapes.
    static func withoutEscapes(_ line: String) -> String {
        var text = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character == "m" { inEscape = false }
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// In Finnish at 40 columns: times with a period, the weekday in lower
    /// case, and the children that do not fit beside a task below its name.
    @Test func aGroupsDayInFinnishFitsFortyColumns() throws {
        try withDemoDaycare { data in
            let result = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-23", "--lang", "fi", "--width", "40",
                                       "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout == """
                  🐿️ Squirrels     maanantai 23.11.2026

                   8.30  🪥 Brush teeth  (Aino, Eero)

                   9.00  🌳 Go outside
                            (Väinö, Ällä Öhman)

                  10.45  🧼 Wash hands

                  11.00  🍲 Eat lunch
                            (Eero, Väinö, Ällä Öhman)

                  12.00  📖 Read a book  (Väinö)

                  14.00  🧸 Tidy the toys
                            (Aino, Eero, Väinö)

                  15.30  👕 Get dressed  (Aino)

                  17.00  🏠 Kotiinlähtö

                """)
            #expect(result.stdout.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        }
    }

    /// Without a UTF-8 locale, the icons' and the group's ASCII stand-ins.
    @Test func aGroupsDayWithoutUnicodeHasTheStandIns() throws {
        try withDemoDaycare { data in
            let result = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-23", "--data-dir", data.path],
                                      environment: Self.plain.merging(["LANG": "C"]) { $1 })
            #expect(result.status == 0)
            #expect(result.stdout == """
                  Sq Squirrels                                                Monday 23/11/2026

                   8:30  Tb Brush teeth  (Aino, Eero)

                   9:00  Tr Go outside  (Väinö, Ällä Öhman)

                  10:45  Sp Wash hands

                  11:00  Fd Eat lunch  (Eero, Väinö, Ällä Öhman)

                  12:00  Rd Read a book  (Väinö)

                  14:00  Ty Tidy the toys  (Aino, Eero, Väinö)

                  15:30  Sh Get dressed  (Aino)

                  17:00     Home time

                """)
        }
    }

    /// A closed day (the demo's weekends; today is a Sunday), and a day with
    /// no timed task, each say so in a line and succeed; wrong arguments fail with one line.
    @Test func aClosedDayOrADayWithoutTimesSaysSoAndWrongArgumentsFail() throws {
        try withDemoDaycare { data in
            let today = try Self.run(["print", "day", "--group", "Squirrels", "--data-dir", data.path])
            #expect(today.status == 0)
            #expect(today.stdout == """
                  🐿️ Squirrels                                                Sunday 22/11/2026

                  The daycare is closed on this day.

                """)
            let saturday = try Self.run(["print", "day", "--group", "Bears", "--day", "yesterday", "--lang", "fi", "--data-dir", data.path])
            #expect(saturday.status == 0)
            #expect(saturday.stdout == """
                  🐻 Bears                                                  lauantai 21.11.2026

                  Päiväkoti on kiinni tänä päivänä.

                """)

            for (arguments, message) in [(["print", "day", "--group", "Squirrels", "--day", "23.11.2026"],
                                          "\"23.11.2026\" is not a day: write YYYY-MM-DD, today or yesterday"),
                                         (["print", "day", "--group", "Squirrels", "--day", "2026-02-30"],
                                          "\"2026-02-30\" is not a day: write YYYY-MM-DD, today or yesterday"),
                                         (["print", "day"], "print day takes --group NAME: the group whose day to print"),
                                         (["print", "day", "--day", "2026-11-23"], "print day takes --group NAME: the group whose day to print"),
                                         (["print", "sheet", "--day", "2026-11-23"], "--day is for print day"),
                                         (["print", "board", "--group", "Bears", "--day", "today"], "--day is for print day"),
                                         (["print", "day", "--group", "Squirrels", "--child", "Aino"],
                                          "--child is for print board and history; day prints whole groups"),
                                         (["print", "day", "--group", "Kissat"], "no group called \"Kissat\" (known: Squirrels, Bears, Hedgehogs)")] {
                let refused = try Self.run(arguments + ["--data-dir", data.path])
                #expect(refused.status == 1, "\(arguments)")
                #expect(refused.stdout == "", "\(arguments)")
                #expect(refused.stderr == "taskboard: \(message)\n", "\(arguments)")
            }

            // No task with a time: how to give one.
            try DataDamage.changeRoster(in: data) { roster in
                for index in roster.tasks.indices { roster.tasks[index].time = nil }
            }
            let untimed = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-23", "--data-dir", data.path])
            #expect(untimed.status == 0)
            #expect(untimed.stdout == """
                  🐿️ Squirrels                                                Monday 23/11/2026

                  No task on this day's boards has a time yet. Give a task its time on the
                  kiosk: choose it in the task library (Admin, Tasks tab) and press Ctrl-T.

                """)
            let finnish = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-23", "--lang", "fi", "--width", "40",
                                        "--data-dir", data.path])
            #expect(finnish.stdout == """
                  🐿️ Squirrels     maanantai 23.11.2026

                  Päivän tehtävillä ei ole vielä
                  kellonaikoja. Anna tehtävälle
                  kellonaika: valitse se
                  tehtäväkirjastossa (Ylläpito,
                  Tehtävät-välilehti) ja paina Ctrl-T.

                """)
        }
    }

    /// Going outside is on Onni's and Lumi's boards on Tuesdays and
    /// Thursdays only: on the Bears' Tuesday at 9:00, not on their Monday.
    @Test func aWeekdayTaskIsOnlyOnItsWeekdays() throws {
        try withDemoDaycare { data in
            let tuesday = try Self.run(["print", "day", "--group", "Bears", "--day", "2026-11-24", "--data-dir", data.path])
            #expect(tuesday.status == 0)
            #expect(tuesday.stdout == """
                  🐻 Bears                                                   Tuesday 24/11/2026

                   8:30  🪥 Brush teeth  (Ville, Siiri 🌸)

                   9:00  🌳 Go outside  (Onni, Lumi)

                  10:45  🧼 Wash hands

                  11:00  🍲 Eat lunch  (Siiri 🌸, Onni, Lumi)

                  12:00  📖 Read a book  (Onni)

                  14:00  🧸 Tidy the toys  (Ville, Siiri 🌸, Onni)

                  15:30  👕 Get dressed  (Ville)

                  17:00  🏠 Home time

                """)
            let monday = try Self.run(["print", "day", "--group", "Bears", "--day", "2026-11-23", "--data-dir", data.path])
            #expect(monday.status == 0)
            #expect(monday.stdout == """
                  🐻 Bears                                                    Monday 23/11/2026

                   8:30  🪥 Brush teeth  (Ville, Siiri 🌸)

                  10:45  🧼 Wash hands

                  11:00  🍲 Eat lunch  (Siiri 🌸, Onni, Lumi)

                  12:00  📖 Read a book  (Onni)

                  14:00  🧸 Tidy the toys  (Ville, Siiri 🌸, Onni)

                  15:30  👕 Get dressed  (Ville)

                  17:00  🏠 Home time

                """)
            // Thursday as Tuesday; a child away that day is still on the paper, which stays up.
            let away = try TaskBoardProcess.run(["away", "--child", "Onni", "--day", "2026-11-19", "--data-dir", data.path])
            #expect(away.status == 0, "\(away.stderr)")
            let thursday = try Self.run(["print", "day", "--group", "Bears", "--day", "2026-11-19", "--data-dir", data.path])
            #expect(thursday.stdout.contains("\n   9:00  🌳 Go outside  (Onni, Lumi)\n"), "\(thursday.stdout)")
            #expect(thursday.stdout.contains("\n  12:00  📖 Read a book  (Onni)\n"), "\(thursday.stdout)")
        }
    }

    @Test func itReadsBesideARunningKioskAndWritesNothing() throws {
        try withDemoDaycare { data in
            // The kiosk's first start made the summary and the backup; then it holds the lock.
            let store = try JSONFileStore(directory: data)
            try Daycare(store: store, clock: FixedClock(Date())).flush()
            let before = try Self.listing(data)
            for arguments in [["print", "board"], ["print", "sheet"], ["print", "day", "--group", "Bears"], ["print", "leaderboard"], ["leaderboard", "--json"]] {
                let result = try Self.run(arguments + ["--data-dir", data.path])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            #expect(try Self.listing(data) == before)
            withExtendedLifetime(store) {}
        }
    }

    @Test func aMissingDataDirectoryFailsAndIsNotCreated() throws {
        try withTemporaryDirectory { root in
            let missing = root.appendingPathComponent("nothing-here")
            for arguments in [["print", "leaderboard"], ["leaderboard", "--json"]] {
                let result = try Self.run(arguments + ["--data-dir", missing.path])
                #expect(result.status == 1)
                #expect(result.stderr == "taskboard: no data directory at \(missing.path) (give --data-dir, or start the kiosk once)\n")
                #expect(!FileManager.default.fileExists(atPath: missing.path))
            }
        }
    }

    /// Every file under a directory with its size and modification time.
    static func listing(_ directory: URL) throws -> [String] {
        let paths = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        return try paths.sorted().map { path in
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
            return "\(path) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "")"
        }
    }

    @Test func anEmptyDaycareSaysThereIsNothingToPrint() throws {
        try withTemporaryDirectory { data in
            let board = try TaskBoardProcess.run(["print", "board", "--data-dir", data.path])
            #expect(board.status == 0)
            #expect(board.stdout == "No children yet: nothing to print.\n")
            let sheet = try TaskBoardProcess.run(["print", "sheet", "--data-dir", data.path])
            #expect(sheet.stdout == "No groups yet: nothing to print.\n")
            _ = try TaskBoardProcess.run(["import", "-", "--data-dir", data.path], input: "Pöllöt,Aino\nKotkat,Eero\n")
            try DataDamage.changeRoster(in: data) { roster in roster.children.removeAll { $0.name == "Eero" } }
            let group = try TaskBoardProcess.run(["print", "board", "--group", "kotkat", "--data-dir", data.path])
            #expect(group.stdout == "No children in Kotkat yet: nothing to print.\n")
        }
    }
}
