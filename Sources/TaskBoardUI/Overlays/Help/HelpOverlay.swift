import TaskBoard

/// The help: the keys of the screen beneath, each with a line of what it does.
enum HelpOverlay {
    static func keys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys {
        // Longer than the screen: the arrows scroll it, and stop at its
        // ends (a child pressing ↓ on does not close it); any other key closes it.
        let scrolls = (context.helpLines ?? 0) > KioskLayout.helpText(state.size).height
        return ScreenKeys([Binding(.help, "action.close"),
                           Binding(.down, "action.scrollDown", enabled: scrolls),
                           Binding(.up, "action.scrollUp", enabled: scrolls)], other: .close)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        switch action {
        case .down:
            let last = max(0, (context.helpLines ?? 0) - KioskLayout.helpText(state.size).height)
            state.helpScroll = min(last, state.helpScroll + 1)
        case .up: state.helpScroll = max(0, state.helpScroll - 1)
        default: state.overlays.removeLast()
        }
        return []
    }
}

/// The help over the whole width, scrolled to `state.helpScroll`.
struct HelpView {
    let screen: KioskScreen
    let state: KioskState
    let context: KioskContext

    /// The keys of the screen beneath, and all the help's own (the arrows
    /// listed even where the help fits, so its length does not depend on them).
    private var help: KeyHelp {
        let keys = Kiosk.keys(KioskState.withoutHelp(state), context)
        let beneath = keys.shown.filter { $0.action != .help }
        return screen.keyHelp(beneath + Kiosk.keys(state, context).bindings, keys: keys)
    }

    /// Lines the help takes at this size and in this language, for scrolling it.
    var lineCount: Int {
        help.helpLines(width: KioskLayout.helpText(state.size).width, name: { screen.strings[$0.helpLabel] }).count
    }

    func render(into buffer: inout ScreenBuffer) {
        let strings = screen.strings, theme = screen.theme
        let help = help
        let text = KioskLayout.helpText(state.size)
        let count = lineCount
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
}

extension KioskState {
    static func withoutHelp(_ state: KioskState) -> KioskState {
        var copy = state
        copy.showingHelp = false
        return copy
    }
}
