import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 39: taps as a touch screen makes them (a press, then a release).
@Suite struct TapTrackerTests {
    private let a = TouchTarget(Rect(x: 0, y: 3, width: 20, height: 2), .row(0))
    private let b = TouchTarget(Rect(x: 0, y: 6, width: 20, height: 2), .row(1))

    @Test func aTapActsWhenTheFingerLiftsOnTheTargetItWentDownOn() {
        var tracker = TapTracker()
        #expect(tracker.handle(Pointer(.press, x: 2, y: 3), target: a, at: 0) == nil)
        #expect(tracker.handle(Pointer(.release, x: 5, y: 4), target: a, at: 0.1) == .tap(.row(0)))
    }

    @Test func aSlideToAnotherTargetDoesNothing() {
        var tracker = TapTracker()
        _ = tracker.handle(Pointer(.press, x: 2, y: 4), target: a, at: 0)
        #expect(tracker.handle(Pointer(.release, x: 2, y: 6), target: b, at: 0.1) == nil)
        // Nor onto nothing, nor a release whose press was not seen.
        _ = tracker.handle(Pointer(.press, x: 2, y: 4), target: a, at: 1)
        #expect(tracker.handle(Pointer(.release, x: 2, y: 5), target: nil, at: 1.1) == nil)
        #expect(tracker.handle(Pointer(.release, x: 2, y: 4), target: a, at: 2) == nil)
    }

    @Test func aPressHeldLongerThanASecondDoesNothing() {
        var tracker = TapTracker()
        _ = tracker.handle(Pointer(.press, x: 2, y: 3), target: a, at: 0)
        #expect(tracker.handle(Pointer(.release, x: 2, y: 3), target: a, at: 1.2) == nil)
        _ = tracker.handle(Pointer(.press, x: 2, y: 3), target: a, at: 5)
        #expect(tracker.handle(Pointer(.release, x: 2, y: 3), target: a, at: 5.9) == .tap(.row(0)))
    }

    @Test func aSecondTapOnTheSamePlaceWithinHalfASecondCountsOnce() {
        var tracker = TapTracker()
        func tap(_ target: TouchTarget, y: Int? = nil, at time: TimeInterval) -> TapTracker.Gesture? {
            _ = tracker.handle(Pointer(.press, x: 2, y: y ?? target.rect.y), target: target, at: time)
            return tracker.handle(Pointer(.release, x: 2, y: y ?? target.rect.y), target: target, at: time + 0.05)
        }
        #expect(tap(a, at: 0) == .tap(.row(0)))
        #expect(tap(a, y: 4, at: 0.3) == nil)
        // Where the first tap was, whatever it opened there.
        #expect(tap(TouchTarget(Rect(x: 0, y: 2, width: 40, height: 10), .action(.choose)), y: 3, at: 0.35) == nil)
        #expect(tap(b, at: 0.4) == .tap(.row(1)))
        #expect(tap(a, at: 0.7) == .tap(.row(0)))
    }

    @Test func aDragOverTilesScrollsATileForEachTilesHeightAndAWobbleStillTaps() {
        var tracker = TapTracker()
        _ = tracker.handle(Pointer(.press, x: 2, y: 4), target: a, at: 0)
        // Within its tile, a finger that moves a row still taps.
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 3), target: a, at: 0.1, pitch: 3) == nil)
        #expect(tracker.handle(Pointer(.release, x: 2, y: 3), target: a, at: 0.2) == .tap(.row(0)))
        // Seven rows up over tiles of three (two rows and a gap): two tiles, the third only begun.
        _ = tracker.handle(Pointer(.press, x: 2, y: 12), target: a, at: 2)
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 10), target: a, at: 2.1, pitch: 3) == nil)
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 8), target: b, at: 2.2, pitch: 3) == .scroll(under: .row(0), rows: 1))
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 5), target: b, at: 2.3, pitch: 3) == .scroll(under: .row(0), rows: 1))
        #expect(tracker.handle(Pointer(.release, x: 2, y: 5), target: a, at: 2.4) == nil)
    }

    @Test func aDragScrollsAndTapsNothing() {
        var tracker = TapTracker()
        _ = tracker.handle(Pointer(.press, x: 2, y: 8), target: a, at: 0)
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 8), target: a, at: 0.1) == nil)
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 5), target: b, at: 0.2) == .scroll(under: .row(0), rows: 3))
        #expect(tracker.handle(Pointer(.drag, x: 2, y: 6), target: b, at: 0.3) == .scroll(under: .row(0), rows: -1))
        #expect(tracker.handle(Pointer(.release, x: 2, y: 6), target: a, at: 0.4) == nil)
        #expect(tracker.handle(Pointer(.wheelDown, x: 2, y: 6), target: a, at: 0.5) == .scroll(under: .row(0), rows: 1))
        #expect(tracker.handle(Pointer(.wheelUp, x: 2, y: 6), target: nil, at: 0.6) == .scroll(under: nil, rows: -1))
    }
}

