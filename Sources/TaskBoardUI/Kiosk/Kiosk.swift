import Foundation
import TaskBoard

/// The kiosk's rules for input: state + event → new state + effects. Pure:
/// it reads the roster but changes nothing outside the state.
public enum Kiosk {
    public static func update(_ state: inout KioskState, _ event: InputEvent, _ context: KioskContext) -> [KioskEffect] {
        switch event {
        case .resize(let size):
            let wasOneChild = state.showsOneChild
            state.size = size
            // The sheet's columns are tasks of the group, the one child's rows
            // tasks of a board: the cursor starts again on the first.
            if state.showsOneChild != wasOneChild { state.mark.column = 0 }
            return []
        case .tick:
            let now = context.uptime
            if case .admin = state.side, now - state.lastInput >= Double(context.settings.idleLogoutMinutes * 60) {
                let formLost = !(state.form?.field.text.isEmpty ?? true)
                logOut(&state, roster: context.roster)
                state.notice = .idleLoggedOut(minutes: context.settings.idleLogoutMinutes, formLost: formLost)
            }
            if case .child = state.side, now - state.lastInput >= childSideIdleSeconds { freshStart(&state, roster: context.roster) }
            if let notice = state.notice {
                if let since = state.noticeSince {
                    if now - since >= notice.seconds { state.notice = nil }
                } else {
                    state.noticeSince = now
                }
            }
            return []
        case .click(let x, let y):
            state.lastInput = context.uptime
            return endingCelebrationElsewhere(&state) { click(&$0, x: x, y: y, context) }
        case .pointer(let pointer):
            state.lastInput = context.uptime
            return endingCelebrationElsewhere(&state) { self.pointer(&$0, pointer, context) }
        case .key(let key):
            state.lastInput = context.uptime
            return endingCelebrationElsewhere(&state) { press(&$0, key, context) }
        }
    }

    /// A celebration belongs to the screen it was made on: another tab ends it.
    private static func endingCelebrationElsewhere(_ state: inout KioskState, _ body: (inout KioskState) -> [KioskEffect]) -> [KioskEffect] {
        let side = state.side
        let effects = body(&state)
        if state.side != side, state.notice?.celebrates == true { state.notice = nil }
        return effects
    }

    /// Takes in what an effect came to; `roster` is the roster after it,
    /// so the cursor can go to what was just added (and `avatars` give the
    /// next child added in a row theirs).
    public static func apply(_ outcome: KioskOutcome, to state: inout KioskState, roster: Roster? = nil, avatars: [AvatarCatalogue.Avatar] = []) {
        switch outcome {
        case .pinSet:
            // Whoever set the PIN is the grown-up: on to setting the daycare up.
            state.side = .admin(.mark)
            state.pin.reset()
            state.confirming = .openDays
            state.notice = .pinSet
        case .login(.success):
            state.side = .admin(.mark)
            state.pin.reset()
            state.notice = nil
        case .login(.wrong(let triesLeft)):
            // Each try at the PIN needs the grown-up check again.
            state.pin.reset()
            state.notice = .wrongPin(triesLeft: triesLeft)
        case .login(.locked(let until)):
            state.pin.reset()
            state.notice = .locked(until: until)
        case .marked(let change):
            state.notice = .marked(change)
        case .markedAll(let change):
            state.notice = .markedAll(change)
        case .attendance(let change):
            state.notice = .attendance(change)
        case .edited(let change):
            state.form = nil
            state.confirming = nil
            state.notice = .edited(change)
            if let roster {
                selectAdded(change, in: roster, &state)
                addNext(after: change, in: roster, avatars: avatars, &state)
            }
        case .forgotten(let report):
            state.confirming = nil
            state.notice = .forgotten(report)
        case .settingsSaved(let change):
            // A settings form closes; another (the first group's, at the first start) stays.
            if state.form?.purpose.isSetting == true { state.form = nil }
            state.notice = .settingsSaved(change)
        case .pinChanged:
            state.form = nil
            state.notice = .pinChanged
        case .currentPinChecked(let outcome):
            guard case .currentPin? = state.form?.purpose, let typed = state.form?.field.text else { break }
            switch outcome {
            case .success:
                state.form = Form(.newPin(current: typed))
                // A wrong try before it is behind us.
                state.notice = nil
            case .wrong(let triesLeft):
                state.form = Form(.currentPin)
                state.form?.problem = .wrongPin
                state.notice = .wrongPin(triesLeft: triesLeft)
            case .locked(let until):
                state.form = nil
                state.notice = .locked(until: until)
            }
        case .undone(let change):
            state.notice = .undone(change)
        case .refused(let error) where state.form != nil:
            // The form stays open with what was typed, and says why. A new
            // PIN typed differently the second time is asked for again (the
            // current one was checked); any other refusal of a PIN change
            // starts again from the current PIN.
            if case .repeatPin(let current, _)? = state.form?.purpose {
                state.form = error == .pinMismatch ? Form(.newPin(current: current)) : Form(.currentPin)
            }
            state.form?.problem = error
        case .refused(let error):
            state.pin.toConfirm = nil
            state.confirming = nil
            state.notice = .refused(error)
        case .saveFailed(let text):
            state.notice = .saveFailed(text)
        case .maybeSaved(let text):
            state.notice = .maybeSaved(text)
        case .underway(let subject):
            // On its way, as a saved change would be: the form closes.
            state.form = nil
            state.confirming = nil
            state.pin.toConfirm = nil
            state.notice = .underway(subject)
        case .spoken:
            break
        }
    }

