import TaskBoard

/// One tab of the kiosk, with everything of it in its folder under `Tabs/`:
/// its state (a field of `KioskState`), its bindings (which drive its keys,
/// the hint bar and help alike), what its keys and its own taps do, the
/// data its page reads, how it draws, what it reads aloud and what it goes
/// back to for the next child. Each has a default for a tab without it.
protocol KioskTab: Sendable {
    /// Its name on the tab bar: a key of the string tables.
    static var title: String { get }
    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding]
    /// What an enabled binding's action does.
    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect]
    /// The list on screen, if any: Home, End, a page, a letter and a tap act on it.
    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList?
    /// What a key without a binding does here.
    static func otherKeys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys.Other
    /// A key typed into the tab's own field, where `otherKeys` is `.typed` and no form is open.
    static func type(_ edit: TextField.Edit, _ state: inout KioskState)
    /// A letter, where `otherKeys` is `.typeAhead`.
    static func jump(to key: Key, _ state: inout KioskState, _ context: KioskContext)
    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect)
    /// Where a tap on the tab, already shown, goes: its first screen.
    static func firstScreen(_ state: inout KioskState, _ context: KioskContext)
    /// How many rows a finger drags to scroll one row of the tab's list.
    static func dragPitch(_ state: KioskState, _ context: KioskContext) -> Int
    /// A tap on a target the tab drew of its own (a sheet's cell, a
    /// leaderboard's row); the targets every screen has are `Kiosk.tap`'s.
    static func tap(_ tap: Tap, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect]
    /// Reads what its page shows beyond what every frame reads, before the
    /// frame is drawn (drawing reads only the snapshot).
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot)
    /// What it says when asked to read aloud (Space, a tap on a row: `row`).
    static func readAloud(_ state: KioskState, _ data: KioskSnapshot, row: ChildID?, _ narrator: Narrator) -> Sentence?
    /// The name chosen on its list, said as a child moves over the list.
    static func chosenName(_ state: KioskState, _ data: KioskSnapshot) -> String?
    /// Where it goes back to when the child side was left alone
    /// (`Kiosk.childSideIdleSeconds`), for the next child: run for every
    /// child tab, shown or not.
    static func freshStart(_ state: inout KioskState, roster: Roster)
}

extension KioskTab {
    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? { nil }

    /// Letters go to the names of the list, where there is one.
    static func otherKeys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys.Other {
        list(state, context) == nil ? .ignored : .typeAhead
    }

    static func firstScreen(_ state: inout KioskState, _ context: KioskContext) {}
    static func tap(_ tap: Tap, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] { [] }
    static func type(_ edit: TextField.Edit, _ state: inout KioskState) {}
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot) {}
    static func readAloud(_ state: KioskState, _ data: KioskSnapshot, row: ChildID?, _ narrator: Narrator) -> Sentence? { nil }
    static func chosenName(_ state: KioskState, _ data: KioskSnapshot) -> String? { nil }
    static func freshStart(_ state: inout KioskState, roster: Roster) {}

    /// A list's row and the gap after it; a row where there is no list.
    static func dragPitch(_ state: KioskState, _ context: KioskContext) -> Int {
        guard list(state, context) != nil else { return 1 }
        let layout = Kiosk.listLayout(state)
        return layout.rowHeight + layout.gap
    }

    static func jump(to key: Key, _ state: inout KioskState, _ context: KioskContext) {
        guard let list = list(state, context) else { return }
        Kiosk.jump(list, to: key, &state, context)
    }
}

/// What one frame draws: the look (texts, theme, catalogues), the screen's
/// state and the snapshot of the data. Nothing else is in reach of drawing.
struct Frame {
    let screen: KioskScreen
    let state: KioskState
    let data: KioskSnapshot
    /// The screen's keys: what is enabled is also what a tap can do.
    var keys = ScreenKeys([])

    /// Whether the screen has an enabled binding for `action`, so its button is drawn.
    func offers(_ action: Action) -> Bool { keys.binding(for: action) != nil }

    var strings: Strings { screen.strings }
    var theme: Theme { screen.theme }
    var roster: Roster { data.roster }
}

/// The tab table: the only place that lists the tabs, in their order on
/// the tab bar. A new tab is its folder under `Tabs/` and a line here.
extension KioskState.ChildTab {
    static var table: [any KioskTab.Type] { [TasksTab.self, LeaderboardTab.self, TodayTab.self, AdminLoginTab.self] }
}

extension KioskState.AdminTab {
    static var table: [any KioskTab.Type] { [MarkTab.self, BoardsTab.self, GroupsTab.self, LibraryTab.self, SettingsTab.self] }
}

/// The tabs code names (to go to one, or to ask which shows).
extension KioskState.ChildTab {
    public static let tasks = Self(TasksTab.self), leaderboard = Self(LeaderboardTab.self)
    public static let today = Self(TodayTab.self), admin = Self(AdminLoginTab.self)
}

extension KioskState.AdminTab {
    public static let mark = Self(MarkTab.self), boards = Self(BoardsTab.self), groups = Self(GroupsTab.self)
    public static let library = Self(LibraryTab.self), settings = Self(SettingsTab.self)
}

extension KioskState {
    /// A tab of the child side: one of `table`, told apart by its type.
    public struct ChildTab: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        let tab: any KioskTab.Type
        init(_ tab: any KioskTab.Type) { self.tab = tab }
        public static var allCases: [Self] { table.map(Self.init) }
        public static func == (a: Self, b: Self) -> Bool { a.tab == b.tab }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(tab)) }
        public var description: String { "\(tab)" }
    }

    /// A tab of the admin side: one of `table`, told apart by its type.
    public struct AdminTab: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        let tab: any KioskTab.Type
        init(_ tab: any KioskTab.Type) { self.tab = tab }
        public static var allCases: [Self] { table.map(Self.init) }
        public static func == (a: Self, b: Self) -> Bool { a.tab == b.tab }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(tab)) }
        public var description: String { "\(tab)" }
    }
}

extension KioskState.Side {
    /// The tab showing; at the first start, the screen that asks for the PIN.
    var tab: any KioskTab.Type {
        switch self {
        case .firstStart: FirstStartTab.self
        case .child(let tab): tab.tab
        case .admin(let tab): tab.tab
        }
    }
}
