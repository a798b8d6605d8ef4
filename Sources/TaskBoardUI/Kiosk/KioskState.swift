import Foundation
import TaskBoard

/// Everything the kiosk screen remembers between key presses. A value: the
/// tests drive it key by key and read the screen back.
public struct KioskState: Equatable, Sendable {
    public enum Side: Equatable, Sendable {
        /// No PIN yet: a new one is asked for, twice, before anything else.
        case firstStart
        case child(ChildTab)
        case admin(AdminTab)
    }

    public enum ChildTab: CaseIterable, Sendable { case tasks, leaderboard, admin }
    public enum AdminTab: CaseIterable, Sendable { case mark, boards, groups, tasks, settings }

    public var size: Size
    public var side: Side
    /// Each tab's own state, kept while another tab shows.
    public var tasks = TasksTabState()
    public var leaderboard = LeaderboardTabState()
    public var pin: PinEntryState
    public var mark = MarkTabState()
    public var boards = BoardsTabState()
    public var groups = GroupsTabState()
    public var library = LibraryTabState()
    public var settings = SettingsTabState()

    /// Narrow screens always get one child at a time: the sheet would not fit.
    public var showsOneChild: Bool { mark.perChild || size.width < KioskState.sheetMinimumWidth }
    public static let sheetMinimumWidth = 60
    /// What is open over the tab, the newest last: only the top one takes keys.
    public var overlays: [Overlay] = []
    /// The first line of the help shown, where the help is longer than the screen.
    public var helpScroll = 0
    public var notice: Notice? {
        didSet { noticeSince = nil }
    }
    /// When the notice was first on screen (the next timer tick after it
    /// came): it fades `Notice.seconds` later, so old news does not linger.
    public var noticeSince: TimeInterval?
    /// Set while the shared database cannot be reached: the status line says
    /// so whenever no notice is showing.
    public var offline: Offline?
    /// Changes made here that the shared database has not confirmed yet
    /// while it can be reached: a tick's words say "sending" until it has.
    public var sending = 0
    /// When the last key came (uptime seconds), for the idle logout.
    public var lastInput: TimeInterval
    /// A second screen beside the kiosk (`--view-only`): the child side
    /// only; the Admin tab takes no PIN.
    public let viewOnly: Bool

    /// `checkSeed` picks the grown-up check's numbers: random in the kiosk, fixed in tests.
    /// `uptime`: the clock that only moves forward, as the kiosk starts.
    public init(size: Size, pinIsSet: Bool, uptime: TimeInterval = 0, viewOnly: Bool = false, checkSeed: UInt64 = 0x5EED) {
        self.size = size
        pin = PinEntryState(checkSeed: checkSeed)
        side = pinIsSet || viewOnly ? .child(.tasks) : .firstStart
        lastInput = uptime
        self.viewOnly = viewOnly
    }
}

/// A kiosk on a shared database that cannot reach it: since when, and how
/// many of its changes wait to be sent.
public struct Offline: Equatable, Sendable {
    public var since: Date
    public var waiting: Int

    public init(since: Date, waiting: Int) {
        self.since = since
        self.waiting = waiting
    }
}

/// Something open over a tab: it has the keys until it closes.
public enum Overlay: Equatable, Sendable {
    /// A form: a name, a time zone, a PIN change.
    case form(Form)
    /// A list to choose from: an avatar, a group, a task, whose boards get a copy.
    case picker(Picker)
    /// Something that destroys or leaves, waiting for Enter.
    case confirmation(Confirmation)
    /// The keys of the screen beneath.
    case help
}

/// Each kind of overlay read and set as if it were a field: setting one
/// replaces an open one of its kind or opens it on top; nil closes it.
extension KioskState {
    public var form: Form? {
        get { overlays.lazy.compactMap { if case .form(let form) = $0 { form } else { nil } }.last }
        set { setOverlay(newValue.map(Overlay.form)) { if case .form = $0 { true } else { false } } }
    }

    public var picker: Picker? {
        get { overlays.lazy.compactMap { if case .picker(let picker) = $0 { picker } else { nil } }.last }
        set { setOverlay(newValue.map(Overlay.picker)) { if case .picker = $0 { true } else { false } } }
    }

