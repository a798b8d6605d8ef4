import TaskBoard

/// Something that destroys or leaves, waiting for Enter (or its button):
/// what goes, in words, then what Enter does, and the answers as buttons. What goes is never cut for the hint: the
/// hint (the hint bar says it too) gives way first.
struct ConfirmationView {
    let frame: Frame
    let confirmation: Confirmation

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        // A question of setting up is not a warning.
        let question = confirmation == .openDays
        let forgetting = if case .forgetChild = confirmation { true } else { false }
        let style = question ? frame.theme.selected : frame.theme.problem
        let (paragraphs, hint) = words(confirmation)
        let title = frame.strings[question ? "firstStart.openDays.title" : forgetting ? "confirm.forgetTitle" : "confirm.title"]
        let (x, width) = DialogBox.columns(in: area)
        let buttons = DialogButtons(ConfirmationOverlay.keys(confirmation).bindings, strings: frame.strings, style: frame.theme.button)
        let parts: [FittedColumn.Part] = [.text(title, style, priority: 9), .gap(priority: 1)]
            + paragraphs.map { .text($0, style, priority: 9, indent: 1) }
            + [.gap(priority: 1), .text(hint, style, priority: 3, indent: 1), .gap(priority: 1),
               .row(priority: 6) { buffer, y in buttons.render(into: &buffer, x: x + 2, y: y, width: width - 4) }]
        DialogBox(parts: parts, style: style, background: frame.theme.background).render(into: &buffer, area: area)
    }

    /// What goes, as paragraphs, and the hint (what Enter does) of a confirmation.
    func words(_ confirmation: Confirmation) -> ([String], String) {
        let strings = frame.strings
        switch confirmation {
        case .quit:
            return ([strings["confirm.quit"]], strings["confirm.quitHint"])
        case .openDays:
            return ([strings["firstStart.openDays"]], strings["firstStart.openDaysHint"])
        case .forgetChild(let child):
            return (forgetting(child), strings["confirm.forgetHint"])
        case .shortenHistory(let settings):
            let first = settings.firstDayKept(on: frame.data.today).map(strings.date) ?? ""
            return ([strings["confirm.shortenHistory", arguments: ["months": "\(settings.keepHistoryMonths)", "first": first]]],
                    strings["confirm.shortenHint"])
        case .roster(let command):
            var paragraphs = [question(command)]
            // Ticks of today that would stop counting with their tasks off a board.
            let taken = frame.data.confirmation?.ticksTaken ?? []
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

    /// What forgetting takes away, and from where: said even when the
    /// counts cannot be read (then without them).
    private func forgetting(_ id: ChildID) -> [String] {
        let strings = frame.strings, roster = frame.roster
        let child = roster.child(id)
        let group = child.flatMap { roster.group($0.groupID)?.name } ?? ""
        guard case .success(let preview)? = frame.data.forgetting else {
            return [strings["confirm.forgetChildUncounted", arguments: ["child": child?.name ?? "", "group": group]],
                    strings["confirm.forgetForGood"]]
        }
        // That it cannot be undone comes second: a small screen cuts the details after it first.
        var paragraphs = [strings["confirm.forgetChild", arguments: [
            "child": child?.name ?? "", "group": group,
            "ticks": strings.plural("count.journalLines", count: preview.ticks),
            "absences": strings.plural("count.absences", count: preview.absences),
            "points": strings.plural("count.points", count: preview.points)]], strings["confirm.forgetForGood"]]
        if preview.recording { paragraphs.append(strings["confirm.forgetRecording"]) }
        // Only what there is: no "0 archives".
        let places = [(preview.dailyBackups, "count.dailyBackups"), (preview.archives, "count.archives")]
            .filter { $0.0 > 0 }.map { strings.plural($0.1, count: $0.0) }
        if !places.isEmpty {
            paragraphs.append(strings["confirm.forgetBackups", arguments: ["places": places.joined(separator: " " + strings["word.and"] + " ")]])
        }
        return paragraphs
    }

    /// What the delete takes with it, in words.
    private func question(_ command: RosterCommand) -> String {
        let strings = frame.strings, roster = frame.roster, preview = frame.data.confirmation?.preview
        switch command {
        case .deleteTask(let id):
            let name = roster.task(id)?.name ?? ""
            let boards = preview?.boards ?? 0
            return boards == 0 ? strings["confirm.deleteTaskUnused", arguments: ["task": name]]
                : strings["confirm.deleteTask", arguments: ["task": name, "boards": strings.plural("count.onBoards", count: boards)]]
        case .deleteGroup(let id):
            return strings["confirm.deleteGroup", arguments: [
                "group": roster.group(id)?.name ?? "",
                "children": strings.plural("count.children", count: preview?.children ?? 0),
                "points": strings.plural("count.points", count: preview?.points ?? 0)]]
        case .deleteChild(let id):
            return strings["confirm.deleteChild", arguments: [
                "child": roster.child(id)?.name ?? "",
                "points": strings.plural("count.points", count: preview?.points ?? 0)]]
        case .removeFromBoard(let task, let child):
            return strings["confirm.removeFromBoard", arguments: [
                "task": roster.task(task)?.name ?? "", "child": roster.child(child)?.name ?? ""]]
        case .copyBoard(let source, let targets):
            let names = targets.compactMap { roster.child($0)?.name }
            // One board replaced, or several: said in the singular or the plural.
            return strings[names.count == 1 ? "confirm.copyBoardOne" : "confirm.copyBoardMany", arguments: [
                "child": roster.child(source)?.name ?? "",
                "tasks": strings.plural("count.tasks", count: roster.child(source)?.board.count ?? 0),
                "children": names.joined(separator: ", ")]]
        default:
            return strings["confirm.title"]
        }
    }
}
