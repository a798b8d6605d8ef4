import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 10: every screen at the sizes a big kiosk font gives (down to the
/// 40×12 minimum), besides 80×24 and 120×40: what matters stays on screen.
@Suite struct SmallScreenTests {
    static let sizes = [Size(width: 40, height: 12), Size(width: 50, height: 16), Size(width: 64, height: 20),
                        Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// Every scene of `KioskScenes` at every size, in both languages, in colour
    /// (the styles tell the cursor and the dialogs apart).
    private func eachScene(_ body: (String, KioskState, KioskContext, KioskFixture, ScreenBuffer) throws -> Void) throws {
        for language in ["en", "fi"] {
            let f = try KioskFixture(language: language)
            let scenes = try KioskScenes(f)
            let screen = f.screen(color: true)
            for (name, base, context) in scenes.states {
                for size in Self.sizes {
                    var state = base
                    _ = Kiosk.update(&state, .resize(size), context)
                    try body("\(name) \(size.width)x\(size.height) \(language)", state, context, f, screen.render(state, over: f.daycare))
                }
            }
        }
    }

    /// The screen's words with the rows joined and runs of spaces made one.
    private func words(_ lines: [String]) -> String {
        lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// The text of the cells drawn in `style`, row by row.
    private func text(in buffer: ScreenBuffer, style: Style) -> [String] {
        (0..<buffer.size.height).map { y in
            (0..<buffer.size.width).reduce(into: "") { line, x in
                if buffer[x, y].style == style { line += buffer[x, y].text }
            }
        }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test func thePinFieldIsAlwaysOnScreen() throws {
        try eachScene { name, state, _, f, buffer in
            let screen = buffer.textLines
            let label: String?
            switch state.side {
            case .firstStart: label = f.strings[state.pin.toConfirm == nil ? "pin.new" : "pin.repeat"]
            case .child(.admin) where state.pin.checkPassed: label = f.strings["pin.prompt"]
            case .child(.admin) where !state.pin.check.isWaiting(at: f.clock.uptime()) && state.overlays.isEmpty:
                // Before the PIN: the number to type, whole, and where to type it.
                if case .locked = f.daycare.pin.status() { return }
                let number = NumberWords.text(state.pin.check.number, in: f.strings.language)
                #expect(words(screen).contains(number), "\(name): the number \(number) is not whole on screen")
                label = f.strings["adultCheck.answer"]
            default: label = nil
            }
            guard let label, state.overlays.isEmpty else { return }
            let row = try #require(screen.firstIndex { $0.contains(label + ":") }, "\(name): no \(label) field\n\(screen.joined(separator: "\n"))")
            // The field itself: highlighted cells after the label, as wide as the PIN may be.
            let line = screen[row]
            let start = DisplayWidth.of(String(line[..<line.range(of: label + ":")!.upperBound])) + 1
            let background = f.screen(color: true).theme.selected.background
            let field = (start..<min(buffer.size.width, start + 8)).filter { buffer[$0, row].style.background == background }
            #expect(field.count == 8, "\(name): the field after \(label) has \(field.count) cells")
            let typed = state.side == .firstStart || state.pin.checkPassed ? state.pin.field.text.count : 0
            #expect(line.filter { $0 == "•" }.count == typed, "\(name): \(typed) digits typed")
        }
    }

    @Test func theCursorRowIsAlwaysOnScreenAndHighlighted() throws {
        try eachScene { name, state, context, f, buffer in
            guard state.overlays.isEmpty, let list = Kiosk.screenList(state, context) else { return }
            var selection = state[keyPath: list.selection]
            selection.resize(to: list.names.count)
            guard !selection.isEmpty else { return }
            let selected = f.screen(color: true).theme.selected
            let rows = (KioskLayout.contentTop..<buffer.size.height - 2).filter { y in
                (0..<buffer.size.width).contains { buffer[$0, y].style.background == selected.background }
            }
            // One row, or one tile of a child's list.
            let height = Kiosk.listLayout(state).rowHeight
            #expect(rows.count == height && rows.last! - rows[0] == height - 1,
                    "\(name): \(rows.count) highlighted rows\n\(buffer.textLines.joined(separator: "\n"))")
            let wanted = String(list.names[selection.index].prefix(6))
            if let row = rows.first, !wanted.isEmpty {
                #expect(buffer.textLines[row].contains(wanted), "\(name): the highlight is not on \(wanted)\n\(buffer.textLines.joined(separator: "\n"))")
            }
        }
    }

    @Test func theMarkSheetsCursorCellIsOnScreen() throws {
        try eachScene { name, state, context, f, buffer in
            guard case .admin(.mark) = state.side, state.overlays.isEmpty else { return }
            let sheet = MarkSheet(roster: context.roster, group: state.mark.group, day: context.today)
            let group = try #require(sheet.group)
            #expect(buffer.textLines[2].contains(group.name), "\(name): the group's name is not on screen")
            let selected = f.screen(color: true).theme.selected
            let highlighted = (KioskLayout.contentTop..<buffer.size.height - 2).filter { y in
                (0..<buffer.size.width).contains { buffer[$0, y].style.background == selected.background }
            }
            #expect(highlighted.count == 1, "\(name): \(highlighted.count) rows with the cursor")
            let child = sheet.children[state.mark.row]
            if state.showsOneChild {
                let task = try #require(context.roster.boardTasks(of: child.id, on: context.today).dropFirst(state.mark.column).first)
                #expect(highlighted.first.map { buffer.textLines[$0].contains(task.name.prefix(8)) } == true, "\(name): \(task.name) is not the highlighted row")
            } else {
                #expect(highlighted.first.map { buffer.textLines[$0].contains(child.name.prefix(6)) } == true, "\(name): \(child.name)'s row has no cursor")
            }
        }
    }

    @Test func theLeaderboardSaysWhichGroupAndPeriod() throws {
        try eachScene { name, state, _, f, buffer in
            guard case .child(.leaderboard) = state.side, state.overlays.isEmpty else { return }
            let header = buffer.textLines[2]
            let period = f.strings.periodName(state.leaderboard.period)
            let scope = f.strings.scopeName(state.leaderboard.group.map { .group($0) } ?? .allGroups) { f.daycare.roster.group($0)?.name ?? "" }
            #expect(header.contains(period), "\(name): no \(period) in \(header)")
            #expect(header.contains(scope), "\(name): no \(scope) in \(header)")
            // The period shown is the lit one.
            let lit = (0..<buffer.size.width).filter { buffer[$0, 2].style == f.screen(color: true).theme.activeTab }
            #expect(lit.map { buffer[$0, 2].text }.joined().contains(period), "\(name)")
        }
    }

    @Test func theShownTabIsOnTheTabBar() throws {
        try eachScene { name, state, _, f, buffer in
            let active = f.screen(color: true).theme.activeTab
            let lit = (0..<buffer.size.width).filter { buffer[$0, 0].style == active }.map { buffer[$0, 0].text }.joined()
            let screen = f.screen()
            switch state.side {
            case .firstStart: return
            case .child(let tab): #expect(lit == " \(screen.childTabName(tab)) ", "\(name): \(buffer.textLines[0])")
            case .admin(let tab): #expect(lit == " \(screen.adminTabName(tab)) ", "\(name): \(buffer.textLines[0])")
            }
        }
    }

    @Test func aDialogsWordsAreAllOnScreen() throws {
        try eachScene { name, state, _, f, buffer in
            let theme = f.screen(color: true).theme
            switch state.overlays.last {
            case .confirmation(let confirmation)?:
                let frame = Frame(screen: f.screen(color: true), state: state, data: f.daycare.snapshot(for: state, language: f.strings.language))
                let (paragraphs, hint) = ConfirmationView(frame: frame, confirmation: confirmation).words(confirmation)
                let shown = words(text(in: buffer, style: theme.problem))
                for paragraph in paragraphs + [f.strings["confirm.title"], hint] {
                    #expect(shown.contains(words([paragraph])), "\(name): not whole on screen: \(paragraph)\n\(buffer.textLines.joined(separator: "\n"))")
                }
            case .form(let form)?:
                let shown = words(text(in: buffer, style: theme.selected))
                for text in [f.strings[FormView.label(form.purpose)] + ":", f.strings["form.hint"]] {
                    #expect(shown.contains(words([text])), "\(name): not whole on screen: \(text)\n\(buffer.textLines.joined(separator: "\n"))")
                }
                if form.purpose == .timeZone {
                    #expect(shown.contains(words([f.strings["settings.timeZoneExample"]])), "\(name)\n\(buffer.textLines.joined(separator: "\n"))")
                }
            default: return
            }
        }
    }

    @Test func theWeekStripEndsWithToday() throws {
        for size in Self.sizes {
            let f = try KioskFixture()
            var state = f.state(size.width, size.height)
            f.press(&state, [.enter, .enter])
            let screen = f.screen().render(state, over: f.daycare).textLines
            let strip = try #require(screen.last { $0.contains("○") || $0.contains("✔") }, "\(size)")
            let letters = strip.filter { $0.isLetter && $0.isUppercase }
            // Sunday 22 November 2026: the strip's last letter is today's.
            #expect(letters.last == "S", "\(size): \(strip)")
            #expect(letters.suffix(3) == "FSS", "\(size): \(strip)")
        }
    }

    @Test(arguments: [12, 15])
    func aLongBoardShowsEveryTaskOrSaysHowManyMore(_ count: Int) throws {
        let f = try KioskFixture()
        for letter in "ABCDEFGHIJKLMNOP".prefix(count - 3) {
            _ = try f.daycare.perform(.addTask(name: "Job \(letter)", icon: nil, points: 1))
        }
        for task in f.daycare.roster.tasks where !f.daycare.roster.child(f.aino)!.board.contains(task.id) {
            _ = try f.daycare.perform(.addToBoard(task.id, child: f.aino))
        }
        #expect(f.daycare.roster.boardTasks(of: f.aino).count == count)
        for size in Self.sizes {
            var state = f.state(size.width, size.height)
            f.press(&state, [.enter, .enter])
            let screen = f.screen().render(state, over: f.daycare).textLines
            let shown = f.daycare.roster.boardTasks(of: f.aino).filter { task in screen.contains { $0.contains(task.name.prefix(6)) } }.count
            let more = screen.compactMap { line in line.range(of: #"\+(\d+) more"#, options: .regularExpression).map { Int(line[$0].dropFirst().split(separator: " ")[0])! } }
            #expect(shown + (more.first ?? 0) == count, "\(size): \(shown) shown, \(more) more\n\(screen.joined(separator: "\n"))")
            // 15 tasks at 40×12: two columns of six, the last place saying how many more.
            if size.width == 40 && count == 15 { #expect(more == [4], "\(screen.joined(separator: "\n"))") }
            #expect(screen.contains { $0.contains("Aino") && $0.contains("done today") }, "\(size)")
        }
    }

    /// Help longer than the screen scrolls with the arrows until every line was seen.
    @Test func helpScrollsToItsLastLine() throws {
        for size in Self.sizes {
            let f = try KioskFixture()
            try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
            let r = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: size)
            r.logIn()
            r.handle(.key(.tab))
            r.handle(.key(.tab))
            r.handle(.key(.character("?")))
            var seen = Set(r.render().textLines)
            var presses = 0
            while Kiosk.keys(r.state, f.screen().context(for: r.state, data: r.snapshot())).binding(for: .down) != nil, presses < 40 {
                let before = r.state.helpScroll
                r.handle(.key(.down))
                seen.formUnion(r.render().textLines)
                if r.state.helpScroll == before { break }
                presses += 1
            }
            // At the end ↓ stays in the help, doing nothing.
            #expect(r.state.showingHelp)
            for key in ["help.action.quit", "help.action.logOut", "help.action.delete", "help.action.close"] {
                let last = f.strings[key].split(separator: " ").last.map(String.init) ?? ""
                #expect(seen.contains { $0.contains(last) }, "\(size): \(f.strings[key]) never shown")
            }
            // As many presses as lines that did not fit: at 40×12 and 50×16 some.
            let lines = HelpView(screen: f.screen(), state: r.state, context: f.screen().context(data: r.snapshot())).lineCount, shown = KioskLayout.helpText(size).height
            #expect(presses == max(0, lines - shown), "\(size): \(presses) presses for \(lines) lines in \(shown)")
            if size.height <= 16 { #expect(presses > 0, "\(size)") }
            // Up all the way, then another key closes it.
            for _ in 0..<presses { r.handle(.key(.up)) }
            #expect(r.state.helpScroll == 0)
            r.handle(.key(.character("x")))
            #expect(!r.state.showingHelp)
        }
    }

    /// The one-child Mark view at 40×12 with a board longer than the screen:
    /// the cursor's row scrolls into view, is highlighted, and Space ticks it.
    @Test func theOneChildViewTicksOnlyAVisibleHighlightedRow() throws {
        let f = try KioskFixture()
        for n in 0..<9 {
            _ = try f.daycare.perform(.addTask(name: "Chore \(n)", icon: nil, points: 1))
        }
        for task in f.daycare.roster.tasks where !f.daycare.roster.child(f.aino)!.board.contains(task.id) {
            _ = try f.daycare.perform(.addToBoard(task.id, child: f.aino))
        }
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let r = KioskRuntime(daycare: f.daycare, screen: f.screen(color: true), size: Size(width: 40, height: 12))
        r.logIn()
        #expect(r.state.showsOneChild)
        let board = f.daycare.roster.boardTasks(of: f.aino)
        for _ in 0..<10 { r.handle(.key(.down)) }
        let buffer = r.render()
        let selected = f.screen(color: true).theme.selected
        let highlighted = (3..<10).filter { y in (0..<40).contains { buffer[$0, y].style.background == selected.background } }
        #expect(highlighted.count == 1)
        let row = try #require(highlighted.first)
        #expect(buffer.textLines[row].contains(board[10].name), "\(buffer.textLines.joined(separator: "\n"))")
        #expect(buffer.textLines.contains { $0.contains("▲") }, "more above is marked")
        r.handle(.key(.character(" ")))
        let marks = try f.daycare.marks(on: f.daycare.today)
        #expect(board.indices.filter { marks.isDone(f.aino, board[$0].id) } == [10])
        #expect(r.render().textLines[row].contains("✔"))
    }
}
