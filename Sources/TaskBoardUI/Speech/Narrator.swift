import TaskBoard

/// What the kiosk says aloud, in the screen's language: short sentences for
/// the ear (FINNISH.md, "Spoken Finnish"), a name in its basic form set
/// apart by a full stop or a colon, small numbers in words.
public struct Narrator: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    /// What the screen in `state` reads aloud from `data`: a child's board
    /// (their name and what is left today), or on the leaderboard a child's
    /// row (`row`, a row tapped; else the row of the child whose board is
    /// open); nil where there is nothing of a child's to read.
    public func screen(_ state: KioskState, _ data: KioskSnapshot, row: ChildID? = nil) -> Sentence? {
        guard case .child(let tab) = state.side else { return nil }
        switch tab {
        case .roomDay:
            return state.roomDay.shown(in: data.roster).flatMap(data.roomDay).map { sentence(roomDay($0, at: data.calendar.timeOfDay(of: data.now))) }
        case .tasks:
            guard case .board(let id) = state.tasks.step, let child = data.roster.child(id),
                  state.tasks.monthsBack == nil, case .success(let today)? = data.board else { return nil }
            return sentence(board(child, today, tasks: data.roster.boardTasks(of: id, on: data.today)))
        case .leaderboard:
            guard let id = row ?? state.tasks.opened ?? state.tasks.child, let child = data.roster.child(id) else { return nil }
            let style = state.leaderboard.style ?? data.settings.leaderboardStyle
            return data.leaderboard.flatMap { leaderboardRow(of: child, $0, style: style, period: state.leaderboard.period) }.map(sentence)
        case .admin:
            return nil
        }
    }

    /// "Now: Go outside. Then: Wash hands." as the Today tab shows them:
    /// before the first, what is next; after the last, only what is now.
    func roomDay(_ day: RoomDay, at clock: TimeOfDay) -> String {
        if !day.isOpen { return strings["roomDay.closed"] }
        let entries = day.schedule.entries
        guard !day.present.isEmpty, let shown = day.schedule.firstThen(at: clock) else { return strings["speech.day.nothing"] }
        var parts = [strings[shown.firstIsNow ? "speech.day.now" : "speech.day.next", arguments: ["task": entries[shown.first].item.task.name]]]
        if let then = shown.then { parts.append(strings["speech.day.then", arguments: ["task": entries[then].item.task.name]]) }
        return parts.joined(separator: " ")
    }

    /// What a change made on the adult side says to the child beside the
    /// adult: praise for a tick, a cheer for a finished board or a group's
    /// goal; nil for a tick taken back and everything else.
    public func outcome(_ outcome: KioskOutcome) -> Sentence? {
        switch outcome {
        case .marked(let change) where change.done:
            var parts = [strings["speech.praise", arguments: ["child": change.child.name, "task": change.task.name]]]
            if change.finishedBoard { parts.append(strings["speech.boardFinished", arguments: ["child": change.child.name]]) }
            if let group = change.reachedGoal { parts.append(goalReached(group)) }
            return sentence(parts.joined(separator: " "))
        case .markedAll(let change) where change.done && !change.children.isEmpty:
            let parts = [strings["speech.praiseEveryone", arguments: ["task": change.task.name]]] + change.reachedGoals.map(goalReached)
            return sentence(parts.joined(separator: " "))
        default:
            return nil
        }
    }

    /// "Aino. Two to go: Wash hands, Eat lunch." / all done / away / nothing today.
    func board(_ child: Child, _ today: ChildToday, tasks: [LibraryTask]) -> String {
        let name = child.name
        let progress = today.progress
        if progress.away { return strings["speech.board.away", arguments: ["child": name]] }
        if tasks.isEmpty || progress.total == 0 { return strings["speech.board.noTasks", arguments: ["child": name]] }
        if progress.isComplete { return strings["speech.board.allDone", arguments: ["child": name]] }
        let left = tasks.filter { !today.marks.isDone(child.id, $0.id) }
        return counted("speech.board.left", left.count, ["child": name, "tasks": left.map(\.name).joined(separator: ", ")])
    }

    /// The child's own row of the leaderboard on screen; nil when the
    /// scope shown does not hold it or it could not be read.
    func leaderboardRow(of child: Child, _ facts: LeaderboardFacts, style: LeaderboardStyle, period: Period) -> String? {
        switch facts {
        case .groupGoals(.success(let goals)):
            guard let goal = goals.first(where: { $0.group.id == child.groupID }) else { return nil }
            let group = goal.group.name
            if period == .allTime {
                guard let days = goal.daysReached else { return nil }
                return counted("speech.goal.days", days, ["group": group])
            }
            if goal.reached { return strings["speech.goal.reached", arguments: ["group": group]] }
            return strings["speech.goal.toward", arguments: ["group": group, "points": number(goal.points), "goal": number(goal.goal)]]
        case .entries(.success(let entries)):
            guard let entry = entries.first(where: { $0.child.id == child.id }) else { return nil }
            // Share rows hold per cents in their points; stars have no ranks.
            let key = switch style {
            case .share: "speech.row.share"
            case .stars: "speech.row.stars"
            case .ranking, .groupGoal: "speech.row.points"
            }
            let row = counted(key, entry.points, ["child": child.name])
            guard entry.rank > 0, style != .stars else { return row }
            return row + " " + strings["speech.row.place", arguments: ["rank": number(entry.rank)]]
        case .groupGoals(.failure), .entries(.failure):
            return nil
        }
    }

    private func goalReached(_ group: Group) -> String { strings["speech.groupGoalReached", arguments: ["group": group.name]] }

    /// A small number as the voice should say it ("two", "kaksi"); a larger
    /// one as digits, which the voice reads as a number.
    func number(_ value: Int) -> String { strings.text(for: "speech.number.\(value)") ?? "\(value)" }

    /// A sentence with a count in it, said as a word: `keyOne` for one, `keyMany` for any other number.
    private func counted(_ key: String, _ count: Int, _ arguments: [String: String]) -> String {
        strings[key + (count == 1 ? "One" : "Many"), arguments: arguments.merging(["number": number(count)]) { given, _ in given }]
    }

    private func sentence(_ text: String) -> Sentence { Sentence(text, language: strings.language) }
}
