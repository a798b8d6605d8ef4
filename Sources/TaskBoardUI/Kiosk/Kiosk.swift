import Foundation
import TaskBoard

/// What the kiosk's update needs to know about the world besides its state.
public struct KioskContext: Sendable {
    public let roster: Roster
    public let idleLogoutMinutes: Int
    public let now: Date
    public let keyMap: KeyMap
    /// Columns of each child tab's label in the tab bar, as drawn, for clicks.
    public let childTabWidths: [Int]
    /// The same for the admin tabs.
    public let adminTabWidths: [Int]
    /// The avatar catalogue, for the avatar pickers.
    public let avatars: [AvatarCatalogue.Avatar]
    public let settings: Settings
    /// The language on screen now.
    public let language: Language

    public init(roster: Roster, idleLogoutMinutes: Int, now: Date, keyMap: KeyMap = .standard, childTabWidths: [Int] = [],
                adminTabWidths: [Int] = [], avatars: [AvatarCatalogue.Avatar] = [], settings: Settings = Settings(),
                language: Language = .en) {
        self.adminTabWidths = adminTabWidths
        self.roster = roster
        self.settings = settings
        self.language = language
        self.idleLogoutMinutes = idleLogoutMinutes
        self.now = now
        self.keyMap = keyMap
        self.childTabWidths = childTabWidths
        self.avatars = avatars
    }

    /// The avatar a new group or child starts with (changed with the avatar key).
    func defaultAvatar(_ index: Int) -> String {
        avatars.isEmpty ? "🙂" : avatars[index % avatars.count].symbol
    }
}

/// The kiosk's rules for input: state + event → new state + effects. Pure:
/// it reads the roster but changes nothing outside the state.
public enum Kiosk {
    public static func update(_ state: inout KioskState, _ event: InputEvent, _ context: KioskContext) -> [KioskEffect] {
        switch event {
        case .resize(let size):
            state.size = size
            return []
        case .tick(let now):
            if case .admin = state.side, now.timeIntervalSince(state.lastInput) >= Double(context.idleLogoutMinutes * 60) {
                logOut(&state)
            }
            return []
        case .click(let x, let y):
            state.lastInput = context.now
            return click(&state, x: x, y: y, context)
        case .key(let key):
            state.lastInput = context.now
            return press(&state, key, context)
        }
    }

    /// Takes in what an effect came to.
    public static func apply(_ outcome: KioskOutcome, to state: inout KioskState) {
        switch outcome {
        case .pinSet:
            state.side = .child(.tasks)
            state.pinToConfirm = nil
            state.notice = .pinSet
        case .login(.success):
            state.side = .admin(.mark)
            state.notice = nil
        case .login(.wrong(let triesLeft)):
            state.notice = .wrongPin(triesLeft: triesLeft)
        case .login(.locked(let until)):
            state.notice = .locked(until: until)
        case .marked(let change):
            state.notice = .marked(change)
        case .edited(let change):
            state.form = nil
            state.confirming = nil
            state.notice = .edited(change)
        case .settingsSaved:
            state.form = nil
            state.notice = .settingsSaved
        case .pinChanged:
            state.form = nil
            state.notice = .pinChanged
        case .undone(let change):
            state.notice = .undone(change)
        case .refused(let error) where state.form != nil:
            // The form stays open with what was typed, and says why; a PIN
            // change starts again from the current PIN.
            if case .repeatPin = state.form?.purpose {
                state.form = Form(.currentPin)
            }
            state.form?.problem = error
        case .refused(let error):
            state.pinToConfirm = nil
            state.confirming = nil
            state.notice = .refused(error)
        case .saveFailed(let text):
            state.notice = .saveFailed(text)
        }
    }

    // MARK: Keys