    // MARK: Keys

    /// A key does what the screen's binding for it says, if it has an
    /// enabled one; else what the screen does with other keys.
    static func press(_ state: inout KioskState, _ key: Key, _ context: KioskContext) -> [KioskEffect] {
        let keys = Self.keys(state, context)
        // Any key but a letter ends a name typed ahead ("n", Space, "s": two names).
        if !key.isLetter, !state.typeAhead.typed.isEmpty { state.typeAhead = TypeAhead() }
        if let binding = keys.binding(for: keys.keyMap(context.keyMap).action(for: key)) {
            return act(&state, binding.action, context)
        }
        switch keys.other {
        case .ignored: break
        case .close:
            state.overlays.removeLast()
        case .typed(let digitsOnly):
            type(&state, key, digitsOnly: digitsOnly)
        case .typeAhead:
            jump(&state, to: key, context)
        }
        return []
    }

    /// An enabled binding's action, on the top overlay, else on the tab.
    static func act(_ state: inout KioskState, _ action: Action, _ context: KioskContext) -> [KioskEffect] {
        switch state.overlays.last {
        case .help?: return HelpOverlay.act(action, &state, context)
        case .confirmation(let confirmation)?: return ConfirmationOverlay.act(action, confirmation, &state, context)
        case .form?: return FormOverlay.act(action, &state, context)
        case .picker?: return PickerOverlay.act(action, &state, context)
        case nil: break
        }
        if action == .help {
            state.showingHelp = true
            state.helpScroll = 0
            return []
        }
        if [.first, .last, .pageUp, .pageDown].contains(action), let list = screenList(state, context) {
            var selection = state[keyPath: list.selection]
            selection.resize(to: list.names.count)
            jump(&selection, action, page: listLayout(state).shown)
            state[keyPath: list.selection] = selection
            return []
        }
        switch (state.side, action) {
        case (.child(let tab), .nextTab), (.child(let tab), .previousTab):
            switchChildTab(&state, from: tab, by: action == .nextTab ? 1 : -1)
        case (.admin(let tab), .nextTab), (.admin(let tab), .previousTab):
            let tabs = KioskState.AdminTab.allCases
            let index = tabs.firstIndex(of: tab) ?? 0
            state.side = .admin(tabs[(index + (action == .nextTab ? 1 : tabs.count - 1)) % tabs.count])
        case (.admin, .logOut): logOut(&state, roster: context.roster)
        case (.admin, .quit): state.confirming = .quit
        case (.admin, .undo): return [.undo]
        default: return state.side.tab.act(action, &state, context)
        }
        return []
    }