/// Every child screen and the Mark tab by touch alone, at the four sizes in
/// both languages, with a group of 30 children: each target where its
/// words are, a tap in each, a slide, a long press, a double tap, the
/// wheel, ▲ ▼.
@Suite struct TouchTests {
    /// The fixture with Bears grown to 30 children, each with a task on their board.
    private func fixture(_ at: Screenful) throws -> (KioskFixture, [ChildID]) {
        let f = try KioskFixture(language: at.language)
        var added: [ChildID] = []
        try f.daycare.edit(RosterChange(.addChild, "thirty")) { (roster: inout Roster) throws(TaskBoardError) in
            let bears = roster.groups[1].id
            for n in 1...30 {
                let child = try roster.addChild(name: "Child \(n < 10 ? "0" : "")\(n)", avatar: "🐝", group: bears)
                roster.children[roster.children.count - 1].firstDay = Day("2026-09-01")
                try roster.addToBoard(f.tasks[0], child: child)
                added.append(child)
            }
        }
        return (f, added)
    }

    @Test(arguments: Screenful.all)
    func everyChildOfAGroupOfThirtyIsReachedByTouch(_ at: Screenful) throws {
        let (f, bears) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        let tiles = at.height >= 16
        // The group by its tile; Bears are the second group.
        try r.tap(.row(1), f)
        #expect(r.state.tasks.step == .chooseChild(f.daycare.roster.groups[1].id))
        try expectRowsWhereTheirNames(r, tiles: tiles)
        // ▼ until the last child shows: a page at a time, never opening a row.
        var pages = 0
        while let down = r.render().targets.first(where: { if case .scroll(let rows) = $0.tap { rows > 0 } else { false } }) {
            try r.tap(down.tap, f)
            pages += 1
            #expect(r.state.tasks.step == .chooseChild(f.daycare.roster.groups[1].id))
            try #require(pages < 30)
            try expectRowsWhereTheirNames(r, tiles: tiles)
        }
        #expect(lines(r).joined().contains("Child 30"))
        // ▲ is there now, and the last child opens by a tap on their name.
        #expect(r.render().targets.contains { $0.tap == .scroll(-Kiosk.listLayout(r.state).page) })
        try r.tap(.row(29), f)
        #expect(r.state.tasks.step == .board(bears[29]))
        // Back by the arrow, then the tab tapped again: the groups.
        let back = try #require(r.render().targets.first { $0.tap == .action(.back) })
        #expect(back.rect.height == 2 && r.render().textLines[back.rect.y + 1].contains("◀"))
        try r.tap(.action(.back), f)
        #expect(r.state.tasks.step == .chooseChild(f.daycare.roster.groups[1].id))
        try r.tap(.tab(0), f)
        #expect(r.state.tasks.step == .chooseGroup)
    }

