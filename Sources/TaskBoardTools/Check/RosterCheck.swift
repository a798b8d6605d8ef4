import TaskBoard

/// The roster's invariants, which the editing rules keep and a hand-edited
/// or damaged file may break: every id used once and below `nextID`, every
/// child in a group that exists, every board entry a library task (once),
/// names and points as the rules allow.
struct RosterCheck {
    let roster: Roster
    /// Where the roster is kept, for the messages.
    var file = "roster.json"
    /// The avatar catalogue, to name a shared picture (without it, the symbol alone).
    var avatars: [AvatarCatalogue.Avatar] = []

    func problems() -> [DataProblem] {
        idProblems() + groupProblems() + childProblems() + taskProblems()
    }

    /// Children who share a picture, one note a picture: nothing is wrong
    /// (a daycare larger than the catalogue must share, and children keep
    /// the pictures they have learned), but a child who cannot read finds
    /// their row by it, so the staff should know.
    func notes() -> [DataProblem] {
        var sharing: [String: [Child]] = [:]
        var order: [String] = []
        for child in roster.children {
            let picture = AvatarPick.picture(child.avatar)
            if sharing[picture] == nil { order.append(picture) }
            sharing[picture, default: []].append(child)
        }
        return order.compactMap { picture in
            guard let children = sharing[picture], children.count > 1 else { return nil }
            let names = children.map { child in "\(child.name) (\(roster.group(child.groupID)?.name ?? "group \(child.groupID)"))" }
            return DataProblem(file: file, "\(EnglishList.joined(names, "and")) share the avatar \(avatarLabel(children[0].avatar)); "
                               + "a child finds their row by it (change one on the Groups tab)",
                               fix: .manual("nothing to repair: change one on the kiosk's Groups tab"))
        }
    }

    /// "🦄 Unicorn", or the symbol alone when the catalogue does not have it.
    private func avatarLabel(_ symbol: String) -> String {
        let picture = AvatarPick.picture(symbol)
        guard let name = avatars.first(where: { AvatarPick.picture($0.symbol) == picture })?.name["en"] else { return symbol }
        return "\(symbol) \(name)"
    }

    private func idProblems() -> [DataProblem] {
        var labels: [Int: [String]] = [:]
        for group in roster.groups { labels[group.id.rawValue, default: []].append(Self.label(group)) }
        for child in roster.children { labels[child.id.rawValue, default: []].append(Self.label(child)) }
        for task in roster.tasks { labels[task.id.rawValue, default: []].append(Self.label(task)) }
        var problems = labels.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { id, users in
            DataProblem(file: file, "id \(id) is used more than once: \(users.joined(separator: ", "))", fix: .manual(DataProblem.noGuessing))
        }
        if let largest = labels.keys.max(), largest >= roster.nextID {
            problems.append(DataProblem(file: file, "nextID is \(roster.nextID), but id \(largest) is in use already", fix: .repairRoster))
        }
        return problems
    }

    private func groupProblems() -> [DataProblem] {
        var problems = roster.groups.compactMap { nameProblem($0.name, kind: .group, label: Self.label($0)) }
        problems += duplicates(roster.groups.map(\.name)).map {
            DataProblem(file: file, "there is more than one group called \($0)", fix: .manual(DataProblem.noGuessing))
        }
        return problems
    }

