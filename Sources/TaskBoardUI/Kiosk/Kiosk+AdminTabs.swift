import Foundation
import TaskBoard

/// Keys on the admin tabs, their forms and pickers.
extension Kiosk {
    /// Arrows move on the sheet, Space ticks the cell, Enter shows the next group.
    static func markKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        let sheet = MarkSheet(roster: context.roster, group: state.markGroup)
        let rows = sheet.children.count, columns = sheet.tasks.count
        if action == .view {
            state.markPerChild.toggle()
            state.markColumn = 0
            return []
        }
        if state.showsOneChild { return oneChildKey(&state, action, sheet, context) }
        switch action {
        case .up?: state.markRow = max(0, state.markRow - 1)
        case .down?: state.markRow = min(max(0, rows - 1), state.markRow + 1)
        case .left?: state.markColumn = max(0, state.markColumn - 1)
        case .right?: state.markColumn = min(max(0, columns - 1), state.markColumn + 1)
        case .choose?:
            state.markGroup = MarkSheet.nextGroup(after: sheet.group?.id, in: context.roster)
            state.markRow = 0
            state.markColumn = 0
        case .toggle?:
            guard sheet.isOnBoard(row: state.markRow, column: state.markColumn) else { return [] }
            return [.toggleMark(sheet.children[state.markRow].id, sheet.tasks[state.markColumn].id)]
        default: break
        }
        return []
    }

    /// One child at a time: ↑ ↓ move on the board, ← → go to the previous or next child.
    static func oneChildKey(_ state: inout KioskState, _ action: Action?, _ sheet: MarkSheet, _ context: KioskContext) -> [KioskEffect] {
        let children = sheet.children
        guard children.indices.contains(state.markRow) else {
            state.markRow = 0
            return []
        }
        let board = children[state.markRow].board
        switch action {
        case .up?: state.markColumn = max(0, state.markColumn - 1)
        case .down?: state.markColumn = min(max(0, board.count - 1), state.markColumn + 1)
        case .left?, .right?:
            state.markRow = (state.markRow + (action == .right ? 1 : children.count - 1)) % children.count
            state.markColumn = 0
        case .choose?:
            state.markGroup = MarkSheet.nextGroup(after: sheet.group?.id, in: context.roster)
            state.markRow = 0
            state.markColumn = 0
        case .toggle?:
            guard board.indices.contains(state.markColumn) else { return [] }
            return [.toggleMark(children[state.markRow].id, board[state.markColumn])]
        default: break
        }
        return []
    }

    /// The task library: add, rename, icon, points with ← →, delete after a confirmation.
    static func libraryKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        let tasks = context.roster.tasks
        state.libraryList.resize(to: tasks.count)
        let selected = tasks.indices.contains(state.libraryList.index) ? tasks[state.libraryList.index] : nil
        switch action {
        case .up?: state.libraryList.move(by: -1)
        case .down?: state.libraryList.move(by: 1)
        case .add?: state.form = Form(.newTask)
        case .edit?: if let selected { state.form = Form(.renameTask(selected.id), text: selected.name) }
        case .symbol?: if let selected { state.form = Form(.taskIcon(selected.id), text: selected.icon ?? "") }
        case .delete?: if let selected { state.confirming = .roster(.deleteTask(selected.id)) }
        case .left?, .right?:
            guard let selected else { return [] }
            let points = selected.points + (action == .right ? 1 : -1)
            return LibraryTask.pointRange.contains(points) ? [.roster(.setTaskPoints(selected.id, to: points))] : []
        default: break
        }
        return []
    }

    /// Groups, and inside a group its children: add, rename, avatar, move, delete.
    static func groupsKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        let roster = context.roster
        if let open = state.groupsOpen {
            let children = roster.children(in: open)
            state.adminChildList.resize(to: children.count)
            let selected = children.indices.contains(state.adminChildList.index) ? children[state.adminChildList.index] : nil
            switch action {
            case .up?: state.adminChildList.move(by: -1)
            case .down?: state.adminChildList.move(by: 1)
            case .back?: state.groupsOpen = nil
            case .add?: state.form = Form(.newChild(open, avatar: context.defaultAvatar(roster.nextID)))
            case .edit?: if let selected { state.form = Form(.renameChild(selected.id), text: selected.name) }
            case .symbol?: if let selected { state.picker = Picker(.childAvatar(selected.id), count: context.avatars.count) }
            case .moveChild?: if let selected { state.picker = Picker(.moveChild(selected.id), count: roster.groups.count - 1) }
            case .delete?: if let selected { state.confirming = .roster(.deleteChild(selected.id)) }
            default: break
            }
            return []
        }
        state.adminGroupList.resize(to: roster.groups.count)
        let selected = roster.groups.indices.contains(state.adminGroupList.index) ? roster.groups[state.adminGroupList.index] : nil
        switch action {
        case .up?: state.adminGroupList.move(by: -1)
        case .down?: state.adminGroupList.move(by: 1)
        case .choose?:
            if let selected {
                state.groupsOpen = selected.id
                state.adminChildList = ListSelection(count: roster.children(in: selected.id).count)
            }
        case .add?: state.form = Form(.newGroup(avatar: context.defaultAvatar(roster.nextID)))
        case .edit?: if let selected { state.form = Form(.renameGroup(selected.id), text: selected.name) }
        case .symbol?: if let selected { state.picker = Picker(.groupAvatar(selected.id), count: context.avatars.count) }
        case .delete?: if let selected { state.confirming = .roster(.deleteGroup(selected.id)) }
        default: break
        }
        return []
    }

    /// A child's board: choose the child (Enter walks group, child), then add
    /// from the library, remove, and reorder.
    static func boardsKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        let roster = context.roster
        guard let childID = state.boardsChild, let child = roster.child(childID) else {
            // Choosing whose board: all children, group by group.
            let children = roster.groups.flatMap { roster.children(in: $0.id) }
            state.adminChildList.resize(to: children.count)
            switch action {
            case .up?: state.adminChildList.move(by: -1)
            case .down?: state.adminChildList.move(by: 1)
            case .choose?:
                if children.indices.contains(state.adminChildList.index) {
                    state.boardsChild = children[state.adminChildList.index].id
                    state.boardList = ListSelection(count: children[state.adminChildList.index].board.count)
                }
            default: break
            }
            return []
        }
        state.boardList.resize(to: child.board.count)
        let index = state.boardList.index
        let selected = child.board.indices.contains(index) ? child.board[index] : nil
        switch action {
        case .up?: state.boardList.move(by: -1)
        case .down?: state.boardList.move(by: 1)
        case .back?: state.boardsChild = nil
        case .add?:
            let count = roster.tasks.count - child.board.count
            if count > 0 { state.picker = Picker(.addToBoard(childID), count: count) }
        case .delete?: if let selected { state.confirming = .roster(.removeFromBoard(selected, child: childID)) }
        case .addToGroup?: state.picker = Picker(.addToGroupBoards(child.groupID), count: roster.tasks.count)
        case .copy?: state.picker = Picker(.copyBoard(from: childID), count: roster.children.count - 1)
        case .moveEarlier? where index > 0:
            state.boardList.move(by: -1)
            return [.roster(.moveOnBoard(child: childID, from: index, to: index - 1))]
        case .moveLater? where index + 1 < child.board.count:
            state.boardList.move(by: 1)
            return [.roster(.moveOnBoard(child: childID, from: index, to: index + 1))]
        default: break
        }
        return []
    }

    /// PIN, language, idle minutes (← →), time zone.
    static func settingsKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        let rows = SettingsRow.allCases
        let row = rows[min(state.settingsList.index, rows.count - 1)]
        var settings = context.settings
        switch (action, row) {
        case (.up?, _): state.settingsList.move(by: -1)
        case (.down?, _): state.settingsList.move(by: 1)
        case (.choose?, .pin), (.edit?, .pin): state.form = Form(.currentPin)
        case (.choose?, .language), (.right?, .language), (.left?, .language):
            let current = settings.language.flatMap(Language.init(rawValue:)) ?? context.language
            settings.language = (current == .fi ? Language.en : .fi).rawValue
            return [.settings(settings)]
        case (.right?, .idleMinutes), (.left?, .idleMinutes):
            let minutes = settings.idleLogoutMinutes + (action == .right ? 1 : -1)
            guard Settings.idleLogoutRange.contains(minutes) else { return [] }
            settings.idleLogoutMinutes = minutes
            return [.settings(settings)]
        case (.choose?, .timeZone), (.edit?, .timeZone): state.form = Form(.timeZone, text: settings.timeZoneIdentifier ?? "")
        default: break
        }
        return []
    }

    static func pickerKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        guard var picker = state.picker else { return [] }
        // Only the rows and their commands matter here, not their labels.
        let choices = PickerChoices(picker.purpose, roster: context.roster, avatars: context.avatars, language: "en").choices
        picker.selection.resize(to: choices.count)
        switch action {
        case .up?: picker.selection.move(by: -1)
        case .down?: picker.selection.move(by: 1)
        case .toggle? where picker.choosesSeveral && choices.indices.contains(picker.selection.index):
            if picker.marked.remove(picker.selection.index) == nil { picker.marked.insert(picker.selection.index) }
        case .back?:
            state.picker = nil
            return []
        case .choose?:
            state.picker = nil
            guard choices.indices.contains(picker.selection.index) else { return [] }
            if case .copyBoard(let source) = picker.purpose {
                // Boards are replaced: first say whose.
                let targets = picker.chosenRows.filter(choices.indices.contains).compactMap { choices[$0].command.copyTargets }.flatMap { $0 }
                state.confirming = .roster(.copyBoard(from: source, to: targets))
                return []
            }
            return [.roster(choices[picker.selection.index].command)]
        default: break
        }
        state.picker = picker
        return []
    }

    static func formKey(_ state: inout KioskState, _ key: Key, _ context: KioskContext) -> [KioskEffect] {
        guard var form = state.form else { return [] }
        switch key {
        case .enter:
            let (next, effects) = form.submit(settings: context.settings)
            state.form = next
            return effects
        case .escape:
            state.form = nil
            return []
        default:
            if let edit = TextField.edit(for: key) {
                form.field.apply(edit)
                form.problem = nil
                state.form = form
            }
            return []
        }
    }
}
