import Foundation
import TaskBoard

/// Draws the whole kiosk for a state: the tab bar, the current tab, the
/// status line and the hint bar generated from the key table.
public struct KioskScreen {
    public static let minimumSize = Size(width: 40, height: 12)

    public let daycare: Daycare
    public let strings: Strings
    public let theme: Theme
    public let keyMap: KeyMap
    /// Shown on the admin login screen when running the demo.
    public let demoPin: String?
    /// The avatar catalogue (assets/avatars.json).
    public let avatars: [AvatarCatalogue.Avatar]
    /// The task icon catalogue (assets/icons.json).
    public let icons: [IconCatalogue.Icon]

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
    /// list screen draws its rows this way.
    func renderList(_ items: [ListView.Item], selection: ListSelection, empty: String, focused: Bool = true,
                    into buffer: inout ScreenBuffer, area: Rect) {
        let listArea = Rect(x: 0, y: KioskLayout.contentTop, width: area.width, height: area.y + area.height - KioskLayout.contentTop)
        guard !items.isEmpty else {
            buffer.writeWrapped(empty, x: 2, y: listArea.y, width: area.width - 4, maxLines: listArea.height, style: theme.dim)
            return
        }
        var shown = selection
        shown.resize(to: items.count)
        shown.reveal(height: listArea.height)
        ListView(items: items, selection: shown, theme: theme, focused: focused).render(into: &buffer, area: listArea)
    }

    /// A read that failed, said on the screen where its content would be.
    func renderReadFailure(_ error: Error, into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let reason = (error as? TaskBoardError).map { ErrorText.message(for: $0, in: strings) } ?? "\(error)"
        buffer.writeWrapped(strings["screen.readFailed", arguments: ["reason": reason]], x: x, y: y, width: width, maxLines: 3, style: theme.problem)
    }

    /// The same screen over newer data (a viewer's refresh).
    public func showing(_ daycare: Daycare) -> KioskScreen {
        KioskScreen(daycare: daycare, strings: strings, theme: theme, keyMap: keyMap, demoPin: demoPin, avatars: avatars, icons: icons)
    }

    /// The same screen in another language.
    public func speaking(_ strings: Strings) -> KioskScreen {
        KioskScreen(daycare: daycare, strings: strings, theme: theme, keyMap: keyMap, demoPin: demoPin, avatars: avatars, icons: icons)
    }

    public init(daycare: Daycare, strings: Strings, theme: Theme, keyMap: KeyMap = .standard, demoPin: String? = nil,
                avatars: [AvatarCatalogue.Avatar] = [], icons: [IconCatalogue.Icon] = []) {
        self.icons = icons
        self.daycare = daycare
        self.strings = strings
        self.theme = theme
        self.keyMap = keyMap
        self.demoPin = demoPin
        self.avatars = avatars
    }

    /// Monday to Sunday in this screen's language.
    var weekdayNames: [String] { (1...7).map { strings["weekday.name.\($0)"] } }

    /// Column widths of the child tabs, for clicks on the tab bar.
    public var childTabWidths: [Int] { KioskState.ChildTab.allCases.map { DisplayWidth.of(childTabName($0)) + 2 } }
    public var adminTabWidths: [Int] { KioskState.AdminTab.allCases.map { DisplayWidth.of(adminTabName($0)) + 2 } }

