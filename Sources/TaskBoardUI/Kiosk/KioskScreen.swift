import Foundation
import TaskBoard

/// Draws the whole kiosk for a state and a snapshot of the data: the tab
/// bar, the current tab, the status line and the hint bar generated from
/// the key table. It holds only the look (texts, theme, key names,
/// catalogues): what it draws comes in with each frame.
public struct KioskScreen {
    public static let minimumSize = Size(width: 40, height: 12)

    public let strings: Strings
    public let theme: Theme
    public let keyMap: KeyMap
    /// Shown on the admin login screen when running the demo.
    public let demoPin: String?
    /// The avatar catalogue (assets/avatars.json).
    public let avatars: [AvatarCatalogue.Avatar]
    /// The task icon catalogue (assets/icons.json).
    public let icons: [IconCatalogue.Icon]
    /// The other languages' texts, once read: the hint bar fits its keys to the widest.
    private(set) var otherLanguages: [Strings] = []
    /// Buttons for touch (◀ Back): off on paper (`taskboard print`).
    public var drawsButtons = true

    /// An avatar as this terminal can show it: the emoji, or its two-letter
    /// ASCII stand-in from the catalogue where the locale is not UTF-8.
    public func shown(_ avatar: String) -> String {
        if theme.unicode { return avatar }
        return avatars.first { $0.symbol == avatar }?.ascii ?? (avatar.allSatisfy(\.isASCII) ? avatar : "??")
    }

    /// A task's icon as this terminal can show it: the emoji, or its ASCII
    /// stand-in from the catalogue; none for an icon the catalogue lacks.
    public func shown(icon: String?) -> String? {
        guard let icon else { return nil }
        if theme.unicode || icon.allSatisfy(\.isASCII) { return icon }
        return icons.first { $0.symbol == icon }?.ascii
    }

    /// A list under a screen's title row, or a line saying it is empty: every
    /// list screen draws its rows this way. `layout`: a child's list's
    /// (`Kiosk.listLayout`); else a row each.
    func renderList(_ items: [ListView.Item], selection: ListSelection, empty: String, focused: Bool = true, layout: ListLayout? = nil,
                    into buffer: inout ScreenBuffer, area: Rect) {
        let listArea = Rect(x: 0, y: KioskLayout.contentTop, width: area.width, height: area.y + area.height - KioskLayout.contentTop)
        guard !items.isEmpty else {
            buffer.writeWrapped(empty, x: 2, y: listArea.y, width: area.width - 4, maxLines: listArea.height, style: theme.dim)
            return
        }
        let layout = layout ?? ListLayout(height: listArea.height, tall: false)
        var shown = selection
        shown.resize(to: items.count)
        shown.reveal(height: layout.shown)
        ListView(items: items, selection: shown, theme: theme, focused: focused, layout: layout).render(into: &buffer, area: listArea)
    }

    /// A read that failed, said on the screen where its content would be.
    func renderReadFailure(_ failure: ReadFailure, into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let reason = failure.reason.map { ErrorText.message(for: $0, in: strings) } ?? failure.text
        buffer.writeWrapped(strings["screen.readFailed", arguments: ["reason": reason]], x: x, y: y, width: width, maxLines: 3, style: theme.problem)
    }

    /// The same screen in another language.
    public func speaking(_ strings: Strings) -> KioskScreen {
        KioskScreen(strings: strings, theme: theme, keyMap: keyMap, demoPin: demoPin, avatars: avatars, icons: icons)
            .measuringBars(in: otherLanguages + [self.strings])
    }

    /// The same screen, its hint bars measured in these languages too, so
    /// that a bar drops the same keys in every language (see `KeyHelp.renderBar`).
    public func measuringBars(in languages: [Strings]) -> KioskScreen {
        var screen = self
        screen.otherLanguages = languages.filter { $0.language != strings.language }
        return screen
    }

    public init(strings: Strings, theme: Theme, keyMap: KeyMap = .standard, demoPin: String? = nil,
                avatars: [AvatarCatalogue.Avatar] = [], icons: [IconCatalogue.Icon] = []) {
        self.icons = icons
        self.strings = strings
        self.theme = theme
        self.keyMap = keyMap
        self.demoPin = demoPin
        self.avatars = avatars
    }

    /// Monday to Sunday in this screen's language.
    var weekdayNames: [String] { (1...7).map { strings["weekday.name.\($0)"] } }

    /// What stands between hours and minutes in this language ("." in Finnish), for a time typed in a form.
    var timeSeparator: String { String(strings.time(TimeOfDay.midnight).filter { !$0.isNumber }) }