    private static func press(_ state: inout KioskState, _ key: Key, _ context: KioskContext) -> [KioskEffect] {
        let action = context.keyMap.action(for: key)
        // An open form takes every key it can type; a confirmation only Enter and Esc.
        if state.form != nil { return formKey(&state, key, context) }
        if state.picker != nil { return pickerKey(&state, action, context) }
        if let command = state.confirming {
            state.confirming = nil
            return action == .choose ? [.roster(command)] : []
        }
        if state.showingHelp {
            // Any key closes help; it does nothing else.
            state.showingHelp = false
            return []
        }
        // PIN fields take digits only, so "?" is always help.
        if action == .help {
            state.showingHelp = true
            return []
        }
        switch state.side {
        case .firstStart:
            return firstStartKey(&state, key, action)
        case .child(let tab):
            if action == .nextTab || action == .previousTab {
                switchChildTab(&state, from: tab, by: action == .nextTab ? 1 : -1)
                return []
            }
            switch tab {
            case .tasks: tasksKey(&state, action, context)
            case .leaderboard: leaderboardKey(&state, action, context)
            case .admin: return pinEntryKey(&state, key, action)
            }
            return []
        case .admin(let tab):
            switch action {
            case .nextTab, .previousTab:
                let tabs = KioskState.AdminTab.allCases
                let index = tabs.firstIndex(of: tab) ?? 0
                state.side = .admin(tabs[(index + (action == .nextTab ? 1 : tabs.count - 1)) % tabs.count])
            case .logOut: logOut(&state)
            case .quit: return [.quit]
            case .undo: return [.undo]
            default:
                switch tab {
                case .mark: return markKey(&state, action, context)
                case .tasks: return libraryKey(&state, action, context)
                case .groups: return groupsKey(&state, action, context)
                case .boards: return boardsKey(&state, action, context)
                case .settings: return settingsKey(&state, action, context)
                }
            }
            return []
        }
    }

    private static func switchChildTab(_ state: inout KioskState, from tab: KioskState.ChildTab, by step: Int) {
        let tabs = KioskState.ChildTab.allCases
        let index = tabs.firstIndex(of: tab) ?? 0
        state.side = .child(tabs[(index + step + tabs.count) % tabs.count])
        // A PIN half typed is never left behind for the next person.
        state.pinField = TextField(maxLength: 8, masked: true)
        state.notice = nil
    }