    public var confirming: Confirmation? {
        get { overlays.lazy.compactMap { if case .confirmation(let confirmation) = $0 { confirmation } else { nil } }.last }
        set { setOverlay(newValue.map(Overlay.confirmation)) { if case .confirmation = $0 { true } else { false } } }
    }

    public var showingHelp: Bool {
        get { overlays.contains(.help) }
        set { setOverlay(newValue ? .help : nil) { $0 == .help } }
    }

    private mutating func setOverlay(_ overlay: Overlay?, kind: (Overlay) -> Bool) {
        if let index = overlays.lastIndex(where: kind) {
            if let overlay { overlays[index] = overlay } else { overlays.remove(at: index) }
        } else if let overlay {
            overlays.append(overlay)
        }
    }
}

/// A one-field form: Enter saves, Esc cancels, and a refusal keeps what was
/// typed and shows why.
public struct Form: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case newTask
        case renameTask(TaskID)
        case newGroup(avatar: String)
        case renameGroup(GroupID)
        case newChild(GroupID, avatar: String)
        case renameChild(ChildID)
        case timeZone
        /// Holidays: the dates typed, separated by spaces.
        case closedDays
        /// Changing the PIN: the current one, then the new one twice.
        case currentPin
        case newPin(current: String)
        case repeatPin(current: String, new: String)
    }

    public let purpose: Purpose
    public var field: TextField
    public var problem: TaskBoardError?

    public init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        switch purpose {
        case .currentPin, .newPin, .repeatPin: field = TextField(maxLength: PinPolicy.lengthRange.upperBound, masked: true)
        // A year's holidays, each 10 characters and a space.
        case .closedDays: field = TextField(text: text, maxLength: 400)
        default: field = TextField(text: text, maxLength: NameRules.maxWidth * 2)
        }
    }

    /// What Enter does with the typed text: the next step of a PIN change, or an effect.
    func submit(settings: Settings, today: Day) -> (next: Form?, effects: [KioskEffect]) {
        let text = field.text
        switch purpose {
        case .currentPin: return (Form(.newPin(current: text)), [])
        case .newPin(let current): return (Form(.repeatPin(current: current, new: text)), [])
        // The form stays until the outcome: a refusal starts again from the current PIN.
        case .repeatPin(let current, let new): return (self, [.changePin(current: current, new: new, confirmation: text)])
        case .timeZone:
            var changed = settings
            let zone = text.trimmingCharacters(in: .whitespaces)
            // "Helsinki" means Europe/Helsinki; what matches nothing is refused as typed.
            changed.timeZoneIdentifier = zone.isEmpty ? nil : Settings.timeZoneIdentifier(for: zone) ?? zone
            return (self, [.settings(changed)])
        case .closedDays:
            var days: [Day] = []
            for word in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }) {
                guard let day = Day.typed(word, near: today) else {
                    var refused = self
                    refused.problem = .invalidDate(String(word))
                    return (refused, [])
                }
                days.append(day)
            }
            var changed = settings
            changed.closedDays = Array(Set(days)).sorted()
            return (self, [.settings(changed)])
        default: return (self, command().map { [.roster($0)] } ?? [])
        }
    }

    /// The roster command the typed text asks for, if this form edits the roster.
    func command() -> RosterCommand? {
        let text = field.text
        switch purpose {
        case .newTask: return .addTask(name: text, icon: nil, points: LibraryTask.defaultPoints)
        case .renameTask(let id): return .renameTask(id, to: text)
        case .newGroup(let avatar): return .addGroup(name: text, avatar: avatar)
        case .renameGroup(let id): return .renameGroup(id, to: text)
        case .newChild(let group, let avatar): return .addChild(name: text, avatar: avatar, group: group)
        case .renameChild(let id): return .renameChild(id, to: text)
        case .timeZone, .closedDays, .currentPin, .newPin, .repeatPin: return nil
        }
    }
}

/// The rows of the Settings tab.
public enum SettingsRow: CaseIterable, Sendable {
    case pin, language, idleMinutes, timeZone, openDays, closedDays, leaderboardStyle, groupGoal
}

/// The weekdays a board may be closed on, as the Settings tab offers them
/// with ← →: open every day (a family), Monday to Friday (a daycare),
/// Monday to Saturday.
public enum OpeningWeek: CaseIterable, Sendable {
    case everyDay, mondayToFriday, mondayToSaturday