    /// Each row's target holds its name, and nothing else's: a tile two rows
    /// high with a row between tiles (from 50×16), a row each at 40×12.
    private func expectRowsWhereTheirNames(_ r: KioskRuntime, tiles: Bool) throws {
        let buffer = r.render()
        let list = try #require(Kiosk.screenList(r.state, r.screen.context(for: r.state, data: r.snapshot())))
        let rows = buffer.targets.compactMap { target -> (Int, Rect)? in if case .row(let i) = target.tap { (i, target.rect) } else { nil } }
        #expect(!rows.isEmpty)
        for (index, rect) in rows {
            let text = (rect.y..<rect.y + rect.height).map { buffer.textLines[$0] }.joined()
            #expect(text.contains(list.names[index]), "row \(index) is not where \(list.names[index]) is")
            #expect(rect.height == (tiles ? 2 : 1))
        }
        for (above, below) in zip(rows, rows.dropFirst()) {
            #expect(below.1.y - (above.1.y + above.1.height) == (tiles ? 1 : 0), "the gap between rows \(above.0) and \(below.0)")
        }
    }

    @Test(arguments: Screenful.all)
    func aSlideALongPressAndADoubleTapDoNothingMore(_ at: Screenful) throws {
        let (f, _) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        try r.tap(.row(1), f)
        let targets = r.render().targets
        let first = try #require(targets.first { $0.tap == .row(0) }), second = try #require(targets.first { $0.tap == .row(1) })
        // A finger that lands on one child and lifts on the next opens neither.
        r.handle(.pointer(Pointer(.press, x: first.rect.x + 2, y: first.rect.y)))
        r.handle(.pointer(Pointer(.release, x: second.rect.x + 2, y: second.rect.y)))
        #expect(r.state.tasks.child == nil)
        // A palm resting on a child for two seconds opens nothing.
        f.clock.advance(by: 1)
        r.handle(.pointer(Pointer(.press, x: first.rect.x + 2, y: first.rect.y)))
        f.clock.advance(by: 2)
        r.handle(.pointer(Pointer(.release, x: first.rect.x + 2, y: first.rect.y)))
        #expect(r.state.tasks.child == nil)
        // ▼ tapped twice at once pages once.
        f.clock.advance(by: 1)
        let down = try #require(r.render().targets.first { if case .scroll(let rows) = $0.tap { rows > 0 } else { false } })
        let page = Kiosk.listLayout(r.state).page
        for _ in 0..<2 { r.handle(.click(x: down.rect.x + 1, y: down.rect.y)) }
        #expect(r.state.tasks.children.offset == page)
        // The wheel scrolls one row a notch, over the list.
        r.handle(.pointer(Pointer(.wheelDown, x: 3, y: first.rect.y)))
        #expect(r.state.tasks.children.offset == page + 1)
        r.handle(.pointer(Pointer(.wheelUp, x: 3, y: first.rect.y)))
        r.handle(.pointer(Pointer(.wheelUp, x: 3, y: first.rect.y)))
        #expect(r.state.tasks.children.offset == page - 1)
        // A drag up by a tile and its gap (a row at 40×12) shows the next row: the list follows the finger.
        let pitch = Kiosk.listLayout(r.state).rowHeight + Kiosk.listLayout(r.state).gap
        r.handle(.pointer(Pointer(.press, x: 3, y: first.rect.y + pitch)))
        r.handle(.pointer(Pointer(.drag, x: 3, y: first.rect.y + pitch - 1)))
        #expect(r.state.tasks.children.offset == (pitch == 1 ? page : page - 1))
        r.handle(.pointer(Pointer(.drag, x: 3, y: first.rect.y)))
        r.handle(.pointer(Pointer(.release, x: 3, y: first.rect.y)))
        #expect(r.state.tasks.children.offset == page)
        #expect(r.state.tasks.child == nil)
    }

