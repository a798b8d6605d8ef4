import TaskBoard

/// The first start: a new PIN, twice, with the rules shown.
struct FirstStartView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = frame.strings, theme = frame.theme, state = frame.state
        let step = state.pin.toConfirm == nil ? 1 : 2
        let prompt = PinPrompt(label: strings[step == 1 ? "pin.new" : "pin.repeat"], field: state.pin.field, theme: theme)
        let width = area.width - 4
        // On a small screen the field and the rules stay; the introduction goes first.
        FittedColumn(parts: [
            .text(strings["firstStart.welcome"], theme.title, priority: 3),
            .gap(),
            .text(strings["firstStart.intro"], theme.text, priority: 1),
            .text(strings["firstStart.secret"], theme.text, priority: 2),
            .text(strings["pin.rules", arguments: ["min": "\(PinPolicy.lengthRange.lowerBound)", "max": "\(PinPolicy.lengthRange.upperBound)"]],
                  theme.dim, priority: 5),
            .gap(),
            .text(strings["firstStart.step", arguments: ["step": "\(step)", "steps": "2"]], theme.dim, priority: 4),
            .row(priority: 9) { buffer, y in prompt.render(into: &buffer, x: 2, y: y, width: width) },
        ], width: width).render(into: &buffer, x: 2, y: area.y, height: area.height)
    }
}
