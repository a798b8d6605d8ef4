import TaskBoard

/// A form or a delete confirmation over the lower part of the screen.
struct DialogView {
    let screen: KioskScreen
    /// The form or the confirmation to draw.
    let overlay: Overlay

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        // Across the screen on a narrow one, so the words have room.
        let (x, width) = area.width < 60 ? (area.x + 1, area.width - 2) : (area.x + 2, area.width - 4)
        guard width > 8 else { return }
        let style: Style, parts: [FittedColumn.Part]
        switch overlay {
        case .form(let form):
            style = theme.selected
            let label = strings[Self.label(form.purpose)] + ": "
            let field = FittedColumn.Part.row(priority: 9) { buffer, y in
                let used = buffer.write(label, x: x + 2, y: y, style: style, maxWidth: width - 4)
                form.field.render(into: &buffer, x: x + 2 + used, y: y, width: max(0, width - 4 - used), style: theme.text)
            }
            var below: [FittedColumn.Part] = []
            if let problem = form.problem {
                below.append(.text(ErrorText.message(for: problem, in: strings), theme.problem, priority: 8, indent: 1))
            } else if form.purpose == .timeZone {
                below.append(.text(strings["settings.timeZoneExample"], style, priority: 5, indent: 1))
            } else if form.purpose == .closedDays {
                below.append(.text(strings["settings.closedDaysExample"], style, priority: 5, indent: 1))
            }
            parts = [.text(strings[title(form.purpose)], style, priority: 9), .gap(priority: 1), field]
                + below + [.text(strings["form.hint"], style, priority: 3, indent: 1)]
        case .confirmation(let confirmation):
            style = theme.problem
            // What goes is never cut for the hint: the hint (the hint bar says it too) gives way first.
            let (paragraphs, hint) = words(confirmation)
            parts = [.text(strings["confirm.title"], style, priority: 9), .gap(priority: 1)]
                + paragraphs.map { .text($0, style, priority: 9, indent: 1) }
                + [.gap(priority: 1), .text(hint, style, priority: 3, indent: 1)]
        case .picker, .help:
            return
        }
        // As tall as its words, at the bottom of the content; up to the row
        // under the tab bar where it needs that.
        let column = FittedColumn(parts: parts, width: width - 2)
        let room = area.y + area.height - 1
        let height = column.height(within: room)
        let box = Rect(x: x, y: area.y + area.height - height, width: width, height: height)
        buffer.fill(box, style: style)
        column.render(into: &buffer, x: x + 1, y: box.y, height: room)
    }

    /// What goes, as paragraphs, and the hint (what Enter does) of a confirmation.
    func words(_ confirmation: Confirmation) -> ([String], String) {
        let strings = screen.strings
        switch confirmation {
        case .quit:
            return ([strings["confirm.quit"]], strings["confirm.quitHint"])
        case .roster(let command):
            var paragraphs = [question(command)]
            // Ticks of today that would stop counting with their tasks off a board.
            let taken = (try? screen.daycare.ticksTaken(by: command)) ?? []
            if !taken.isEmpty {
                paragraphs.append(strings["confirm.ticksTaken", arguments: [
                    "ticks": strings.plural("count.ticks", count: taken.count),
                    "points": strings.plural("count.points", count: taken.reduce(0) { $0 + $1.points })]])
            }
            let hint: String = switch command {
            case .removeFromBoard: strings["confirm.removeHint"]
            case .copyBoard: strings["confirm.copyHint"]
            default: strings["confirm.hint"]
            }
            return (paragraphs, hint + ". " + strings["confirm.undoHint"])
        }
    }

    private func title(_ purpose: Form.Purpose) -> String {
        switch purpose {
        case .newTask: "form.newTask"
        case .renameTask: "form.editTask"
        case .newGroup: "form.newGroup"
        case .renameGroup: "form.editGroup"
        case .newChild: "form.newChild"
        case .renameChild: "form.editChild"
        case .timeZone: "settings.timeZone"
        case .closedDays: "settings.closedDays"
        case .currentPin, .newPin, .repeatPin: "pin.change.title"
        }
    }

    static func label(_ purpose: Form.Purpose) -> String {
        switch purpose {
        case .newTask, .renameTask: "form.taskName"
        case .newGroup, .renameGroup: "form.groupName"
        case .newChild, .renameChild: "form.childName"
        case .timeZone: "settings.timeZone"
        case .closedDays: "settings.closedDaysLabel"
        case .currentPin: "pin.current"
        case .newPin: "pin.new"
        case .repeatPin: "pin.repeat"
        }
    }

    /// What the delete takes with it, in words.
    private func question(_ command: RosterCommand) -> String {
        let strings = screen.strings, daycare = screen.daycare
        switch command {
        case .deleteTask(let id):
            let name = daycare.roster.task(id)?.name ?? ""
            let boards = daycare.previewDelete(task: id).boards
            return boards == 0 ? strings["confirm.deleteTaskUnused", arguments: ["task": name]]
                : strings["confirm.deleteTask", arguments: ["task": name, "boards": strings.plural("count.onBoards", count: boards)]]
        case .deleteGroup(let id):
            let preview = daycare.previewDelete(group: id)
            return strings["confirm.deleteGroup", arguments: [
                "group": daycare.roster.group(id)?.name ?? "",
                "children": strings.plural("count.children", count: preview.children),
                "points": strings.plural("count.points", count: preview.points)]]
        case .deleteChild(let id):
            let preview = daycare.previewDelete(child: id)
            return strings["confirm.deleteChild", arguments: [
                "child": daycare.roster.child(id)?.name ?? "",
                "points": strings.plural("count.points", count: preview.points)]]
        case .removeFromBoard(let task, let child):
            return strings["confirm.removeFromBoard", arguments: [
                "task": daycare.roster.task(task)?.name ?? "", "child": daycare.roster.child(child)?.name ?? ""]]
        case .copyBoard(let source, let targets):
            let names = targets.compactMap { daycare.roster.child($0)?.name }
            return strings["confirm.copyBoard", arguments: [
                "child": daycare.roster.child(source)?.name ?? "",
                "tasks": strings.plural("count.tasks", count: daycare.roster.child(source)?.board.count ?? 0),
                "children": names.joined(separator: ", ")]]
        default:
            return strings["confirm.title"]
        }
    }
}