    public func render(_ state: KioskState, _ data: KioskSnapshot) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: state.size, style: theme.background)
        let size = state.size
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            renderTooSmall(into: &buffer)
            return buffer
        }
        if let offline = state.offline, offline.refusal == .removed {
            RemovedKioskView(screen: self).render(offline, into: &buffer)
            return buffer
        }
        let context = context(for: state, data: data)
        let keys = Kiosk.keys(state, context)
        let frame = Frame(screen: self, state: state, data: data, keys: keys)
        renderTabs(state, today: data.today, into: &buffer)
        let content = KioskLayout.content(size)
        state.side.tab.draw(frame, into: &buffer, area: content)
        // What is open, in the order it opened, the newest on top.
        for overlay in state.overlays {
            // What lies under an overlay takes no taps: a form or a question
            // is answered by its buttons; the help closes at a tap, as at any
            // key (a child who opened it from the hint bar gets out again).
            let cover: Tap? = switch overlay {
            case .picker: nil
            case .help: .action(.help)
            case .form, .confirmation: .nothing
            }
            if let cover { buffer.target(Rect(x: 0, y: 0, width: size.width, height: size.height), cover) }
            switch overlay {
            case .picker(let picker): PickerView(frame: frame, picker: picker).render(into: &buffer, area: content)
            case .form(let form): FormView(screen: self, form: form).render(into: &buffer, area: content)
            case .confirmation(let confirmation): ConfirmationView(frame: frame, confirmation: confirmation).render(into: &buffer, area: content)
            case .help: HelpView(screen: self, state: state, context: context).render(into: &buffer)
            }
        }
        renderStatus(state, data, into: &buffer, row: size.height - 2)
        keyHelp(keys.shown, keys: keys)
            .renderBar(into: &buffer, row: size.height - 1, style: theme.hintBar, keyStyle: theme.hintKey, name: { [strings] in strings[$0.label] },
                       otherLanguages: otherLanguages.map { other in
                           BarWords(keyName: { [unicode = theme.unicode] in other.keyName($0, unicode: unicode) }, name: { other[$0.label] })
                       })
        return buffer
    }

    /// A tab's name; `wide`, its longer name where the language has one
    /// ("Päiväjärjestys" for "Päivä"), for a bar where every tab fits with it.
    func childTabName(_ tab: KioskState.ChildTab, wide: Bool = false) -> String {
        (wide ? strings.text(for: tab.tab.title + ".wide") : nil) ?? strings[tab.tab.title]
    }

    func adminTabName(_ tab: KioskState.AdminTab) -> String { strings[tab.tab.title] }

    /// What the kiosk's rules need to know of the world, as this screen
    /// sees it in `data`; with the state, also how long its help is (to scroll it).
    public func context(for state: KioskState? = nil, data: KioskSnapshot, keyMap: KeyMap? = nil) -> KioskContext {
        var context = KioskContext(roster: data.roster, settings: data.settings, now: data.now, keyMap: keyMap ?? self.keyMap,
                                   avatars: avatars, icons: icons,
                                   language: strings.language, uptime: data.uptime, canUndo: data.canUndo, pinLocked: data.pinLocked,
                                   weekdayNames: weekdayNames, awayToday: data.awayToday, readAloud: data.readsAloud,
                                   timeSeparator: timeSeparator)
        context.setsHistory = data.setsHistory
        context.canForget = data.canForget
        guard let state, state.showingHelp else { return context }
        return context.with(helpLines: HelpView(screen: self, state: state, context: context).lineCount)
    }

    /// An empty list's words, naming the key that adds there (a list of
    /// names takes letters as names, so it is not a letter).
    func emptyList(_ key: String) -> String {
        let add = keyMap.withoutLetters().keys(for: .add).first.map { strings.keyName($0, unicode: theme.unicode) } ?? "+"
        return strings[key, arguments: ["key": add]]
    }

    /// The hint bar and help for some bindings of a screen, with keys named
    /// in this screen's language; where letters go to names, without them,
    /// and with a line of help that says so.
    func keyHelp(_ bindings: [Binding], keys: ScreenKeys) -> KeyHelp {
        let unicode = theme.unicode
        let letters = keys.other == .typeAhead ? (strings["key.letters"], strings["help.action.typeAhead"]) : nil
        return KeyHelp(bindings: bindings, keyMap: keys.keyMap(keyMap), keyName: { [strings] in strings.keyName($0, unicode: unicode) },
                       letters: letters)
    }

    // MARK: Chrome

    private func renderTabs(_ state: KioskState, today: Day, into buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: 0, width: buffer.size.width, height: 1), style: theme.tab)
        var x = 0
        func drawTabs(_ names: [String], active: Int) {
            let cells = KioskLayout.tabCells(widths: names.map { DisplayWidth.of($0) + 2 }, active: active, screenWidth: buffer.size.width)
            // Each tab is a target, with the empty row under the bar.
            for cell in cells {
                buffer.write(" \(names[cell.index]) ", x: cell.x, y: 0, style: cell.index == active ? theme.activeTab : theme.tab)
                buffer.target(Rect(x: cell.x, y: 0, width: cell.width, height: 2), .tab(cell.index))
                x = cell.x + cell.width
            }
            // Tabs left out on a narrow screen: a mark on their side, which goes there.
            let (left, right) = theme.unicode ? ("◂", "▸") : ("<", ">")
            if let first = cells.first, first.index > 0 {
                buffer.write(left, x: 0, y: 0, style: theme.tab)
                buffer.target(Rect(x: 0, y: 0, width: 1, height: 2), .action(.previousTab))
            }
            if let last = cells.last, last.index < names.count - 1 {
                buffer.write(right, x: x, y: 0, style: theme.tab)
                buffer.target(Rect(x: x, y: 0, width: 1, height: 2), .action(.nextTab))
                x += 1
            }
        }
        switch state.side {
        case .firstStart:
            x = buffer.write(" " + strings["app.title"], x: 0, y: 0, style: theme.title)
        case .child(let active):
            let wide = KioskState.ChildTab.allCases.map { childTabName($0, wide: true) }
            let wideFits = wide.map { DisplayWidth.of($0) + 2 }.reduce(0, +) <= buffer.size.width
            drawTabs(wideFits ? wide : KioskState.ChildTab.allCases.map { childTabName($0) },
                     active: KioskState.ChildTab.allCases.firstIndex(of: active)!)
        case .admin(let active):
            drawTabs(KioskState.AdminTab.allCases.map(adminTabName), active: KioskState.AdminTab.allCases.firstIndex(of: active)!)
        }
        // Today's date on the right, so staff can see the day rolled over.
        let date = "\(strings.weekdayName(today)) \(strings.date(today)) "
        let dateWidth = DisplayWidth.of(date)
        if x + dateWidth + 1 < buffer.size.width {
            buffer.write(date, x: buffer.size.width - dateWidth, y: 0, style: theme.tab)
        }
    }

    /// A board just finished, or a group's goal reached: the status line
    /// becomes a bright banner the children beside the adult can see. It
    /// covers nothing of the screen (no list loses a row to it), and goes
    /// with the notice, or when the screen changes (`Kiosk.update`).
    /// `kept`: where the tick is only kept on this screen, or still being
    /// sent, which the banner must not hide.
    private func renderCelebration(_ cause: String, status: String, kept: KeptWords?, into buffer: inout ScreenBuffer, row: Int) {
        let star = theme.unicode ? "🎉" : "*"
        var text = "\(star) \(strings["mark.celebrate"]) \(cause) \(star)"
        // What the status line said, where the banner does not say it already.
        if !cause.contains(status) { text += "  " + status }
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: theme.activeTab)
        let line = buffer.size.width
        if let kept, DisplayWidth.of(text) + 1 + DisplayWidth.of(kept.whole) > line {
            // Too long for the line: the words for the adult stay whole at its
            // end (short where need be), the banner is cut before them.
            let least = 12 // of the banner, beside them
            let words = line - DisplayWidth.of(kept.whole) - 2 >= least ? kept.whole : kept.short
            let room = line - DisplayWidth.of(words) - 2
            guard room < least else {
                buffer.write(words, x: line - DisplayWidth.of(words) - 1, y: row, style: theme.activeTab)
                buffer.write(text, x: 0, y: row, style: theme.activeTab, maxWidth: room)
                return
            }
            text += " " + words
        } else if let kept {
            text += " " + kept.whole
        }
        let width = DisplayWidth.of(text)
        buffer.write(text, x: max(0, (line - width) / 2), y: row, style: theme.activeTab, maxWidth: line)
    }

    /// What a tick's words add while the server does not have it yet, and
    /// the same said short, for a line too narrow for the whole.
    struct KeptWords {
        var whole: String
        var short: String
    }

    /// What a notice celebrates, if anything: a group's goal reached, a board
    /// finished, or both. The group's goal first: where the banner is cut (40
    /// columns), the group's name stays, and the status line below says the
    /// board was finished.
    private func celebration(_ notice: Notice?) -> String? {
        switch notice {
        case .marked(let change)?:
            let causes = [change.reachedGoal.map { strings["mark.groupGoalReached", arguments: ["group": $0.name]] },
                          change.finishedBoard ? strings["status.allDone", arguments: ["child": change.child.name]] : nil].compactMap { $0 }
            return causes.isEmpty ? nil : causes.joined(separator: " ")
        case .markedAll(let change)?:
            guard !change.reachedGoals.isEmpty else { return nil }
            return change.reachedGoals.map { strings["mark.groupGoalReached", arguments: ["group": $0.name]] }.joined(separator: " ")
        default:
            return nil
        }
    }

    /// Seconds before the idle logout when the status line starts counting down.
    public static let idleWarningSeconds = 15

    private func renderStatus(_ state: KioskState, _ data: KioskSnapshot, into buffer: inout ScreenBuffer, row: Int) {
        if case .admin = state.side {
            let left = Double(data.settings.idleLogoutMinutes * 60) - (data.uptime - state.lastInput)
            if left > 0, left <= Double(Self.idleWarningSeconds) {
                let text = strings["status.idleWarning", arguments: ["seconds": "\(Int(left.rounded(.up)))"]]
                buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: theme.problem)
                buffer.write(" " + text, x: 0, y: row, style: theme.problem, maxWidth: buffer.size.width)
                return
            }
        }
        guard let notice = state.notice else { return renderOffline(state, data, into: &buffer, row: row) }
        let said = NoticeText(strings: strings, timeZone: data.calendar.timeZone, now: data.now).text(notice)
        // Offline, a tick is saved on this screen only: the words say so, not "saved" for the house.
        // Online, the words confirm only what the server committed: until then, "sending".
        let kept: KeptWords? = if state.offline != nil, notice.isKeptUntilOnline {
            KeptWords(whole: strings["status.keptHere"], short: strings["status.keptHere.short"])
        } else if state.offline == nil, state.sending > 0, notice.isKeptUntilOnline {
            KeptWords(whole: strings["status.sending"], short: strings["status.sending"])
        } else { nil }
        if state.form == nil, state.picker == nil, let cause = celebration(notice) {
            return renderCelebration(cause, status: said, kept: kept, into: &buffer, row: row)
        }
        var text = said
        if let kept {
            let whole = " \(said) \(kept.whole)"
            text += " " + (DisplayWidth.of(whole) <= buffer.size.width ? kept.whole : kept.short)
        }
        let style = notice.isProblem ? theme.problem : theme.status
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: style)
        buffer.write(" " + text, x: 0, y: row, style: style, maxWidth: buffer.size.width)
    }

    /// "Offline since 09:42: 3 changes waiting", while the database cannot be reached.
    private func renderOffline(_ state: KioskState, _ data: KioskSnapshot, into buffer: inout ScreenBuffer, row: Int) {
        guard let offline = state.offline else { return }
        let time = strings.time(offline.since, in: data.calendar.timeZone)
        let changes = strings.plural("count.changesWaiting", count: offline.waiting)
        let text = switch (offline.refusal.map { strings[Self.refusalWords($0)] }, offline.waiting) {
        case (nil, 0): strings["status.offlineNothingWaiting", arguments: ["time": time]]
        case (nil, _): strings["status.offline", arguments: ["time": time, "changes": changes]]
        case (let why?, 0): strings["status.offlineNothingWaiting.because", arguments: ["time": time, "why": why]]
        case (let why?, _): strings["status.offline.because", arguments: ["time": time, "why": why, "changes": changes]]
        }
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: theme.problem)
        buffer.write(" " + text, x: 0, y: row, style: theme.problem, maxWidth: buffer.size.width)
    }

    /// The string key that says why the server would not have the kiosk.
    static func refusalWords(_ refusal: Offline.Refusal) -> String {
        switch refusal {
        case .serverFull: "status.offline.serverFull"
        case .loginRefused: "status.offline.loginRefused"
        case .noSuchDatabase: "status.offline.noSuchDatabase"
        case .removed: "status.offline.removed"
        }
    }

    private func renderTooSmall(into buffer: inout ScreenBuffer) {
        let lines = [strings["screen.tooSmall"],
                     strings["screen.minimumSize", arguments: ["width": "\(Self.minimumSize.width)", "height": "\(Self.minimumSize.height)"]]]
        for (index, line) in lines.enumerated() {
            let y = buffer.size.height / 2 - 1 + index
            let width = DisplayWidth.of(line)
            buffer.write(line, x: max(0, (buffer.size.width - width) / 2), y: y, style: theme.title, maxWidth: buffer.size.width)
        }
    }
}
