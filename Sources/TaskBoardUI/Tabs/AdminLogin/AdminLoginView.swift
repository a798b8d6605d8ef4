import TaskBoard

/// The child side's Admin tab: the grown-up check, then the PIN, masked;
/// while locked, how long and how to get back in.
struct AdminLoginView {
    let frame: Frame
    /// The rows the words need at least: the number (two lines at 40
    /// columns in Finnish), the answer's line and one spare.
    static let leastWords = 4

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = frame.strings, theme = frame.theme, state = frame.state, data = frame.data
        let width = area.width - 4
        let title = FittedColumn.Part.text(strings["pin.forAdults"], theme.title, priority: 3)
        var parts: [FittedColumn.Part]
        var asksForPin = true
        if state.viewOnly {
            asksForPin = false
            parts = [title, .gap(), .text(strings["pin.viewOnly"], theme.text, priority: 5)]
        } else if case .locked(let until, _) = data.pin {
            let left = Strings.countdown(until.timeIntervalSince(data.now))
            asksForPin = false
            parts = [title, .gap(),
                     .text(strings["pin.locked", arguments: ["time": left]], theme.problem, priority: 9),
                     .text(strings["pin.forgot", arguments: ["command": "taskboard reset-pin"]], theme.text, priority: 5)]
        } else if !state.pin.checkPassed {
            let check = state.pin.check
            let answer: FittedColumn.Part = check.isWaiting(at: data.uptime)
                ? .text(strings["adultCheck.wait"], theme.dim, priority: 9)
                : .row(priority: 9) { buffer, y in
                    PinPrompt(label: strings["adultCheck.answer"], field: check.field, theme: theme).render(into: &buffer, x: 2, y: y, width: width)
                }
            parts = [title, .gap(),
                     .text(strings["adultCheck.prompt"], theme.text, priority: 5),
                     .text(NumberWords.breakable(check.number, in: strings.language), theme.title, priority: 9, indent: 2),
                     .gap(), answer]
        } else {
            parts = [title, .gap(), .row(priority: 9) { buffer, y in
                PinPrompt(label: strings["pin.prompt"], field: state.pin.field, theme: theme).render(into: &buffer, x: 2, y: y, width: width)
            }]
        }
        if let demoPin = frame.screen.demoPin, asksForPin {
            parts += [.gap(), .text(strings["pin.demo", arguments: ["pin": demoPin]], theme.dim, priority: 1)]
        }
        // A number pad under it, for a kiosk without a keyboard: its rows are
        // kept before the words less needed (a touch screen at 40×12 had a pad
        // for the PIN but none for the grown-up check, so no way in by touch).
        let padShown = asksForPin && (state.pin.checkPassed || !state.pin.check.isWaiting(at: data.uptime))
        let padRows = padShown ? Keypad.height(within: area.height - Self.leastWords) : 0
        let used = FittedColumn(parts: parts, width: width).render(into: &buffer, x: 2, y: area.y, height: area.height - (padRows > 0 ? padRows + 1 : 0))
        if padShown {
            Keypad(theme: theme).render(into: &buffer, area: Rect(x: 4, y: area.y + used + 1, width: area.width - 6, height: area.height - used - 1))
        }
    }
}
