import TaskBoard

/// The first start: a new PIN, twice, with the rules shown.
struct FirstStartView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
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

/// The child side's Admin tab: the grown-up check, then the PIN, masked;
/// while locked, how long and how to get back in.
struct PinEntryView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        let width = area.width - 4
        let title = FittedColumn.Part.text(strings["pin.forAdults"], theme.title, priority: 3)
        var parts: [FittedColumn.Part]
        var asksForPin = true
        if state.viewOnly {
            asksForPin = false
            parts = [title, .gap(), .text(strings["pin.viewOnly"], theme.text, priority: 5)]
        } else if case .locked(let until, _) = screen.daycare.pin.status() {
            let left = Strings.countdown(until.timeIntervalSince(screen.daycare.now))
            asksForPin = false
            parts = [title, .gap(),
                     .text(strings["pin.locked", arguments: ["time": left]], theme.problem, priority: 9),
                     .text(strings["pin.forgot", arguments: ["command": "taskboard reset-pin"]], theme.text, priority: 5)]
        } else if !state.pin.checkPassed {
            let check = state.pin.check
            let answer: FittedColumn.Part = check.isWaiting(at: screen.daycare.uptime)
                ? .text(strings["adultCheck.wait"], theme.dim, priority: 9)
                : .row(priority: 9) { buffer, y in
                    PinPrompt(label: strings["adultCheck.answer"], field: check.field, theme: theme).render(into: &buffer, x: 2, y: y, width: width)
                }
            parts = [title, .gap(),
                     .text(strings["adultCheck.prompt"], theme.text, priority: 5),
                     .text(NumberWords.text(check.number, in: strings.language), theme.title, priority: 9, indent: 2),
                     .gap(), answer]
        } else {
            parts = [title, .gap(), .row(priority: 9) { buffer, y in
                PinPrompt(label: strings["pin.prompt"], field: state.pin.field, theme: theme).render(into: &buffer, x: 2, y: y, width: width)
            }]
        }
        if let demoPin = screen.demoPin, asksForPin {
            parts += [.gap(), .text(strings["pin.demo", arguments: ["pin": demoPin]], theme.dim, priority: 1)]
        }
        FittedColumn(parts: parts, width: width).render(into: &buffer, x: 2, y: area.y, height: area.height)
    }
}

/// "Admin PIN: [•••• ]": one label and a field (masked for a PIN), for every PIN prompt.
struct PinPrompt {
    let label: String
    let field: TextField
    let theme: Theme

    func render(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let used = buffer.write(label + ": ", x: x, y: y, style: theme.text.with(bold: true), maxWidth: width)
        field.render(into: &buffer, x: x + used, y: y, width: min(10, width - used), style: theme.selected,
                     bullet: theme.unicode ? "•" : "*")
    }
}