    /// The wheel after keys moved the chosen child off the first page:
    /// the list scrolls on from where it shows, the chosen child stays.
    @Test(arguments: Screenful.all)
    func theWheelScrollsOnFromTheRowsOnScreen(_ at: Screenful) throws {
        let (f, _) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        try r.tap(.row(1), f)
        for _ in 0..<12 { r.handle(.key(.down)) }
        let shown = Kiosk.listLayout(r.state).shown
        let before = lines(r)
        #expect(before.joined().contains("Child 13"))
        r.handle(.pointer(Pointer(.wheelDown, x: 3, y: KioskLayout.contentTop + 1)))
        #expect(r.state.tasks.children.offset == 12 - shown + 2)
        #expect(r.state.tasks.children.index == 12)
        #expect(lines(r).joined().contains("Child 13"))
    }

    @Test(arguments: Screenful.all)
    func theLeaderboardsPeriodAndGroupAreTargets(_ at: Screenful) throws {
        let (f, _) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        try r.tap(.tab(1), f)
        #expect(r.state.side == .child(.leaderboard))
        let periods = r.render().targets.compactMap { if case .period(let period) = $0.tap { period } else { nil } }
        if periods.isEmpty {
            // Narrow: ◂ and ▸ around the period shown.
            try r.tap(.action(.right), f)
            #expect(r.state.leaderboard.period == Period.allCases[1])
            try r.tap(.action(.left), f)
            #expect(r.state.leaderboard.period == Period.allCases[0])
        } else {
            #expect(periods == Period.allCases)
            for period in Period.allCases.reversed() {
                try r.tap(.period(period), f)
                #expect(r.state.leaderboard.period == period)
            }
        }
        try r.tap(.action(.choose), f)
        #expect(r.state.leaderboard.group == f.daycare.roster.groups[0].id)
        // Every row is a target; the list scrolls by ▼.
        let rows = r.render().targets.filter { if case .leaderboardRow = $0.tap { true } else { false } }
        #expect(rows.count == 2)
        try r.tap(.action(.choose), f)
        // Bears' 30 rows are longer than the screen but at 120×40.
        let down = r.render().targets.first { if case .scroll(let n) = $0.tap { n > 0 } else { false } }
        #expect((down == nil) == (at.height >= 40))
        if let down {
            try r.tap(down.tap, f)
            #expect(r.state.leaderboard.scroll > 0)
        }
    }

    /// The leaderboard's rows are tiles a finger hits (two rows high, a row
    /// between) from 50×16, in columns read down where a wide screen does
    /// not hold the group in one (two at 80, three at 120); ▼ reaches every
    /// child, in order.
    @Test(arguments: Screenful.all)
    func everyChildOnTheLeaderboardIsATileReachedByTouch(_ at: Screenful) throws {
        let (f, bears) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        try r.tap(.tab(1), f)
        try r.tap(.action(.choose), f)
        try r.tap(.action(.choose), f)
        #expect(r.state.leaderboard.group == f.daycare.roster.groups[1].id)
        let tiles = at.height >= 16, columns = !tiles ? 1 : at.width >= 120 ? 3 : at.width >= 80 ? 2 : 1
        var seen: [ChildID] = []
        for page in 0... {
            try #require(page < 30)
            let buffer = r.render()
            let rows = buffer.targets.compactMap { target in target.childID.map { ($0, target.rect) } }
            for (child, rect) in rows {
                let name = try #require(f.daycare.roster.children.first { $0.id == child }).name
                let text = (rect.y..<rect.y + rect.height).map { y in (rect.x..<rect.x + rect.width).map { buffer[$0, y].text }.joined() }
                #expect(text[0].contains(name) && rect.height == (tiles ? 2 : 1), "\(name): \(text)")
            }
            // Down each column with a row between tiles, then the next column.
            let xs = rows.map(\.1.x).reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
            #expect(xs.count == columns && xs == xs.sorted(), "\(xs)")
            for (above, below) in zip(rows, rows.dropFirst()) where above.1.x == below.1.x {
                #expect(below.1.y - above.1.y == (tiles ? 3 : 1))
            }
            seen += rows.map(\.0).filter { !seen.contains($0) }
            guard let down = buffer.targets.first(where: { if case .scroll(let n) = $0.tap { n > 0 } else { false } }) else { break }
            try r.tap(down.tap, f)
        }
        // Nobody has points: every child once, in the leaderboard's order (by name).
        #expect(seen == bears)
        // A finger drags a tile and its gap to scroll one child back (at
        // 120×40 the thirty are all on screen: nothing to scroll).
        let before = r.state.leaderboard.scroll, pitch = tiles ? 3 : 1
        #expect((before == 0) == (at.width >= 120))
        let first = try #require(r.render().targets.first { $0.childID != nil })
        f.clock.advance(by: 1)
        r.handle(.pointer(Pointer(.press, x: first.rect.x + 2, y: first.rect.y)))
        r.handle(.pointer(Pointer(.drag, x: first.rect.x + 2, y: first.rect.y + pitch)))
        r.handle(.pointer(Pointer(.release, x: first.rect.x + 2, y: first.rect.y + pitch)))
        #expect(r.state.leaderboard.scroll == max(0, before - 1))
    }