    private static func tasksKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) {
        let roster = context.roster
        switch (state.tasksStep, action) {
        case (.chooseGroup, .up?), (.chooseGroup, .down?):
            state.groupList.resize(to: roster.groups.count)
            state.groupList.move(by: action == .up ? -1 : 1)
        case (.chooseGroup, .choose?):
            state.groupList.resize(to: roster.groups.count)
            guard roster.groups.indices.contains(state.groupList.index) else { return }
            let group = roster.groups[state.groupList.index].id
            state.tasksStep = .chooseChild(group)
            state.childList = ListSelection(count: roster.children(in: group).count)
        case (.chooseChild(let group), .up?), (.chooseChild(let group), .down?):
            state.childList.resize(to: roster.children(in: group).count)
            state.childList.move(by: action == .up ? -1 : 1)
        case (.chooseChild(let group), .choose?):
            let children = roster.children(in: group)
            state.childList.resize(to: children.count)
            guard children.indices.contains(state.childList.index) else { return }
            state.tasksStep = .board(children[state.childList.index].id)
        case (.chooseChild, .back?):
            state.tasksStep = .chooseGroup
        case (.board(let child), .back?):
            if let group = roster.child(child)?.groupID {
                state.tasksStep = .chooseChild(group)
            } else {
                state.tasksStep = .chooseGroup
            }
        default:
            break
        }
    }

    private static func leaderboardKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) {
        let periods = Period.allCases
        let index = periods.firstIndex(of: state.leaderboardPeriod) ?? 0
        switch action {
        case .left?: state.leaderboardPeriod = periods[(index + periods.count - 1) % periods.count]
        case .right?: state.leaderboardPeriod = periods[(index + 1) % periods.count]
        case .choose?:
            // All groups, then each group in turn.
            let groups = context.roster.groups.map(\.id)
            if let current = state.leaderboardGroup, let at = groups.firstIndex(of: current) {
                state.leaderboardGroup = at + 1 < groups.count ? groups[at + 1] : nil
            } else {
                state.leaderboardGroup = groups.first
            }
            state.leaderboardScroll = 0
        case .up?: state.leaderboardScroll = max(0, state.leaderboardScroll - 1)
        case .down?: state.leaderboardScroll += 1
        default: break
        }
    }

    /// Arrows move on the sheet, Space ticks the cell, Enter shows the next group.
    private static func markKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
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
    private static func oneChildKey(_ state: inout KioskState, _ action: Action?, _ sheet: MarkSheet, _ context: KioskContext) -> [KioskEffect] {
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
    private static func libraryKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        let tasks = context.roster.tasks
        state.libraryList.resize(to: tasks.count)
        let selected = tasks.indices.contains(state.libraryList.index) ? tasks[state.libraryList.index] : nil
        switch action {
        case .up?: state.libraryList.move(by: -1)
        case .down?: state.libraryList.move(by: 1)
        case .add?: state.form = Form(.newTask)
        case .edit?: if let selected { state.form = Form(.renameTask(selected.id), text: selected.name) }
        case .symbol?: if let selected { state.form = Form(.taskIcon(selected.id), text: selected.icon ?? "") }
        case .delete?: if let selected { state.confirming = .deleteTask(selected.id) }
        case .left?, .right?:
            guard let selected else { return [] }
            let points = selected.points + (action == .right ? 1 : -1)
            return LibraryTask.pointRange.contains(points) ? [.roster(.setTaskPoints(selected.id, to: points))] : []
        default: break
        }
        return []
    }

    /// Groups, and inside a group its children: add, rename, avatar, move, delete.
    private static func groupsKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
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
            case .delete?: if let selected { state.confirming = .deleteChild(selected.id) }
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
        case .delete?: if let selected { state.confirming = .deleteGroup(selected.id) }
        default: break
        }
        return []
    }

    /// A child's board: choose the child (Enter walks group, child), then add
    /// from the library, remove, and reorder.
    private static func boardsKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
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
        case .delete?: if let selected { return [.roster(.removeFromBoard(selected, child: childID))] }
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
    private static func settingsKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
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

    private static func pickerKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        guard var picker = state.picker else { return [] }
        // Only the rows and their commands matter here, not their labels.
        let choices = PickerChoices(picker.purpose, roster: context.roster, avatars: context.avatars, language: "en").choices
        picker.selection.resize(to: choices.count)
        switch action {
        case .up?: picker.selection.move(by: -1)
        case .down?: picker.selection.move(by: 1)
        case .back?:
            state.picker = nil
            return []
        case .choose?:
            state.picker = nil
            return choices.indices.contains(picker.selection.index) ? [.roster(choices[picker.selection.index].command)] : []
        default: break
        }
        state.picker = picker
        return []
    }

    private static func formKey(_ state: inout KioskState, _ key: Key, _ context: KioskContext) -> [KioskEffect] {
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

    private static func pinEntryKey(_ state: inout KioskState, _ key: Key, _ action: Action?) -> [KioskEffect] {
        if action == .choose {
            let pin = state.pinField.text
            state.pinField = TextField(maxLength: 8, masked: true)
            return pin.isEmpty ? [] : [.login(pin)]
        }
        if action == .back {
            state.pinField = TextField(maxLength: 8, masked: true)
            return []
        }
        editDigits(&state.pinField, key)
        return []
    }

    private static func firstStartKey(_ state: inout KioskState, _ key: Key, _ action: Action?) -> [KioskEffect] {
        switch action {
        case .choose?:
            let pin = state.pinField.text
            state.pinField = TextField(maxLength: 8, masked: true)
            if let first = state.pinToConfirm {
                if first != pin {
                    state.pinToConfirm = nil
                    state.notice = .pinsDiffer
                    return []
                }
                return [.setFirstPin(first, confirmation: pin)]
            }
            do {
                try PinPolicy.validate(pin)
                state.pinToConfirm = pin
                state.notice = nil
            } catch {
                state.notice = .refused(error)
            }
        case .back?:
            state.pinToConfirm = nil
            state.pinField = TextField(maxLength: 8, masked: true)
        default:
            editDigits(&state.pinField, key)
        }
        return []
    }

    /// A PIN field takes digits and editing keys only.
    private static func editDigits(_ field: inout TextField, _ key: Key) {
        guard let edit = TextField.edit(for: key) else { return }
        if case .insert(let c) = edit, !(c.isASCII && c.isNumber) { return }
        field.apply(edit)
    }

    private static func logOut(_ state: inout KioskState) {
        state.side = .child(.tasks)
        state.form = nil
        state.picker = nil
        state.confirming = nil
        state.pinField = TextField(maxLength: 8, masked: true)
        state.notice = nil
        state.showingHelp = false
    }

    // MARK: Clicks

    private static func click(_ state: inout KioskState, x: Int, y: Int, _ context: KioskContext) -> [KioskEffect] {
        guard state.form == nil, state.confirming == nil, !state.showingHelp else { return [] }
        // The tab bar is the top row: a click there goes to that tab.
        if y == KioskLayout.tabRow {
            switch state.side {
            case .child:
                if let tab = KioskLayout.tab(atX: x, widths: context.childTabWidths, tabs: KioskState.ChildTab.allCases) {
                    state.side = .child(tab)
                    state.pinField = TextField(maxLength: 8, masked: true)
                }
            case .admin:
                if state.picker == nil, let tab = KioskLayout.tab(atX: x, widths: context.adminTabWidths, tabs: KioskState.AdminTab.allCases) {
                    state.side = .admin(tab)
                }
            case .firstStart: break
            }
            return []
        }
        if case .admin(.mark) = state.side {
            return state.showsOneChild ? [] : clickSheet(&state, x: x, y: y, context)
        }
        // Elsewhere a click on a list row chooses it, as Enter would.
        let height = state.size.height - 2 - KioskLayout.contentTop
        guard let (count, keyPath) = clickableList(state, context) else { return [] }
        var selection = state[keyPath: keyPath]
        selection.resize(to: count)
        selection.reveal(height: height)
        guard let row = selection.row(atScreenY: y, top: KioskLayout.contentTop) else { return [] }
        selection.select(row)
        state[keyPath: keyPath] = selection
        return press(&state, .enter, context)
    }

    /// The list on screen that clicks choose from, and its length.
    private static func clickableList(_ state: KioskState, _ context: KioskContext) -> (Int, WritableKeyPath<KioskState, ListSelection>)? {
        let roster = context.roster
        switch state.side {
        case .child(.tasks):
            switch state.tasksStep {
            case .chooseGroup: return (roster.groups.count, \.groupList)
            case .chooseChild(let group): return (roster.children(in: group).count, \.childList)
            case .board: return nil
            }
        case .admin(.groups):
            if let open = state.groupsOpen { return (roster.children(in: open).count, \.adminChildList) }
            return (roster.groups.count, \.adminGroupList)
        case .admin(.boards):
            if let child = state.boardsChild { return (roster.child(child)?.board.count ?? 0, \.boardList) }
            return (roster.children.count, \.adminChildList)
        case .admin(.tasks): return (roster.tasks.count, \.libraryList)
        case .admin(.settings): return (SettingsRow.allCases.count, \.settingsList)
        default: return nil
        }
    }

    /// A click on a day-sheet cell moves there and ticks it, as Space would.
    private static func clickSheet(_ state: inout KioskState, x: Int, y: Int, _ context: KioskContext) -> [KioskEffect] {
        let sheet = MarkSheet(roster: context.roster, group: state.markGroup)
        let rows = max(0, state.size.height - 4 - 4)
        let row = MarkSheet.firstRow(cursor: state.markRow, rows: rows) + (y - (2 + 2))
        guard y >= 4, sheet.children.indices.contains(row),
              let column = sheet.layout(width: state.size.width, cursorColumn: state.markColumn).column(atX: x) else { return [] }
        state.markRow = row
        state.markColumn = column
        return markKey(&state, .toggle, context)
    }
}

/// Where things are on the screen, shared by drawing and by clicks.
public enum KioskLayout {
    public static let tabRow = 0
    public static let contentTop = 3

    static func tab<Tab>(atX x: Int, widths: [Int], tabs: [Tab]) -> Tab? {
        var start = 0
        for (tab, width) in zip(tabs, widths) {
            if x >= start && x < start + width { return tab }
            start += width
        }
        return nil
    }
}