    private func childProblems() -> [DataProblem] {
        var problems: [DataProblem] = []
        let taskIDs = Set(roster.tasks.map(\.id))
        for child in roster.children {
            let label = Self.label(child)
            if let problem = nameProblem(child.name, kind: .child, label: label) { problems.append(problem) }
            if roster.group(child.groupID) == nil {
                problems.append(DataProblem(file: file, "\(label) is in group \(child.groupID), which does not exist", fix: .manual(DataProblem.noGuessing)))
            }
            var seen = Set<TaskID>()
            for task in child.board {
                if !taskIDs.contains(task) {
                    problems.append(DataProblem(file: file, "the board of \(label) lists task \(task), which does not exist", fix: .repairRoster))
                } else if !seen.insert(task).inserted {
                    let name = roster.task(task).map(Self.label) ?? "task \(task)"
                    problems.append(DataProblem(file: file, "the board of \(label) lists \(name) more than once", fix: .repairRoster))
                }
            }
            for (task, days) in child.boardDays.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let name = roster.task(task).map(Self.label) ?? "task \(task)"
                if !child.board.contains(task) {
                    problems.append(DataProblem(file: file, "\(label) has weekdays for \(name), which is not on the board", fix: .repairRoster))
                } else if days.isEmpty || !days.allSatisfy((1...7).contains) || days != Array(Set(days)).sorted() {
                    problems.append(DataProblem(file: file, "\(label) has weekdays \(days) for \(name); weekdays are 1 (Monday) to 7 (Sunday), each once, in order",
                                                fix: .repairRoster))
                }
            }
        }
        for group in roster.groups {
            problems += duplicates(roster.children(in: group.id).map(\.name)).map {
                DataProblem(file: file, "\(Self.label(group)) has more than one child called \($0)", fix: .manual(DataProblem.noGuessing))
            }
        }
        return problems
    }

    private func taskProblems() -> [DataProblem] {
        var problems: [DataProblem] = []
        for task in roster.tasks {
            let label = Self.label(task)
            if let problem = nameProblem(task.name, kind: .task, label: label) { problems.append(problem) }
            if !LibraryTask.pointRange.contains(task.points) {
                problems.append(DataProblem(file: file, "\(label) is worth \(task.points) points; a task is worth \(LibraryTask.pointRange.lowerBound) to \(LibraryTask.pointRange.upperBound)", fix: .manual(DataProblem.noGuessing)))
            }
        }
        problems += duplicates(roster.tasks.map(\.name)).map {
            DataProblem(file: file, "there is more than one task called \($0)", fix: .manual(DataProblem.noGuessing))
        }
        return problems
    }

    private func nameProblem(_ name: String, kind: NameKind, label: String) -> DataProblem? {
        do {
            guard try NameRules.validate(name, kind: kind) == name else {
                return DataProblem(file: file, "\(label) has spaces around its name", fix: .manual(DataProblem.noGuessing))
            }
            return nil
        } catch {
            return DataProblem(file: file, "\(label) has a name the rules refuse: \(error.description)", fix: .manual(DataProblem.noGuessing))
        }
    }

    /// Names that occur more than once, without regard to case, in first-seen order.
    private func duplicates(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        var order: [String] = []
        for name in names {
            let key = name.lowercased()
            if seen[key] == nil { order.append(key) }
            seen[key, default: 0] += 1
        }
        return order.filter { (seen[$0] ?? 0) > 1 }.compactMap { key in names.first { $0.lowercased() == key } }
    }

    static func label(_ group: Group) -> String { "group \(group.id) (\(group.name))" }
    static func label(_ child: Child) -> String { "child \(child.id) (\(child.name))" }
    static func label(_ task: LibraryTask) -> String { "task \(task.id) (\(task.name))" }
}

/// The roster repairs that need no decision: board entries of tasks that do
/// not exist, or that are on the board twice, are dropped (the first stays);
/// weekdays of a task not on the board are dropped, others are cleaned (out
/// of range and repeated days dropped; none left: every day); `nextID` is
/// raised above every id in use.
enum RosterRepair {
    static func repaired(_ roster: Roster) -> Roster {
        var roster = roster
        let taskIDs = Set(roster.tasks.map(\.id))
        for index in roster.children.indices {
            var seen = Set<TaskID>()
            roster.children[index].board.removeAll { !taskIDs.contains($0) || !seen.insert($0).inserted }
            let board = Set(roster.children[index].board)
            var days: [TaskID: [Int]] = [:]
            for (task, list) in roster.children[index].boardDays where board.contains(task) {
                let clean = Array(Set(list.filter { (1...7).contains($0) })).sorted()
                if !clean.isEmpty && clean.count < 7 { days[task] = clean }
            }
            roster.children[index].boardDays = days
        }
        let ids = roster.groups.map(\.id.rawValue) + roster.children.map(\.id.rawValue) + roster.tasks.map(\.id.rawValue)
        if let largest = ids.max(), largest >= roster.nextID { roster.nextID = largest + 1 }
        return roster
    }
}