    public func render(_ state: KioskState) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: state.size, style: theme.background)
        let size = state.size
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            renderTooSmall(into: &buffer)
            return buffer
        }
        renderTabs(state, into: &buffer)
        let content = KioskLayout.content(size)
        switch state.side {
        case .firstStart: FirstStartView(screen: self, state: state).render(into: &buffer, area: content)
        case .child(.tasks): TasksTabView(screen: self, state: state).render(into: &buffer, area: content)
        case .child(.leaderboard): LeaderboardTabView(screen: self, state: state).render(into: &buffer, area: content)
        case .child(.admin): PinEntryView(screen: self, state: state).render(into: &buffer, area: content)
        case .admin(.mark): MarkSheetView(screen: self, state: state).render(into: &buffer, area: content)
        case .admin(.tasks): LibraryView(screen: self, state: state).render(into: &buffer, area: content)
        case .admin(.groups): GroupsView(screen: self, state: state).render(into: &buffer, area: content)
        case .admin(.boards): BoardsView(screen: self, state: state).render(into: &buffer, area: content)
        case .admin(.settings): SettingsView(screen: self, state: state).render(into: &buffer, area: content)
        }
        // What is open, in the order it opened, the newest on top.
        for overlay in state.overlays {
            switch overlay {
            case .picker(let picker): PickerView(screen: self, picker: picker).render(into: &buffer, area: content)
            case .form, .confirmation: DialogView(screen: self, overlay: overlay).render(into: &buffer, area: content)
            case .help: renderHelp(state, into: &buffer)
            }
        }
        renderCelebration(state, into: &buffer, row: size.height - 3)
        renderStatus(state, into: &buffer, row: size.height - 2)
        keyHelp(Kiosk.keys(state, context(for: state)).shown)
            .renderBar(into: &buffer, row: size.height - 1, style: theme.hintBar, keyStyle: theme.hintKey, name: { strings[$0.label] })
        return buffer
    }

    func childTabName(_ tab: KioskState.ChildTab) -> String {
        switch tab {
        case .tasks: strings["tab.child.tasks"]
        case .leaderboard: strings["tab.child.leaderboard"]
        case .admin: strings["tab.child.admin"]
        }
    }

    func adminTabName(_ tab: KioskState.AdminTab) -> String {
        switch tab {
        case .mark: strings["tab.admin.mark"]
        case .boards: strings["tab.admin.boards"]
        case .groups: strings["tab.admin.groups"]
        case .tasks: strings["tab.admin.tasks"]
        case .settings: strings["tab.admin.settings"]
        }
    }

    /// What the kiosk's rules need to know of the world, as this screen sees
    /// it; with the state, also how long its help is (to scroll it).
    public func context(keyMap: KeyMap? = nil, for state: KioskState? = nil) -> KioskContext {
        var pinLocked = false
        if case .locked = daycare.pin.status() { pinLocked = true }
        return KioskContext(roster: daycare.roster, settings: daycare.settings, now: daycare.now, keyMap: keyMap ?? self.keyMap,
                            childTabWidths: childTabWidths, adminTabWidths: adminTabWidths, avatars: avatars, icons: icons,
                            language: strings.language, uptime: daycare.uptime, canUndo: daycare.canUndo, pinLocked: pinLocked,
                            helpLines: state.flatMap { $0.showingHelp ? helpLineCount($0) : nil }, weekdayNames: weekdayNames,
                            awayToday: daycare.attendance.away[daycare.today] ?? [])
    }

    /// The hint bar and help for some bindings, with keys named in this screen's language.
    func keyHelp(_ bindings: [Binding]) -> KeyHelp {
        let unicode = theme.unicode
        return KeyHelp(bindings: bindings, keyMap: keyMap, keyName: { [strings] in strings.keyName($0, unicode: unicode) })
    }

    // MARK: Chrome

    private func renderTabs(_ state: KioskState, into buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: 0, width: buffer.size.width, height: 1), style: theme.tab)
        var x = 0
        func drawTabs(_ names: [String], active: Int) {
            let cells = KioskLayout.tabCells(widths: names.map { DisplayWidth.of($0) + 2 }, active: active, screenWidth: buffer.size.width)
            for cell in cells {
                buffer.write(" \(names[cell.index]) ", x: cell.x, y: 0, style: cell.index == active ? theme.activeTab : theme.tab)
                x = cell.x + cell.width
            }
            // Tabs left out on a narrow screen: a mark on their side.
            let (left, right) = theme.unicode ? ("◂", "▸") : ("<", ">")
            if let first = cells.first, first.index > 0 { buffer.write(left, x: 0, y: 0, style: theme.tab) }
            if let last = cells.last, last.index < names.count - 1 {
                buffer.write(right, x: x, y: 0, style: theme.tab)
                x += 1
            }
        }
        switch state.side {
        case .firstStart:
            x = buffer.write(" " + strings["app.title"], x: 0, y: 0, style: theme.title)
        case .child(let active):
            drawTabs(KioskState.ChildTab.allCases.map(childTabName), active: KioskState.ChildTab.allCases.firstIndex(of: active)!)
        case .admin(let active):
            drawTabs(KioskState.AdminTab.allCases.map(adminTabName), active: KioskState.AdminTab.allCases.firstIndex(of: active)!)
        }
        // Today's date on the right, so staff can see the day rolled over.
        let date = "\(strings.weekdayName(daycare.today)) \(strings.date(daycare.today)) "
        let dateWidth = DisplayWidth.of(date)
        if x + dateWidth + 1 < buffer.size.width {
            buffer.write(date, x: buffer.size.width - dateWidth, y: 0, style: theme.tab)
        }
    }

    /// A board just finished: a bright banner the child beside the adult can see.
    private func renderCelebration(_ state: KioskState, into buffer: inout ScreenBuffer, row: Int) {
        guard case .marked(let change)? = state.notice, change.finishedBoard, state.form == nil, state.picker == nil else { return }
        let star = theme.unicode ? "🎉" : "*"
        let text = "\(star) \(strings["mark.celebrate"]) \(strings["status.allDone", arguments: ["child": change.child.name]]) \(star)"
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: theme.activeTab)
        let width = DisplayWidth.of(text)
        buffer.write(text, x: max(0, (buffer.size.width - width) / 2), y: row, style: theme.activeTab, maxWidth: buffer.size.width)
    }

    /// Seconds before the idle logout when the status line starts counting down.
    public static let idleWarningSeconds = 15

    private func renderStatus(_ state: KioskState, into buffer: inout ScreenBuffer, row: Int) {
        if case .admin = state.side {
            let left = Double(daycare.settings.idleLogoutMinutes * 60) - (daycare.uptime - state.lastInput)
            if left > 0, left <= Double(Self.idleWarningSeconds) {
                let text = strings["status.idleWarning", arguments: ["seconds": "\(Int(left.rounded(.up)))"]]
                buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: theme.problem)
                buffer.write(" " + text, x: 0, y: row, style: theme.problem, maxWidth: buffer.size.width)
                return
            }
        }
        guard let notice = state.notice else { return renderOffline(state, into: &buffer, row: row) }
        var text = NoticeText(strings: strings, timeZone: daycare.calendar.timeZone, now: daycare.now).text(notice)
        // Offline, a tick is saved on this screen only: the words say so, not "saved" for the house.
        if state.offline != nil, notice.isKeptUntilOnline { text += " " + strings["status.keptHere"] }
        // Online, the words confirm only what the server committed: until then, "sending".
        if state.offline == nil, state.sending > 0, notice.isKeptUntilOnline { text += " " + strings["status.sending"] }
        let style = notice.isProblem ? theme.problem : theme.status
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: style)
        buffer.write(" " + text, x: 0, y: row, style: style, maxWidth: buffer.size.width)
    }

    /// "Offline since 09:42: 3 changes waiting", while the database cannot be reached.
    private func renderOffline(_ state: KioskState, into buffer: inout ScreenBuffer, row: Int) {
        guard let offline = state.offline else { return }
        let time = strings.time(offline.since, in: daycare.calendar.timeZone)
        let text = offline.waiting == 0 ? strings["status.offlineNothingWaiting", arguments: ["time": time]]
            : strings["status.offline", arguments: ["time": time, "changes": strings.plural("count.changesWaiting", count: offline.waiting)]]
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: theme.problem)
        buffer.write(" " + text, x: 0, y: row, style: theme.problem, maxWidth: buffer.size.width)
    }

    /// The keys of the screen beneath, and all the help's own (the arrows
    /// listed even where the help fits, so its length does not depend on them).
    private func help(_ state: KioskState) -> KeyHelp {
        let beneath = Kiosk.keys(KioskState.withoutHelp(state), context()).shown.filter { $0.action != .help }
        return keyHelp(beneath + Kiosk.keys(state, context()).bindings)
    }

    /// Lines the help takes at this size and in this language, for scrolling it.
    func helpLineCount(_ state: KioskState) -> Int {
        help(state).helpLines(width: KioskLayout.helpText(state.size).width, name: { strings[$0.helpLabel] }).count
    }

    private func renderHelp(_ state: KioskState, into buffer: inout ScreenBuffer) {
        let help = help(state)
        let text = KioskLayout.helpText(state.size)
        let count = helpLineCount(state)
        let offset = min(state.helpScroll, max(0, count - text.height))
        // Over the whole width, so nothing of the screen beneath shows through at the sides.
        let area = Rect(x: 1, y: text.y - 1, width: buffer.size.width - 2, height: min(text.height, count) + 1)
        buffer.fill(area, style: theme.selected)
        buffer.write(" " + strings["help.title"], x: area.x + 1, y: area.y, style: theme.selected)
        help.renderHelp(into: &buffer, in: Rect(x: text.x, y: text.y, width: text.width, height: text.height), offset: offset,
                        style: theme.selected, keyStyle: theme.selected.with(bold: true), name: { strings[$0.helpLabel] })
        ScrollMarks(offset: offset, shown: text.height, count: count)
            .render(into: &buffer, x: area.x + area.width - 2, top: text.y, bottom: text.y + min(text.height, count) - 1, theme: theme)
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

extension KioskState {
    static func withoutHelp(_ state: KioskState) -> KioskState {
        var copy = state
        copy.showingHelp = false
        return copy
    }
}
