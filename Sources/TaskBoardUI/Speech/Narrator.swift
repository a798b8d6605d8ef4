import TaskBoard

/// What the kiosk says aloud, in the screen's language: short sentences for
/// the ear (FINNISH.md, "Spoken Finnish"), a name in its basic form set
/// apart by a full stop or a colon and read without its emoji
/// (`SpokenName`), small numbers in words, never a place in a ranking.
public struct Narrator: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    /// What the screen in `state` reads aloud from `data`, as its tab says
    /// (`KioskTab.readAloud`): a child's board, a child's row of the
    /// leaderboard (`row`, a row tapped), the Today tab's now and next; nil
    /// on the admin side and where there is nothing of a child's to read.
    public func screen(_ state: KioskState, _ data: KioskSnapshot, row: ChildID? = nil) -> Sentence? {
        guard case .child = state.side else { return nil }
        return state.side.tab.readAloud(state, data, row: row, self)
    }

    /// The name chosen on a list of the child side ("Who are you?", "Choose
    /// your group", the Today tab's groups): the child hears whom they are
    /// on before they open it.
    public func choice(_ state: KioskState, _ data: KioskSnapshot) -> Sentence? {
        guard case .child = state.side else { return nil }
        return state.side.tab.chosenName(state, data).map(SpokenName.of).flatMap { $0.isEmpty ? nil : sentence($0 + ".") }
    }

    /// "Now: Go outside. Then: Wash hands." as the Today tab shows them:
    /// before the first, what is next; after the last, only what is now.
    func roomDay(_ day: RoomDay, at clock: TimeOfDay) -> String {
        if !day.isOpen { return strings["roomDay.closed"] }
        if day.schedule.position(at: clock).isOver { return strings["speech.day.over"] }
        let entries = day.schedule.entries
        guard !day.present.isEmpty, let shown = day.schedule.firstThen(at: clock) else { return strings["speech.day.nothing"] }
        var parts = [strings[shown.firstIsNow ? "speech.day.now" : "speech.day.next", arguments: ["task": entries[shown.first].item.task.name]]]
        if let then = shown.then { parts.append(strings["speech.day.then", arguments: ["task": entries[then].item.task.name]]) }
        return parts.joined(separator: " ")
    }

    /// What a change made on the adult side says to the child beside the
    /// adult: praise for a tick, with a cheer for a finished board or a
    /// group's goal; nil for a tick taken back and everything else.
    public func praise(for outcome: KioskOutcome) -> Praise? {
        switch outcome {
        case .marked(let change) where change.done:
            let goals = change.reachedGoal.map { [SpokenName.of($0.name)] } ?? []
            return Praise(ticks: [tick(change.child, change.task, finished: change.finishedBoard, goals: goals)], everyone: false, narrator: self)
        case .markedAll(let change) where change.done && !change.children.isEmpty:
            let finished = Set(change.finishedBoards.map(\.id))
            // The goals the column reached go with its last tick, so they go if that is taken back.
            let goals = change.reachedGoals.map { SpokenName.of($0.name) }
            let ticks = change.children.enumerated().map { index, child in
                tick(child, change.task, finished: finished.contains(child.id), goals: index == change.children.count - 1 ? goals : [])
            }
            return Praise(ticks: ticks, everyone: true, narrator: self)
        default:
            return nil
        }
    }

    private func tick(_ child: Child, _ task: LibraryTask, finished: Bool, goals: [String]) -> Praise.Tick {
        Praise.Tick(child: child.id, task: task.id, childName: SpokenName.of(child.name), taskName: task.name, finishedBoard: finished, goals: goals)
    }

    /// "Done: get dressed. Well done, Aino and Eero! Leo: all done today!
    /// Hooray!": what was done, then each name once, never the task as a command.
    func praise(_ praise: Praise) -> Sentence {
        let ticks = praise.ticks
        var parts = [strings["speech.done", arguments: ["tasks": distinct(ticks.map(\.taskName)).joined(separator: ", ")]]]
        let finishers = distinct(ticks.filter(\.finishedBoard).map(\.childName))
        let others = distinct(ticks.map(\.childName)).filter { !finishers.contains($0) }
        if praise.everyone {
            parts.append(strings["speech.wellDoneAll"])
        } else if !others.isEmpty || finishers.isEmpty {
            let named = others.filter { !$0.isEmpty }
            parts.append(named.isEmpty ? strings["speech.wellDoneNoName"] : strings["speech.wellDone", arguments: ["children": list(named)]])
        }
        let namedFinishers = finishers.filter { !$0.isEmpty }
        if !finishers.isEmpty {
            parts.append(sentence(strings["speech.boardFinished", arguments: ["children": list(namedFinishers)]]).text)
        }
        for group in distinct(ticks.flatMap(\.goals)) {
            parts.append(sentence(strings["speech.groupGoalReached", arguments: ["group": group]]).text)
        }
        return sentence(parts.joined(separator: " "))
    }

    /// "Aino, Eero and Leo".
    private func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " " + strings["speech.and"] + " " + names[names.count - 1]
    }

    private func distinct(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// "Aino, two to go. Now: Wash hands. Then: Eat lunch." in the order
    /// the board shows them, the one whose time is now first; or all done,
    /// away, nothing today.
    func board(_ child: Child, _ today: ChildToday, _ day: BoardDay) -> String {
        sentence(boardText(child, today, day)).text
    }

    private func boardText(_ child: Child, _ today: ChildToday, _ day: BoardDay) -> String {
        let name = SpokenName.of(child.name)
        let progress = today.progress
        if progress.away { return strings["speech.board.away", arguments: ["child": name]] }
        // A day's activity is said where it is now, never counted as to do.
        let activityNow = day.tasks.first { $0.id == day.now && $0.isDayActivity }.map { strings["speech.day.now", arguments: ["task": $0.name]] }
        if day.tasks.isEmpty || progress.total == 0 {
            return [strings["speech.board.noTasks", arguments: ["child": name]], activityNow].compactMap { $0 }.joined(separator: " ")
        }
        if progress.isComplete { return [strings["speech.board.allDone", arguments: ["child": name]], activityNow].compactMap { $0 }.joined(separator: " ") }
        let left = day.tasks.filter { !$0.isDayActivity && !today.marks.isDone(child.id, $0.id) }
        let now = day.tasks.first { $0.id == day.now && ($0.isDayActivity || left.contains($0)) }
        guard let now else {
            return counted("speech.board.left", left.count, ["child": name, "tasks": left.map(\.name).joined(separator: ", ")])
        }
        var parts = [counted("speech.board.count", left.count, ["child": name]), strings["speech.day.now", arguments: ["task": now.name]]]
        let then = left.filter { $0.id != now.id }
        if !then.isEmpty { parts.append(strings["speech.day.then", arguments: ["task": then.map(\.name).joined(separator: ", ")]]) }
        return parts.joined(separator: " ")
    }

    /// The child's own row of the leaderboard on screen; nil when the
    /// scope shown does not hold it or it could not be read.
    func leaderboardRow(of child: Child, _ facts: LeaderboardFacts, style: LeaderboardStyle, period: Period) -> String? {
        switch facts {
        case .groupGoals(.success(let goals)):
            return goals.first { $0.group.id == child.groupID }.flatMap { goalText($0, period: period) }
        case .entries(.success(let entries)):
            guard let entry = entries.first(where: { $0.child.id == child.id }) else { return nil }
            // Points are said as the stars a child counts, never as a place
            // among the others; share rows hold per cents in their points.
            let name = SpokenName.of(child.name)
            if style == .share { return counted("speech.row.share", entry.points, ["child": name]) }
            if entry.points == 0 { return strings["speech.row.starsNone", arguments: ["child": name]] }
            return counted("speech.row.stars", entry.points, ["child": name])
        case .groupGoals(.failure), .entries(.failure):
            return nil
        }
    }

    /// A group's goal on the group-goal leaderboard, tapped: how near the group is, or how often it got there.
    public func goal(of group: GroupID, _ state: KioskState, _ data: KioskSnapshot) -> Sentence? {
        guard case .groupGoals(.success(let goals))? = data.leaderboard, let goal = goals.first(where: { $0.group.id == group }) else { return nil }
        return goalText(goal, period: state.leaderboard.period).map(sentence)
    }

    private func goalText(_ goal: GroupGoal, period: Period) -> String? {
        let group = SpokenName.of(goal.group.name)
        if period == .allTime {
            guard let days = goal.daysReached else { return nil }
            return counted("speech.goal.days", days, ["group": group])
        }
        if goal.reached { return strings["speech.goal.reached", arguments: ["group": group]] }
        return strings["speech.goal.toward", arguments: ["group": group, "points": number(goal.points), "goal": number(goal.goal)]]
    }

    /// A small number as the voice should say it ("two", "kaksi"); a larger
    /// one as digits, which the voice reads as a number.
    func number(_ value: Int) -> String { strings.text(for: "speech.number.\(value)") ?? "\(value)" }

    /// A sentence with a count in it, said as a word: `keyOne` for one, `keyMany` for any other number.
    private func counted(_ key: String, _ count: Int, _ arguments: [String: String]) -> String {
        strings[key + (count == 1 ? "One" : "Many"), arguments: arguments.merging(["number": number(count)]) { given, _ in given }]
    }

    /// The text as a sentence: where a name could not be said at all, what
    /// was left of its place at the start (", two to go") is tidied away.
    func sentence(_ text: String) -> Sentence {
        var text = Substring(text)
        while let first = text.first, first == " " || first == "," || first == "." || first == ":" { text.removeFirst() }
        return Sentence(text.prefix(1).uppercased() + text.dropFirst(), language: strings.language)
    }
}