    @Test func aRowTappedOnTheLeaderboardIsReadAloudWhereReadAloudIsOn() throws {
        let f = try KioskFixture()
        var state = f.state()
        state.side = .child(.leaderboard)
        let screen = f.screen()
        let targets = screen.render(state, over: f.daycare).targets
        let row = try #require(targets.first { if case .leaderboardRow = $0.tap { true } else { false } })
        func context(readAloud: Bool) -> KioskContext {
            KioskContext(roster: f.daycare.roster, settings: Settings(), now: f.clock.now(), uptime: 10, readAloud: readAloud).with(targets: targets)
        }
        var quiet = state
        #expect(Kiosk.update(&quiet, .click(x: row.rect.x + 1, y: row.rect.y), context(readAloud: false)) == [])
        #expect(Kiosk.update(&state, .click(x: row.rect.x + 1, y: row.rect.y), context(readAloud: true)) == [.readAloudRow(row.childID!)])
    }

    @Test(arguments: Screenful.all)
    func theTodayTabsGroupIsChosenAndLeftByTouch(_ at: Screenful) throws {
        let (f, _) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        try r.tap(.tab(2), f)
        #expect(r.state.side == .child(.today))
        try r.tap(.row(1), f)
        #expect(r.state.today.shown(in: f.daycare.roster) == f.daycare.roster.groups[1].id)
        try r.tap(.action(.back), f)
        #expect(r.state.today.shown(in: f.daycare.roster) == nil)
        try r.tap(.row(0), f)
        #expect(r.state.today.shown(in: f.daycare.roster) == f.daycare.roster.groups[0].id)
    }

    @Test(arguments: Screenful.all)
    func theMarkTabTicksByTouchAtEverySize(_ at: Screenful) throws {
        let (f, bears) = try fixture(at)
        let r = try f.runtime(at.width, at.height, admin: true)
        // The group's name goes to the next group: Bears.
        try r.tap(.action(.choose), f)
        #expect(r.state.mark.group == f.daycare.roster.groups[1].id)
        if r.state.showsOneChild {
            try r.tap(.action(.right), f)
            #expect(r.state.mark.row == 1)
            try r.tap(.childTask(0), f)
            #expect(try f.daycare.isDone(child: bears[1], task: f.tasks[0]))
            try r.tap(.action(.left), f)
            #expect(r.state.mark.row == 0)
        } else {
            try r.tap(.sheetCell(row: 1, column: 0), f)
            #expect(try f.daycare.isDone(child: bears[1], task: f.tasks[0]))
        }
        // The sheet's last child by ▼, then a tick.
        f.clock.advance(by: 1)
        if !r.state.showsOneChild {
            while let down = r.render().targets.first(where: { if case .scroll(let n) = $0.tap { n > 0 } else { false } }) {
                try r.tap(down.tap, f)
                try #require(r.state.mark.row < 30)
            }
            try r.tap(.sheetCell(row: 29, column: 0), f)
            #expect(try f.daycare.isDone(child: bears[29], task: f.tasks[0]))
        }
    }

