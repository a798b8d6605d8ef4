import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 27: the child side's Today tab, a group's day in pictures with now
/// and next; first–then at 50 columns or fewer; said aloud on Space.
@Suite struct TodayTabTests {
    /// Squirrels' day: Get dressed 8:00 (Aino and Eero), Brush teeth 11:00
    /// (Aino), Eat lunch 11:30 (Eero only); Tidy the toys has no time.
    /// The fixture's clock is Sunday 10:00 in Helsinki.
    private func day(_ language: String = "en") throws -> (KioskFixture, lunch: TaskID) {
        let f = try KioskFixture(language: language)
        try f.daycare.perform(.setTaskTime(f.tasks[0], to: TimeOfDay(hour: 8)))
        try f.daycare.perform(.setTaskTime(f.tasks[1], to: TimeOfDay(hour: 11)))
        var lunch = TaskID(0)
        try f.daycare.edit(RosterChange(.addTask, "lunch")) { (roster: inout Roster) throws(TaskBoardError) in
            lunch = try roster.addTask(name: "Eat lunch", icon: "🍲")
            try roster.setTaskTime(lunch, to: TimeOfDay(hour: 11, minute: 30))
            try roster.addToBoard(lunch, child: f.eero)
        }
        return (f, lunch)
    }

    /// The Today tab of Squirrels (after the leaderboard, then the first group).
    private func openToday(_ runtime: KioskRuntime) {
        runtime.handle(.key(.tab))
        runtime.handle(.key(.tab))
        #expect(runtime.state.side == .child(.today))
        runtime.handle(.key(.enter))
    }

