import Foundation
import TaskBoard

/// What the kiosk's update needs to know about the world besides its state.
public struct KioskContext: Sendable {
    public let roster: Roster
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

    public init(roster: Roster, settings: Settings, now: Date, keyMap: KeyMap = .standard, childTabWidths: [Int] = [],
                adminTabWidths: [Int] = [], avatars: [AvatarCatalogue.Avatar] = [], language: Language = .en) {
        self.adminTabWidths = adminTabWidths
        self.roster = roster
        self.settings = settings
        self.language = language
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
            if case .admin = state.side, now.timeIntervalSince(state.lastInput) >= Double(context.settings.idleLogoutMinutes * 60) {
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
            state.resetPinEntry()
            state.notice = nil
        case .login(.wrong(let triesLeft)):
            // Each try at the PIN needs the grown-up check again.
            state.resetPinEntry()
            state.notice = .wrongPin(triesLeft: triesLeft)
        case .login(.locked(let until)):
            state.resetPinEntry()
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

    static func press(_ state: inout KioskState, _ key: Key, _ context: KioskContext) -> [KioskEffect] {
        let action = context.keyMap.action(for: key)
        // An open form takes every key it can type; a confirmation only Enter and Esc.
        if state.form != nil { return formKey(&state, key, context) }
        if state.picker != nil { return pickerKey(&state, action, context) }
        if let confirmation = state.confirming {
            // Only Enter goes ahead; any other key cancels, so a stray key is never a yes.
            state.confirming = nil
            guard action == .choose else { return [] }
            switch confirmation {
            case .roster(let command): return [.roster(command)]
            case .quit: return [.quit]
            }
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
            case .admin: return state.viewOnly ? [] : pinEntryKey(&state, key, action, context)
            }
            return []
        case .admin(let tab):
            switch action {
            case .nextTab, .previousTab:
                let tabs = KioskState.AdminTab.allCases
                let index = tabs.firstIndex(of: tab) ?? 0
                state.side = .admin(tabs[(index + (action == .nextTab ? 1 : tabs.count - 1)) % tabs.count])
            case .logOut: logOut(&state)
            case .quit: state.confirming = .quit
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

    static func logOut(_ state: inout KioskState) {
        state.side = .child(.tasks)
        state.form = nil
        state.picker = nil
        state.confirming = nil
        state.resetPinEntry()
        state.notice = nil
        state.showingHelp = false
    }
}