    /// Issue 39: a tablet without a keyboard. The grown-up check's number
    /// and the PIN are typed on a number pad drawn under them (keys two rows
    /// high with a gap at 80×24 and up, a row each below). At 40×12 the pad
    /// keeps its rows before the words less needed: before, it had none for
    /// the check there, and a touch-only kiosk could never get in.
    @Test(arguments: Screenful.all)
    func anAdultLogsInOnTheNumberPad(_ at: Screenful) throws {
        let (f, _) = try fixture(at)
        let r = try f.runtime(at.width, at.height)
        // (At 40×12 in Finnish the tab bar scrolls: the Admin tab is a key away.)
        r.handle(.key(.backTab))
        #expect(r.state.side == .child(.admin))
        let pad = r.render().targets.filter { if case .key = $0.tap { true } else { false } }
        #expect(pad.count == 12)
        #expect(pad.allSatisfy { $0.rect.height == (at.height >= 24 ? 2 : 1) && $0.rect.width == Keypad.keyWidth })
        // Nothing of the pad covers the question or the field.
        let rows = Set(pad.flatMap { $0.rect.y..<($0.rect.y + $0.rect.height) })
        #expect(!lines(r).enumerated().contains { rows.contains($0.offset) && ($0.element.contains("Number") || $0.element.contains("Luku")) })
        // A wrong digit erased with ⌫; the same digit twice at once counts twice (a PIN's 4 4).
        try r.tap(.key(.character("9")), f)
        try r.tap(.key(.backspace), f)
        for digit in String(r.state.pin.check.number) { try tapAtOnce(r, .key(.character(digit))) }
        try r.tap(.key(.enter), f)
        #expect(r.state.pin.checkPassed, "\(lines(r).joined(separator: "\n"))")
        for digit in "4829" { try tapAtOnce(r, .key(.character(digit))) }
        try r.tap(.key(.enter), f)
        #expect(r.state.side == .admin(.mark), "\(lines(r).joined(separator: "\n"))")
    }

    /// A tap without the second's wait: the next may come at once.
    private func tapAtOnce(_ r: KioskRuntime, _ tap: Tap) throws {
        let target = try #require(r.render().targets.last { $0.tap == tap })
        r.handle(.pointer(Pointer(.press, x: target.rect.x + 1, y: target.rect.y)))
        r.handle(.pointer(Pointer(.release, x: target.rect.x + 1, y: target.rect.y)))
    }
}

extension TouchTarget {
    /// The child of a leaderboard row's target.
    var childID: ChildID? { if case .leaderboardRow(let child) = tap { child } else { nil } }
}

extension KioskRuntime {
    /// A finger on the middle of the target that does `tap` on the frame on
    /// screen, lifted at once; then a second passes, so the next tap is not
    /// taken for a double tap.
    func tap(_ tap: Tap, _ f: KioskFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = try #require(render().targets.last { $0.tap == tap }, "no target \(tap) on\n\(lines(self).joined(separator: "\n"))",
                                  sourceLocation: sourceLocation)
        // The middle of it, or the cell nearest that is not under another target.
        let frame = render()
        let cells = (target.rect.y..<target.rect.y + target.rect.height).flatMap { y in
            (target.rect.x..<target.rect.x + target.rect.width).map { (x: $0, y: y) }
        }
        let middle = (x: target.rect.x + target.rect.width / 2, y: target.rect.y + target.rect.height / 2)
        let (x, y) = try #require(cells.filter { frame.target(atX: $0.x, y: $0.y) == target }
            .min { abs($0.x - middle.x) + abs($0.y - middle.y) < abs($1.x - middle.x) + abs($1.y - middle.y) },
            "\(tap) is covered", sourceLocation: sourceLocation)
        handle(.pointer(Pointer(.press, x: x, y: y)))
        handle(.pointer(Pointer(.release, x: x, y: y)))
        f.clock.advance(by: 1)
    }
}