    public var closedWeekdays: [Int] {
        switch self {
        case .everyDay: []
        case .mondayToFriday: [6, 7]
        case .mondayToSaturday: [7]
        }
    }

    /// The choice that closes these weekdays, if it is one of them.
    public init?(closedWeekdays: [Int]) {
        guard let week = Self.allCases.first(where: { $0.closedWeekdays == closedWeekdays }) else { return nil }
        self = week
    }
}

/// What waits for Enter (and goes with Esc) before it happens.
public enum Confirmation: Equatable, Sendable {
    /// A roster edit that takes something away: a delete, a task off a
    /// board, boards replaced by a copy.
    case roster(RosterCommand)
    case quit
}

/// Choosing from a list: Enter takes the highlighted item, Esc closes. A
/// picker that chooses several (whose boards get a copy) marks rows with
/// Space and takes the marked ones with Enter.
public struct Picker: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case groupAvatar(GroupID)
        case childAvatar(ChildID)
        case taskIcon(TaskID)
        case moveChild(ChildID)
        case addToBoard(ChildID)
        /// A task for every board of the group.
        case addToGroupBoards(GroupID)
        /// Another child who gets a copy of this board.
        case copyBoard(from: ChildID)
        /// The weekdays a task on a board is for.
        case taskDays(TaskID, child: ChildID)
    }

    public let purpose: Purpose
    public var selection: ListSelection
    /// The rows marked with Space, in a picker that chooses several.
    public var marked: Set<Int> = []

    public init(_ purpose: Purpose, count: Int, marked: Set<Int> = []) {
        self.purpose = purpose
        selection = ListSelection(count: count)
        self.marked = marked
    }

    public var choosesSeveral: Bool {
        switch purpose {
        case .copyBoard, .taskDays: true
        default: false
        }
    }

    /// The rows Enter takes: the marked ones, or else the highlighted one.
    public var chosenRows: [Int] {
        marked.isEmpty ? [selection.index] : marked.sorted()
    }
}

/// What the status line says, as a value; the screen puts it into words in
/// the current language.
public enum Notice: Equatable, Sendable {
    case marked(MarkChange)
    case markedAll(ColumnChange)
    case attendance(AttendanceChange)
    case edited(RosterChange)
    case settingsSaved(SettingsChange)
    case pinChanged
    case undone(UndoneChange)
    case pinSet
    case pinsDiffer
    /// The grown-up check's number was not typed right; a new one is shown.
    case adultCheckWrong
    /// The admin side logged itself out after the idle minutes; a form with
    /// something typed in it was closed unsaved.
    case idleLoggedOut(minutes: Int, formLost: Bool)
    case wrongPin(triesLeft: Int)
    case locked(until: Date)
    case refused(TaskBoardError)
    /// Saving failed (disk full, permissions): the text names the file.
    case saveFailed(String)
    /// Only a cache could not be saved (disk full or read-only): nothing was
    /// lost, but the next tick may not be saved either.
    case cannotWrite(String)
    /// The kiosk started over a read-only disk: it only shows the board.
    case readOnlyDisk(String)
    /// A PIN is being checked (its hash is slow on purpose).
    case checkingPin
    /// A change the shared database has not answered yet.
    case underway(SavedSubject)
    /// The answer to it, when it came.
    case lateAnswer(LateAnswer)

    /// A change that goes to the outbox while the shared database is away.
    public var isKeptUntilOnline: Bool {
        switch self {
        case .marked, .markedAll, .attendance: true
        default: false
        }
    }

    /// How long a notice stays: a problem longer, so it is read.
    public var seconds: TimeInterval { isProblem ? 30 : 8 }

    public var isProblem: Bool {
        switch self {
        case .marked, .markedAll, .attendance, .edited, .undone, .pinSet, .settingsSaved, .pinChanged: false
        case .idleLoggedOut(_, let formLost): formLost
        case .underway, .checkingPin: false
        case .lateAnswer(let answer): answer.outcome != .saved
        case .pinsDiffer, .adultCheckWrong, .wrongPin, .locked, .refused, .saveFailed, .cannotWrite, .readOnlyDisk: true
        }
    }
}
