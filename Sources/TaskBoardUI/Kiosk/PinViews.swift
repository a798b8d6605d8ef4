import TaskBoard

/// The first start: a new PIN, twice, with the rules shown.
struct FirstStartView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        let width = area.width - 4
        var y = area.y
        buffer.write(strings["firstStart.welcome"], x: 2, y: y, style: theme.title, maxWidth: width)
        y += 2
        for key in ["firstStart.intro", "firstStart.secret"] {
            y += buffer.writeWrapped(strings[key], x: 2, y: y, width: width, maxLines: 2, style: theme.text)
        }
        y += buffer.writeWrapped(strings["pin.rules", arguments: ["min": "\(PinPolicy.lengthRange.lowerBound)", "max": "\(PinPolicy.lengthRange.upperBound)"]],
                                 x: 2, y: y, width: width, maxLines: 2, style: theme.dim)
        y += 1
        let step = state.pin.toConfirm == nil ? 1 : 2
        buffer.write(strings["firstStart.step", arguments: ["step": "\(step)", "steps": "2"]], x: 2, y: y, style: theme.dim, maxWidth: width)
        y += 1
        PinPrompt(label: strings[step == 1 ? "pin.new" : "pin.repeat"], field: state.pin.field, theme: theme)
            .render(into: &buffer, x: 2, y: y, width: width)
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
        var y = area.y
        buffer.write(strings["pin.forAdults"], x: 2, y: y, style: theme.title, maxWidth: width)
        y += 2
        if state.viewOnly {
            buffer.writeWrapped(strings["pin.viewOnly"], x: 2, y: y, width: width, maxLines: 3, style: theme.text)
            return
        }
        if case .locked(let until, _) = screen.daycare.pin.status() {
            let left = Strings.countdown(until.timeIntervalSince(screen.daycare.now))
            y += buffer.writeWrapped(strings["pin.locked", arguments: ["time": left]], x: 2, y: y, width: width, maxLines: 2, style: theme.problem)
            buffer.writeWrapped(strings["pin.forgot", arguments: ["command": "taskboard reset-pin"]], x: 2, y: y + 1, width: width,
                                maxLines: 3, style: theme.text)
            return
        }
        if !state.pin.checkPassed {
            let check = state.pin.check
            y += buffer.writeWrapped(strings["adultCheck.prompt"], x: 2, y: y, width: width, maxLines: 2, style: theme.text)
            y += buffer.writeWrapped(NumberWords.text(check.number, in: strings.language), x: 4, y: y, width: width - 2, maxLines: 2,
                                     style: theme.title)
            y += 1
            if check.isWaiting(at: screen.daycare.uptime) {
                buffer.write(strings["adultCheck.wait"], x: 2, y: y, style: theme.dim, maxWidth: width)
            } else {
                PinPrompt(label: strings["adultCheck.answer"], field: check.field, theme: theme).render(into: &buffer, x: 2, y: y, width: width)
            }
        } else {
            PinPrompt(label: strings["pin.prompt"], field: state.pin.field, theme: theme).render(into: &buffer, x: 2, y: y, width: width)
        }
        if let demoPin = screen.demoPin {
            buffer.write(strings["pin.demo", arguments: ["pin": demoPin]], x: 2, y: y + 2, style: theme.dim, maxWidth: width)
        }
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