/// Issue 39: what a child must read to find themselves on the leaderboard.
@Suite struct FindingOneselfTests {
    @Test func moreStarsAreAlwaysMoreOrBiggerPictures() {
        let theme = Theme(color: false, unicode: true)
        #expect(LeaderboardView.stars(5, byTens: false, theme: theme) == "⭐⭐⭐⭐⭐")
        // 38 and 118: tens and hundreds, not two rows cut at one length.
        #expect(LeaderboardView.stars(38, byTens: true, theme: theme) == "🌟🌟🌟⭐⭐⭐⭐⭐⭐⭐⭐")
        #expect(LeaderboardView.stars(118, byTens: true, theme: theme) == "🏆🌟⭐⭐⭐⭐⭐⭐⭐⭐")
        #expect(LeaderboardView.stars(21, byTens: true, theme: Theme(color: false, unicode: false)) == "XX*")
    }

    /// One row that does not fit puts every row in tens: 21 is never drawn
    /// longer than 37 beside it.
    @Test func everyRowGoesByTensWhereOneDoesNotFit() {
        let rows = [(21, 1), (37, 2), (4, 3)].map { LeaderboardView.Row(rank: 0, childID: $0.1, name: "C\($0.1)", avatar: "🐝", points: $0.0) }
        var buffer = ScreenBuffer(size: Size(width: 60, height: 4))
        LeaderboardView(rows: rows, theme: Theme(color: false, unicode: true), ranked: false).render(into: &buffer, area: Rect(x: 1, y: 0, width: 58, height: 4))
        let text = lines(buffer)
        #expect(text[0].hasSuffix("🌟🌟⭐") && text[1].hasSuffix("🌟🌟🌟⭐⭐⭐⭐⭐⭐⭐") && text[2].hasSuffix("⭐⭐⭐⭐"), "\(text)")
    }

    @Test(arguments: Screenful.all)
    func theChildWhoOpenedTheirBoardIsMarkedUntilTheIdleReset(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        let r = try f.runtime(at.width, at.height)
        for key: Key in [.enter, .down, .enter, .escape, .tab] { r.handle(.key(key)) }
        #expect(r.state.side == .child(.leaderboard))
        // Eero went back from his board: his row still has ▶, Aino's not.
        var rows = lines(r).filter { $0.contains("Eero") || $0.contains("Aino") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.hasPrefix("▶") == $0.contains("Eero") }, "\(rows)")
        f.clock.advance(by: Kiosk.childSideIdleSeconds + 1)
        r.handle(.tick(f.clock.now()))
        rows = lines(r).filter { $0.contains("Eero") || $0.contains("Aino") }
        #expect(rows.allSatisfy { !$0.hasPrefix("▶") }, "\(rows)")
    }
}

/// A child's month by touch: ◂ ▸ change the month, the arrow goes back to the board.
@Suite struct MonthByTouchTests {
    @Test(arguments: Screenful.all)
    func theMonthsArrowsAndBackAreTargets(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        let r = try f.runtime(at.width, at.height)
        for key: Key in [.enter, .enter, .character("v")] { r.handle(.key(key)) }
        #expect(r.state.tasks.monthsBack == 0)
        #expect(!r.render().targets.contains { $0.tap == .action(.right) })
        try r.tap(.action(.left), f)
        #expect(r.state.tasks.monthsBack == 1)
        try r.tap(.action(.right), f)
        #expect(r.state.tasks.monthsBack == 0)
        try r.tap(.action(.back), f)
        #expect(r.state.tasks.monthsBack == nil && r.state.tasks.child == f.aino)
    }