    static func switchChildTab(_ state: inout KioskState, from tab: KioskState.ChildTab, by step: Int) {
        let tabs = KioskState.ChildTab.allCases
        let index = tabs.firstIndex(of: tab) ?? 0
        state.side = .child(tabs[(index + step + tabs.count) % tabs.count])
        // A PIN half typed is never left behind for the next person.
        state.pin.reset()
        state.notice = nil
    }

    /// A key without a binding where a field takes typing.
    static func type(_ state: inout KioskState, _ key: Key, digitsOnly: Bool) {
        guard let edit = TextField.edit(for: key) else { return }
        if digitsOnly, case .insert(let c) = edit, !(c.isASCII && c.isNumber) { return }
        if var form = state.form {
            form.field.apply(edit)
            form.problem = nil
            state.form = form
            return
        }
        state.side.tab.type(edit, &state)
    }

    /// Children are added in a row: after one, the form for the next (Esc
    /// ends it). The very first group opens, ready for its children.
    static func addNext(after change: RosterChange, in roster: Roster, avatars: [AvatarCatalogue.Avatar], _ state: inout KioskState) {
        func newChild(in group: GroupID) {
            state.form = Form(.newChild(group, avatar: AvatarPick(catalogue: avatars).forChild(joining: group, in: roster)))
        }
        switch change.kind {
        case .addChild where change.changed: if let open = state.groups.open { newChild(in: open) }
        case .addGroup where change.changed && roster.groups.count == 1 && roster.children.isEmpty:
            guard let group = roster.groups.first else { return }
            state.groups.open = group.id
            state.groups.weeksBack = nil
            state.groups.children = ListSelection(count: 0)
            newChild(in: group.id)
        default: break
        }
    }

    /// After an add, the cursor is on the new row, so the next key acts on it.
    static func selectAdded(_ change: RosterChange, in roster: Roster, _ state: inout KioskState) {
        func select(_ names: [String], _ keyPath: WritableKeyPath<KioskState, ListSelection>) {
            guard let row = names.lastIndex(where: { NameRules.same($0, change.subject) }) else { return }
            state[keyPath: keyPath] = ListSelection(count: names.count, index: row)
        }
        switch change.kind {
        case .addGroup: select(roster.groups.map(\.name), \.groups.list)
        case .addChild: if let open = state.groups.open { select(roster.children(in: open).map(\.name), \.groups.children) }
        case .addTask:
            select(roster.tasks.map(\.name), \.library.list)
            // A new task asks for its icon, the best match first: Enter takes it.
            if let task = roster.tasks.last, task.icon == nil { state.picker = Picker(.taskIcon(task.id), count: 1) }
        default: break
        }
    }

    /// A child side left alone this long starts afresh for the next child.
    public static let childSideIdleSeconds: TimeInterval = 60

    /// Where a child starts: each child tab's own fresh start (`KioskTab.freshStart`),
    /// and no help open. A press stays with the child who made it.
    static func freshStart(_ state: inout KioskState, roster: Roster) {
        for tab in KioskState.ChildTab.allCases { tab.tab.freshStart(&state, roster: roster) }
        // Help opened by a tap on the hint bar is not the next child's screen.
        if state.showingHelp { state.showingHelp = false }
    }

    /// Back to the child side as the next child finds it: the board the
    /// last child left open, before the grown-up came, is not theirs.
    static func logOut(_ state: inout KioskState, roster: Roster) {
        state.side = .child(.tasks)
        state.overlays = []
        state.pin.reset()
        state.notice = nil
        freshStart(&state, roster: roster)
    }
}
