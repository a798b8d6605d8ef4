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

    public var size: Size
    public var side: Side
    /// Each tab's own state, kept while another tab shows.
    public var tasks = TasksTabState()
    public var today = TodayTabState()
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
    /// A finger down, and the last tap, for telling taps from slides and bounces.
    public var touch = TapTracker()
    /// The letters typed over a sheet or list of names, going to a name.
    public var typeAhead = TypeAhead()
    /// The first line of the help shown, where the help is longer than the screen.
    public var helpScroll = 0
    public var notice: Notice? {
        didSet { noticeSince = nil }
    }
    /// When the notice was first on screen (the first look without a key
    /// after it came, which `KioskWake` makes at once): it fades `Notice.seconds` later, so old news does not linger.
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
