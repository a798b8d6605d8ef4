import TaskBoard

/// The rows of a picker and the command each one means. Update and render
/// both use it, so the row under the cursor is the row that is taken.
struct PickerChoices {
    struct Choice {
        let item: ListView.Item
        let command: RosterCommand
    }

    let choices: [Choice]

    init(_ purpose: Picker.Purpose, roster: Roster, avatars: [AvatarCatalogue.Avatar], icons: [IconCatalogue.Icon] = [], language: String,
         noIcon: String = "-", allGroups: String = "*", weekdayNames: [String] = (1...7).map(String.init), shown: (String) -> String = { $0 }) {
        func avatarChoices(_ catalogue: [AvatarCatalogue.Avatar], _ command: (String) -> RosterCommand) -> [Choice] {
            catalogue.map { Choice(item: ListView.Item(symbol: shown($0.symbol), label: $0.name[language] ?? $0.name["en"] ?? ""), command: command($0.symbol)) }
        }
        switch purpose {
        case .groupAvatar(let id):
            choices = avatarChoices(avatars) { .setGroupAvatar(id, to: $0) }
        case .childAvatar(let id):
            choices = avatarChoices(avatars) { .setChildAvatar(id, to: $0) }
        case .taskIcon(let id):
            // The icons the task's words call for, best first (Enter takes
            // it), then the rest of the catalogue; "no icon" comes last, or
            // first when no icon matches.
            let suggested = IconFinder(icons).ranked(for: roster.task(id)?.name ?? "")
            let suggestedSymbols = Set(suggested.map(\.symbol))
            let rest = icons.filter { !suggestedSymbols.contains($0.symbol) }
            let none = [Choice(item: ListView.Item(symbol: " ", label: noIcon), command: .setTaskIcon(id, to: nil))]
            let catalogue = avatarChoices(suggested + rest) { .setTaskIcon(id, to: $0) }
            choices = suggested.isEmpty ? none + catalogue : catalogue + none
        case .moveChild(let id):
            let current = roster.child(id)?.groupID
            choices = roster.groups.filter { $0.id != current }.map {
                Choice(item: ListView.Item(symbol: shown($0.avatar), label: $0.name), command: .moveChild(id, to: $0.id))
            }
        case .addToGroupBoards(let group):
            // Not the tasks already on every board of the group.
            let children = roster.children(in: group)
            choices = roster.tasks.filter { task in children.isEmpty || !children.allSatisfy { $0.board.contains(task.id) } }.map {
                Choice(item: ListView.Item(symbol: shown($0.icon ?? " "), label: $0.name, trailing: "+\($0.points)"),
                       command: .addToEveryBoard($0.id, group: group))
            }
        case .taskToBoards(let task):
            // Every group first, then each group.
            choices = [Choice(item: ListView.Item(symbol: " ", label: allGroups), command: .addToEveryBoard(task, group: nil))]
                + roster.groups.map {
                    Choice(item: ListView.Item(symbol: shown($0.avatar), label: $0.name), command: .addToEveryBoard(task, group: $0.id))
                }
        case .copyBoard(let source):
            choices = roster.children.filter { $0.id != source }.map {
                Choice(item: ListView.Item(symbol: shown($0.avatar), label: $0.name), command: .copyBoard(from: source, to: [$0.id]))
            }
        case .taskDays(let task, let child):
            // Monday to Sunday; the marked ones are the task's days.
            choices = zip(1...7, weekdayNames).map { day, name in
                Choice(item: ListView.Item(label: name), command: .setTaskDays(task, child: child, to: [day]))
            }
        case .addToBoard(let child):
            let board = Set(roster.child(child)?.board ?? [])
            choices = roster.tasks.filter { !board.contains($0.id) }.map {
                Choice(item: ListView.Item(symbol: shown($0.icon ?? " "), label: $0.name, trailing: "+\($0.points)"), command: .addToBoard($0.id, child: child))
            }
        }
    }
}

extension RosterCommand {
    /// The children whose boards a copy replaces.
    var copyTargets: [ChildID]? {
        if case .copyBoard(_, let targets) = self { return targets }
        return nil
    }
}