    /// Issue 40: a day that is different. A visitor at 9:30–10:30 (now, at
    /// 10:00), lunch cancelled, Brush teeth moved to 12:00: the title says
    /// the day is different (the picture first, words where they fit), a
    /// line names what is cancelled, and the added and the moved cards carry
    /// the mark. At every size in both languages.
    @Test(arguments: Screenful.all)
    func aDifferentDayIsMarked(_ at: Screenful) throws {
        let (f, lunch) = try day(at.language)
        let today = f.daycare.today, squirrels = f.daycare.roster.groups[0].id
        try f.daycare.perform(.addDayActivity(DayChange.Activity(name: "Visitor", icon: "🎈", time: try #require(TimeOfDay(hour: 9, minute: 30)),
                                                                 until: TimeOfDay(hour: 10, minute: 30)), group: squirrels, day: today))
        try f.daycare.perform(.cancelOnDay(lunch, group: squirrels, day: today))
        try f.daycare.perform(.moveOnDay(f.tasks[1], group: squirrels, day: today, to: try #require(TimeOfDay(hour: 12))))
        let runtime = try f.runtime(at.width, at.height)
        openToday(runtime)
        let screen = lines(runtime)
        let text = Comment(rawValue: screen.joined(separator: "\n"))
        let time = { (text: String) in at.english ? text : text.replacingOccurrences(of: ":", with: ".") }
        #expect(screen[2].contains("Squirrels") && screen[2].contains("✨"), text)
        #expect(screen[2].contains(f.strings["roomDay.different"]) || at.width < 50, text)
        #expect(screen[3].contains(f.strings["roomDay.cancelled", arguments: ["tasks": "🍲 Eat lunch"]]), text)
        #expect(screen.contains { $0.contains("▶ \(time("9:30"))") && $0.contains("✨") }, "the visitor is now, marked as added\n\(screen)")
        #expect(screen.contains { $0.contains("Visitor") }, text)
        #expect(screen.contains { $0.contains("▷ \(time("12:00"))") && $0.contains("✨") }, "Brush teeth is next, at its new time\n\(screen)")
        #expect(!screen.dropFirst(4).contains { $0.contains("Eat lunch") }, "no card for what is cancelled\n\(screen)")
        // Aino's board: the mark at its title's end, Brush teeth at its new time.
        for key: Key in [.backTab, .backTab, .enter, .enter] { runtime.handle(.key(key)) }
        let board = lines(runtime)
        #expect(board[2].contains("Aino") && board[2].hasSuffix("✨"), "\(board)")
        #expect(board.contains { $0.contains("Brush teeth") && $0.contains(time("12:00")) }, "\(board)")
        // The visitor is a row of her board too, in the day's order and now:
        // the day's mark where a task has its tick, nothing to tick, not counted.
        let order = ["Get dressed", "Visitor", "Brush teeth", "Tidy the toys"].map { name in board.firstIndex { $0.contains(name) } }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(board)")
        let visitor = try #require(board.first { $0.contains("Visitor") })
        #expect(visitor.contains("▶ ✨") && !visitor.contains("○"), "\(visitor)")
        #expect(["Get dressed", "Brush teeth", "Tidy the toys"].allSatisfy { name in board.contains { $0.contains(name) && $0.contains("○") } }, "\(board)")
        // Tomorrow is as usual.
        f.clock.advance(by: 24 * 3600)
        runtime.handle(.tick(f.clock.now()))
        #expect(!lines(runtime).joined().contains("✨"))
    }

    private func tick(_ f: KioskFixture, _ runtime: KioskRuntime, after seconds: TimeInterval) {
        f.clock.advance(by: seconds)
        runtime.handle(.tick(f.clock.now()))
    }

    @Test(arguments: Screenful.all)
    func theDayAtEverySizeWithNowMovingAtElevenWithNoKey(_ at: Screenful) throws {
        let (f, _) = try day(at.language)
        let runtime = try f.runtime(at.width, at.height)
        openToday(runtime)
        var screen = lines(runtime)
        let time = { (hour: String) in at.english ? "\(hour):00" : "\(hour).00" }
        // Its longer Finnish name where every tab fits with it.
        #expect(screen[0].contains(at.english ? " Today " : at.width > 50 ? " Päiväjärjestys " : " Päivä "), "\(screen)")
        #expect(screen[2].contains("Squirrels"), "\(screen)")
        #expect(!screen.contains { $0.contains("Tidy the toys") }, "a task without a time is not on the day")
        let now = at.english ? "▶ Now" : "▶ Nyt", then = at.english ? "▷ Then" : "▷ Sitten"
        if at.width <= 50 {
            // First–then: now (8:00, Get dressed) and then (11:00, Brush teeth), nothing else.
            #expect(screen.contains { $0.contains(now) && $0.contains(then) }, "\(screen)")
            #expect(screen.contains { $0.contains("┏ ▶ \(time("8"))") && $0.contains("┌ ▷ \(time("11"))") }, "\(screen)")
            #expect(screen.contains { $0.contains("Get dressed") && $0.contains("→") && $0.contains("Brush teeth") }, "\(screen)")
            #expect(!screen.contains { $0.contains("Eat lunch") })
        } else {
            // The whole day in time order, now in a heavy frame with ▶, next with ▷.
            let row = try #require(screen.first { $0.contains("Get dressed") }, "\(screen)")
            let order = ["Get dressed", "Brush teeth", "Eat lunch"].map { row.range(of: $0)?.lowerBound.utf16Offset(in: row) ?? -1 }
            #expect(order == order.sorted() && !order.contains(-1), "\(screen)")
            #expect(screen.contains { $0.contains("┏ ▶ \(time("8")) ━") && $0.contains("┌ ▷ \(time("11")) ─") && $0.contains("┌ 11") }, "\(screen)")
        }
        // At 10:59:30 the screen is as it was; half a minute later, on the
        // timer alone, Brush teeth is now and lunch next.
        // The bar in now's bottom edge shrinks: a third of 8:00–11:00 is left at 10:00.
        #expect(screen.contains { $0.contains("┗█") && !$0.contains("┗██████▊") }, "\(screen)")
        tick(f, runtime, after: 59 * 60 + 30)
        let late = lines(runtime)
        #expect(late[0] == screen[0] && late[2] == screen[2], "idle for an hour, the tab stays on the group's day")
        // At 10:59 a sliver is left, and the next one (within five minutes) is in a double frame, coming.
        #expect(late.contains { $0.contains("┗▏━") }, "\(late)")
        #expect(late.contains { $0.contains("╔ ▷ \(time("11"))") } && late.contains { $0.contains("╚═") }, "\(late)")
        tick(f, runtime, after: 30)
        screen = lines(runtime)
        #expect(screen.contains { $0.contains("▶ \(time("11"))") }, "\(screen)")
        #expect(screen.contains { $0.contains(at.english ? "▷ 11:30" : "▷ 11.30") }, "\(screen)")
        if at.width <= 50 {
            #expect(screen.contains { $0.contains("Brush teeth") && $0.contains("Eat lunch") } && !screen.contains { $0.contains("Get dressed") })
        }
        #expect(screen.last?.contains("Esc") == true, "another group's day is a key away: \(screen.last ?? "")")
    }

    /// Past ones dimmed, now in the title's colour: and by shape, without colour.
    @Test func pastDimmedNowBright() throws {
        let (f, _) = try day()
        f.clock.advance(by: 60 * 60)   // 11:00
        let screen = f.screen(color: true)
        let runtime = try f.runtime(80, 24, screen: screen)
        openToday(runtime)
        let buffer = runtime.render()
        let text = buffer.textLines
        func style(of name: String) throws -> Style {
            let y = try #require(text.firstIndex { $0.contains(name) })
            let start = try #require(text[y].range(of: name)).lowerBound
            return buffer[DisplayWidth.of(String(text[y][..<start])), y].style
        }
        #expect(try style(of: "Get dressed") == screen.theme.dim)
        #expect(try style(of: "Brush teeth").foreground == screen.theme.title.foreground)
        #expect(try style(of: "Eat lunch").foreground == screen.theme.text.foreground)
    }

    /// A long day on a short screen: the rows of cards from the one with
    /// now, ▲ saying that earlier ones are above.
    @Test func aLongDayScrollsToNow() throws {
        let f = try KioskFixture()
        try f.daycare.edit(RosterChange(.addTask, "day")) { (roster: inout Roster) throws(TaskBoardError) in
            for hour in 7...18 {
                let task = try roster.addTask(name: "At \(hour)")
                try roster.setTaskTime(task, to: TimeOfDay(hour: hour))
                try roster.addToBoard(task, child: f.aino)
            }
        }
        f.clock.advance(by: 5 * 60 * 60)   // 15:00
        let runtime = try f.runtime(80, 16)
        openToday(runtime)
        let screen = lines(runtime)
        #expect(screen.contains { $0.contains("▶ 15:00") } && screen.contains { $0.contains("▷ 16:00") }, "\(screen)")
        #expect(!screen.contains { $0.contains("At 7 ") }, "the morning's first row is above: \(screen)")
        #expect(screen.contains { $0.hasPrefix(" ▲") }, "\(screen)")
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func withoutUnicodeTheMarksAreAsciiShapes() throws {
        let (f, _) = try day()
        let runtime = try f.runtime(80, 24, screen: f.screen(unicode: false))
        openToday(runtime)
        let screen = lines(runtime)
        #expect(screen.contains { $0.contains("# > 8:00 ==") && $0.contains("+ - 11:00 --") }, "\(screen)")
        let (g, _) = try day()
        let small = try g.runtime(40, 12, screen: g.screen(unicode: false))
        openToday(small)
        #expect(lines(small).contains { $0.contains("Get dressed") && $0.contains("->") }, "\(lines(small))")
    }

    /// Before the first, the next and the one after it; after the last, it
    /// alone; at midnight a new day starts before the first.
    @Test func beforeTheFirstAfterTheLastAndAcrossMidnight() throws {
        let (f, _) = try day()
        f.clock.advance(by: -3 * 60 * 60)   // 7:00
        let runtime = try f.runtime(40, 12)
        openToday(runtime)
        var screen = lines(runtime)
        #expect(screen.contains { $0.contains("▷ Next") && $0.contains("Then") && !$0.contains("▶") }, "\(screen)")
        #expect(screen.contains { $0.contains("Get dressed") && $0.contains("Brush teeth") })
        tick(f, runtime, after: 9 * 60 * 60 + 59 * 60)   // 16:59
        screen = lines(runtime)
        #expect(screen.contains { $0.contains("▶ Now") } && !screen.contains { $0.contains("Then") }, "\(screen)")
        #expect(screen.contains { $0.contains("Eat lunch") } && !screen.contains { $0.contains("Brush teeth") })
        // The last one lasts until the daycare closes (17:00): then the day is over, said with a picture of home.
        tick(f, runtime, after: 60)   // 17:00
        screen = lines(runtime)
        #expect(screen[4].trimmingCharacters(in: .whitespaces) == "🏠", "\(screen)")
        #expect(screen.contains { $0.contains("The day is over.") } && !screen.contains { $0.contains("Eat lunch") }, "\(screen)")
        tick(f, runtime, after: 6 * 60 * 60 + 59 * 60)   // 23:59
        #expect(lines(runtime) == screen, "not now until midnight")
        tick(f, runtime, after: 60)   // Monday 0:00
        screen = lines(runtime)
        #expect(runtime.daycare.today == Day("2026-11-23"), "a new day")
        #expect(screen.contains { $0.contains("▷ Next") }, "\(screen)")
        #expect(screen.contains { $0.contains("Get dressed") && $0.contains("Brush teeth") })
    }

    @Test(arguments: ["en", "fi"])
    func aClosedDayNobodyHereOrNothingTimedIsSaidInWords(_ language: String) throws {
        let english = language == "en"
        let (closed, _) = try day(language)
        var settings = closed.daycare.settings
        settings.closedWeekdays = [7]   // the fixture's day is a Sunday
        try closed.daycare.updateSettings(settings)
        let closedKiosk = try closed.runtime(40, 12)
        openToday(closedKiosk)
        // A picture first, for a child who cannot read the words under it.
        #expect(lines(closedKiosk)[4].trimmingCharacters(in: .whitespaces) == "🏠", "\(lines(closedKiosk))")
        #expect(lines(closedKiosk)[6].contains(english ? "The daycare is closed today." : "Päiväkoti on tänään kiinni."), "\(lines(closedKiosk))")
        #expect(!lines(closedKiosk).contains { $0.contains("Get dressed") })

        let (away, _) = try day(language)
        try away.daycare.setAway(child: away.aino, away: true)
        try away.daycare.setAway(child: away.eero, away: true)
        let awayKiosk = try away.runtime(50, 16)
        openToday(awayKiosk)
        #expect(lines(awayKiosk)[4].trimmingCharacters(in: .whitespaces) == "🏠", "\(lines(awayKiosk))")
        #expect(lines(awayKiosk)[6].contains(english ? "Everyone is away today." : "Kaikki ovat tänään poissa."), "\(lines(awayKiosk))")

        let plain = try KioskFixture(language: language)
        let plainKiosk = try plain.runtime(80, 24)
        openToday(plainKiosk)
        #expect(lines(plainKiosk)[4].trimmingCharacters(in: .whitespaces) == "🕘")
        let words = lines(plainKiosk)[6...7].joined(separator: " ")
        #expect(words.contains(english ? "Nothing has a time today." : "Tänään millään tehtävällä ei ole kellonaikaa."), "\(words)")
        #expect(words.contains("Ctrl-T"))
    }

    /// A child away takes their tasks along: Eero's lunch goes, the rest stays.
    @Test func onlyTheTasksOfChildrenHere() throws {
        let (f, _) = try day()
        try f.daycare.setAway(child: f.eero, away: true)
        let runtime = try f.runtime(80, 24)
        openToday(runtime)
        let screen = lines(runtime)
        #expect(screen.contains { $0.contains("Get dressed") && $0.contains("Brush teeth") } && !screen.contains { $0.contains("Eat lunch") },
                "\(screen)")
    }

    /// Chosen once: kept while other tabs show, Esc shows the groups, and the
    /// child side left alone goes back to the group's day. With one group
    /// there is nothing to choose.
    @Test func theGroupIsChosenOnceAndGoneBackToAfterIdle() throws {
        let (f, _) = try day()
        let runtime = try f.runtime(80, 24)
        runtime.handle(.key(.backTab))
        runtime.handle(.key(.backTab))
        #expect(runtime.state.side == .child(.today))
        #expect(lines(runtime)[2].contains("Choose your group"))
        #expect(!lines(runtime)[23].contains("Esc"), "nothing chosen yet to go back to")
        runtime.handle(.key(.enter))
        #expect(runtime.state.today.group == f.daycare.roster.groups[0].id)
        runtime.handle(.key(.backTab))
        runtime.handle(.key(.tab))
        #expect(lines(runtime)[2].contains("Squirrels"), "\(lines(runtime))")
        runtime.handle(.key(.escape))
        #expect(lines(runtime)[2].contains("Choose your group"))
        runtime.handle(.key(.down))
        runtime.handle(.key(.escape))
        #expect(lines(runtime)[2].contains("Squirrels"), "Esc on the list goes back to the day")
        runtime.handle(.key(.escape))
        runtime.handle(.key(.down))
        tick(f, runtime, after: Kiosk.childSideIdleSeconds)
        #expect(lines(runtime)[2].contains("Squirrels"), "\(lines(runtime))")
        // Bears, chosen by typing its name, is kept.
        runtime.handle(.key(.escape))
        runtime.handle(.key(.character("b")))
        runtime.handle(.key(.enter))
        #expect(lines(runtime)[2].contains("Bears") && lines(runtime)[4].contains("No children"), "\(lines(runtime))")

        let one = try KioskFixture()
        try one.daycare.perform(.deleteGroup(one.daycare.roster.groups[1].id))
        let single = try one.runtime(80, 24)
        single.handle(.key(.backTab))
        single.handle(.key(.backTab))
        #expect(lines(single)[2].contains("Squirrels"), "one group: its day at once")
        #expect(!lines(single)[23].contains("Esc"), "no other group to go to")
    }

    @Test(arguments: ["en", "fi"])
    func spaceSaysNowAndThen(_ language: String) throws {
        let english = language == "en"
        let (f, _) = try day(language)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        var settings = f.daycare.settings
        settings.readAloud = true
        try f.daycare.updateSettings(settings)
        let voice = RecordingVoice()
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), voice: voice)
        runtime.handle(.key(.tab))
        runtime.handle(.key(.tab))
        #expect(voice.sentences.isEmpty)
        runtime.handle(.key(.enter))
        let first = english ? "Now: Get dressed. Then: Brush teeth." : "Nyt: Get dressed. Sitten: Brush teeth."
        #expect(voice.sentences == [first], "a day just opened is said")
        #expect(lines(runtime)[23].contains(english ? "Space read aloud" : "Väli lue ääneen"), "\(lines(runtime)[23])")
        runtime.handle(.key(.character(" ")))
        runtime.handle(.click(x: 20, y: 8))
        #expect(voice.sentences == [first, first, first])
        #expect(voice.languages.allSatisfy { $0 == (english ? .en : .fi) })
        tick(f, runtime, after: 2 * 60 * 60)   // 12:00: lunch is the last
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.last == (english ? "Now: Eat lunch." : "Nyt: Eat lunch."))
        tick(f, runtime, after: 19 * 60 * 60 + 30 * 60)   // Monday 7:30
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.last == (english ? "Next: Get dressed. Then: Brush teeth." : "Seuraavaksi: Get dressed. Sitten: Brush teeth."))
    }

    @Test func aClosedDayIsSaidAloudToo() throws {
        let (f, _) = try day()
        var settings = f.daycare.settings
        settings.closedWeekdays = [7]
        let narrator = Narrator(strings: f.strings)
        let roomDay = try #require(RoomDay(group: f.daycare.roster.groups[0].id, on: f.daycare.today, roster: f.daycare.roster,
                                           settings: settings, away: []))
        #expect(narrator.roomDay(roomDay, at: .midnight) == "The daycare is closed today.")
        let nobody = try #require(RoomDay(group: f.daycare.roster.groups[0].id, on: f.daycare.today, roster: f.daycare.roster,
                                          settings: Settings(), away: [f.aino, f.eero]))
        #expect(narrator.roomDay(nobody, at: .midnight) == "Nothing has a time today.")
    }
}
