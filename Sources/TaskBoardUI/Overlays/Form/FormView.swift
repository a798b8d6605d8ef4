import TaskBoard

/// An open form: its title, the label and the field, and under it the
/// problem with what was typed, or an example of what to type.
struct FormView {
    let screen: KioskScreen
    let form: Form

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        let (x, width) = DialogBox.columns(in: area)
        let style = theme.selected
        let label = strings[Self.label(form.purpose)] + ": "
        let field = FittedColumn.Part.row(priority: 9) { [form] buffer, y in
            let used = buffer.write(label, x: x + 2, y: y, style: style, maxWidth: width - 4)
            form.field.render(into: &buffer, x: x + 2 + used, y: y, width: max(0, width - 4 - used), style: theme.text)
        }
        var below: [FittedColumn.Part] = []
        if let problem = form.problem {
            below.append(.text(ErrorText.message(for: problem, in: strings), theme.problem, priority: 8, indent: 1))
        } else if form.purpose == .timeZone {
            below.append(.text(strings["settings.timeZoneExample"], style, priority: 5, indent: 1))
        } else if case .taskTime = form.purpose {
            below.append(.text(strings["form.taskTimeExample"], style, priority: 5, indent: 1))
        } else if case .dayActivity = form.purpose {
            below.append(.text(strings["form.dayActivityExample"], style, priority: 5, indent: 1))
        } else if case .dayTaskTime = form.purpose {
            below.append(.text(strings["form.dayTaskTimeExample"], style, priority: 5, indent: 1))
        } else if form.purpose == .closedDays {
            below.append(.text(strings["settings.closedDaysExample"], style, priority: 5, indent: 1))
        }
        let buttons = DialogButtons(FormOverlay.bindings(form), strings: strings, style: theme.button)
        let parts: [FittedColumn.Part] = [.text(strings[title(form.purpose)], style, priority: 9), .gap(priority: 1), field]
            + below + [.text(strings["form.hint"], style, priority: 3, indent: 1), .gap(priority: 1),
                       .row(priority: 6) { buffer, y in buttons.render(into: &buffer, x: x + 2, y: y, width: width - 4) }]
        DialogBox(parts: parts, style: style, background: theme.background).render(into: &buffer, area: area)
    }

    private func title(_ purpose: Form.Purpose) -> String {
        switch purpose {
        case .newTask: "form.newTask"
        case .renameTask: "form.editTask"
        case .taskTime: "form.taskTimeTitle"
        case .newGroup: "form.newGroup"
        case .renameGroup: "form.editGroup"
        case .newChild: "form.newChild"
        case .renameChild: "form.editChild"
        case .timeZone: "settings.timeZone"
        case .closedDays: "settings.closedDays"
        case .currentPin, .newPin, .repeatPin: "pin.change.title"
        case .dayActivity: "form.dayActivityTitle"
        case .dayTaskTime: "form.dayTaskTimeTitle"
        }
    }

    static func label(_ purpose: Form.Purpose) -> String {
        switch purpose {
        case .newTask, .renameTask: "form.taskName"
        case .taskTime: "form.taskTime"
        case .newGroup, .renameGroup: "form.groupName"
        case .newChild, .renameChild: "form.childName"
        case .timeZone: "settings.timeZone"
        case .closedDays: "settings.closedDaysLabel"
        case .currentPin: "pin.current"
        case .newPin: "pin.new"
        case .repeatPin: "pin.repeat"
        case .dayActivity: "form.dayActivity"
        case .dayTaskTime: "form.taskTime"
        }
    }
}
