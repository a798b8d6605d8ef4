import TaskBoard

/// A form or a delete confirmation over the lower part of the screen.
struct DialogView {
    let screen: KioskScreen
    /// The form or the confirmation to draw.
    let overlay: Overlay

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = screen.strings, theme = screen.theme
        if case .form(let form) = overlay {
            let box = Rect(x: 2, y: area.y + area.height - 5, width: area.width - 4, height: 5)
            guard box.width > 4, box.y > area.y else { return }
            buffer.fill(box, style: theme.selected)
            buffer.write(" " + strings[title(form.purpose)], x: box.x, y: box.y, style: theme.selected)
            let label = strings[label(form.purpose)] + ": "
            let used = buffer.write(label, x: box.x + 2, y: box.y + 2, style: theme.selected, maxWidth: box.width - 4)
            form.field.render(into: &buffer, x: box.x + 2 + used, y: box.y + 2, width: max(0, box.width - 4 - used), style: theme.text)
            if let problem = form.problem {
                buffer.write(ErrorText.message(for: problem, in: strings), x: box.x + 2, y: box.y + 3, style: theme.problem, maxWidth: box.width - 4)
            } else if form.purpose == .timeZone {
                buffer.write(strings["settings.timeZoneExample"], x: box.x + 2, y: box.y + 3, style: theme.selected, maxWidth: box.width - 4)
            }
            buffer.write(strings["form.hint"], x: box.x + 2, y: box.y + 4, style: theme.selected, maxWidth: box.width - 4)
        } else if case .confirmation(let confirmation) = overlay {
            // As tall as its text: the title, a gap, every line of what goes, a gap, the keys.
            let (paragraphs, hint) = words(confirmation)
            let width = area.width - 8
            guard width > 0 else { return }
            let lines = paragraphs.flatMap { ScreenBuffer.wrap($0, width: width) }
            let hintLines = ScreenBuffer.wrap(hint, width: width)
            // What goes is never cut for the hint: the hint gives way first.
            let room = area.height - 1 - 3
            let shownLines = Array(lines.prefix(room))
            let shownHint = Array(hintLines.prefix(max(1, room - shownLines.count)))
            let height = shownLines.count + shownHint.count + 3
            let box = Rect(x: 2, y: area.y + area.height - height, width: area.width - 4, height: height)
            guard height >= 5, box.y > area.y else { return }
            buffer.fill(box, style: theme.problem)
            buffer.write(" " + strings["confirm.title"], x: box.x, y: box.y, style: theme.problem)
            for (index, line) in shownLines.enumerated() {
                buffer.write(line, x: box.x + 2, y: box.y + 2 + index, style: theme.problem, maxWidth: width)
            }
            for (index, line) in shownHint.enumerated() {
                buffer.write(line, x: box.x + 2, y: box.y + height - shownHint.count + index, style: theme.problem, maxWidth: width)
            }
        }
    }

    /// What goes, as paragraphs, and the hint (what Enter does) of a confirmation.
    private func words(_ confirmation: Confirmation) -> ([String], String) {
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
        case .currentPin, .newPin, .repeatPin: "pin.change.title"
        }
    }

    private func label(_ purpose: Form.Purpose) -> String {
        switch purpose {
        case .newTask, .renameTask: "form.taskName"
        case .newGroup, .renameGroup: "form.groupName"
        case .newChild, .renameChild: "form.childName"
        case .timeZone: "settings.timeZone"
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