    /// A group's week on the admin side (Groups, v): ◂ ▸ and back by touch.
    @Test(arguments: Screenful.all)
    func theGroupWeeksArrowsAndBackAreTargets(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        let r = try f.runtime(at.width, at.height, admin: true)
        for key: Key in [.tab, .tab, .enter, .control("v")] { r.handle(.key(key)) }
        #expect(r.state.groups.weeksBack == 0)
        #expect(!r.render().targets.contains { $0.tap == .action(.right) })
        try r.tap(.action(.left), f)
        #expect(r.state.groups.weeksBack == 1)
        try r.tap(.action(.right), f)
        #expect(r.state.groups.weeksBack == 0)
        let back = try #require(r.render().targets.first { $0.tap == .action(.back) })
        #expect(back.rect.height == 2)
        try r.tap(.action(.back), f)
        #expect(r.state.groups.weeksBack == nil && r.state.groups.open == f.daycare.roster.groups[0].id)
    }
}

/// A tablet without a keyboard on the admin side: a question and a form
/// answered by their buttons, and every hint on the bar a target.
@Suite struct DialogsByTouchTests {
    @Test(arguments: Screenful.all)
    func aQuestionAndAFormAreAnsweredByTouch(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        let r = try f.runtime(at.width, at.height, admin: true)
        r.handle(.key(.escape))
        try r.tap(.tab(KioskState.AdminTab.allCases.firstIndex(of: .library)!), f)
        #expect(r.state.side == .admin(.library))
        let (delete, cancel) = at.english ? ("Delete", "Cancel") : ("Poista", "Peru")
        // Del asks; Cancel keeps the task, Delete deletes it.
        r.handle(.key(.delete))
        try expectButtons([delete, cancel], in: r)
        try r.tap(.action(.back), f)
        #expect(r.state.overlays.isEmpty && f.daycare.roster.tasks.count == 3)
        r.handle(.key(.delete))
        try r.tap(.action(.choose), f)
        #expect(r.state.overlays.isEmpty && f.daycare.roster.tasks.count == 2)
        // A form: Cancel closes it, nothing added.
        r.handle(.key(.character("+")))
        #expect(r.state.form != nil)
        try expectButtons([at.english ? "Save" : "Tallenna", cancel], in: r)
        try r.tap(.action(.back), f)
        #expect(r.state.form == nil && f.daycare.roster.tasks.count == 2)
        // Every hint on the bar is a target where its words are, doing what its key does.
        let buffer = r.render(), bar = at.height - 1
        let hints = buffer.targets.filter { if case .hint = $0.tap { true } else { false } }
        #expect(!hints.isEmpty && hints.allSatisfy { $0.rect.y == bar && $0.rect.height == 1 })
        r.handle(.key(.delete))
        try r.tap(.hint(.back), f)
        #expect(r.state.overlays.isEmpty && f.daycare.roster.tasks.count == 2)
    }

    /// A child who taps "? help" on the bar gets out with a tap anywhere on
    /// it, and the next child never finds it open.
    @Test(arguments: Screenful.all)
    func helpOpenedByATapClosesAtATapAndForTheNextChild(_ at: Screenful) throws {
        let f = try KioskFixture(language: at.language)
        let r = try f.runtime(at.width, at.height)
        try r.tap(.hint(.help), f)
        #expect(r.state.showingHelp)
        let cover = try #require(r.render().targets.first { $0.tap == .action(.help) })
        #expect(cover.rect.width == at.width && cover.rect.height == at.height)
        try r.tap(.action(.help), f)
        #expect(!r.state.showingHelp && r.state.side == .child(.tasks))
        try r.tap(.hint(.help), f)
        f.clock.advance(by: Kiosk.childSideIdleSeconds + 1)
        r.handle(.tick(f.clock.now()))
        #expect(!r.state.showingHelp)
    }

    /// The answers on the box's last row, each a target over its words.
    private func expectButtons(_ labels: [String], in r: KioskRuntime, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let buffer = r.render()
        let buttons = buffer.targets.filter { $0.tap == .action(.choose) || $0.tap == .action(.back) }
        #expect(buttons.count == labels.count, sourceLocation: sourceLocation)
        for (button, label) in zip(buttons, labels) {
            let text = (button.rect.x..<button.rect.x + button.rect.width).map { buffer[$0, button.rect.y].text }.joined()
            #expect(text == " \(label) ", sourceLocation: sourceLocation)
        }
    }
}
