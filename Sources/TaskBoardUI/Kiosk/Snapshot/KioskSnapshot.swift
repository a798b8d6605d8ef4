import Foundation
import TaskBoard

/// Everything a frame shows, read before it is drawn: drawing takes this
/// value and the screen state and nothing else, so it cannot write, wait
/// for a database or change a cache. Beyond the roster and settings, only
/// what the page on screen shows is read (today's ticks on a board or the
/// sheet, the leaderboard of its period, the month on screen): the first
/// frame comes before the marks are read at all.
public struct KioskSnapshot: Sendable {
    public var roster: Roster
    public var settings: Settings
    /// The days and times on screen: the zone's name and clock times come
    /// from it when shown (making a TimeZone is not free, and most frames need none).
    public var calendar: DayCalendar
    /// The day the board shows.
    public var today: Day
    public var now: Date
    /// The clock that only moves forward (the idle countdown, the check's wait).
    public var uptime: TimeInterval
    public var canUndo: Bool
    public var pin: PinStatus
    /// The children marked away today.
    public var awayToday: Set<ChildID>
    /// Children who share their name with a child of another group.
    public var namesakes: Set<ChildID>
    /// What the page on screen needs beyond the above, if anything.
    public var page: Page?
    /// Whether the kiosk's voice can speak (Settings says why not); nil
    /// where there is no voice (a viewer, a printout).
    public var voice: VoiceAvailability?
    /// The names the staff have recorded, as the roster has them (Settings), read only for that tab.
    public var recordedNames: [String]?
    /// Every kiosk on the shared database (Settings lists them); nil on a data directory.
    public var kiosks: KioskRoll?
    /// How long history is kept can be set here (a kiosk, not a viewer beside one).
    public var setsHistory = false
    /// A child can be forgotten for good here (a kiosk, not a viewer, with a way to forget).
    public var canForget = false

    /// The facts of the page on screen.
    public enum Page: Sendable {
        /// A child's board today.
        case board(Readout<ChildToday>)
        /// The Mark tab's sheet: today's ticks.
        case markSheet(Readout<DayMarks>)
        /// A child's month; days not read yet are nil.
        case month(ChildMonth)
        /// A group's week; days not read yet are nil.
        case groupWeek(GroupWeek)
        case leaderboard(LeaderboardFacts)
        /// What a roster change waiting for Enter would take with it.
        case confirmation(ConfirmationFacts)
        /// What forgetting a child would take away, asked before Enter.
        case forgetting(Readout<ForgetPreview>)
    }

    public init(roster: Roster, settings: Settings, calendar: DayCalendar, today: Day, now: Date, uptime: TimeInterval = 0,
                canUndo: Bool = false, pin: PinStatus = .ready(triesLeft: 5), awayToday: Set<ChildID> = [],
                namesakes: Set<ChildID> = [], page: Page? = nil) {
        self.roster = roster
        self.settings = settings
        self.calendar = calendar
        self.today = today
        self.now = now
        self.uptime = uptime
        self.canUndo = canUndo
        self.pin = pin
        self.awayToday = awayToday
        self.namesakes = namesakes
        self.page = page
    }

    public var pinLocked: Bool {
        if case .locked = pin { return true }
        return false
    }

    public func isAway(_ child: ChildID) -> Bool { awayToday.contains(child) }

    /// Read aloud is on and the voice can speak.
    public var readsAloud: Bool { settings.readAloud && voice?.isAvailable == true }

    public var board: Readout<ChildToday>? {
        if case .board(let board)? = page { return board }
        return nil
    }

    /// Today's ticks, where the page on screen shows them.
    public var todayMarks: Readout<DayMarks>? {
        switch page {
        case .markSheet(let marks)?: marks
        case .board(let board)?: board.map(\.marks)
        default: nil
        }
    }

    public var month: ChildMonth? {
        if case .month(let month)? = page { return month }
        return nil
    }

    public var groupWeek: GroupWeek? {
        if case .groupWeek(let week)? = page { return week }
        return nil
    }

    public var leaderboard: LeaderboardFacts? {
        if case .leaderboard(let facts)? = page { return facts }
        return nil
    }

    public var confirmation: ConfirmationFacts? {
        if case .confirmation(let facts)? = page { return facts }
        return nil
    }

    public var forgetting: Readout<ForgetPreview>? {
        if case .forgetting(let preview)? = page { return preview }
        return nil
    }
}

/// A read that worked, or why it did not (said on the screen where its content would be).
public typealias Readout<Value> = Result<Value, ReadFailure>

/// Why something could not be read, as the screen words it.
public struct ReadFailure: Error, Sendable {
    /// The rules' own reason, put into words in the screen's language.
    public let reason: TaskBoardError?
    /// Any other failure (a disk, a database), as it describes itself.
    public let text: String

    public init(_ error: Error) {
        reason = error as? TaskBoardError
        text = "\(error)"
    }
}

/// How a child stands today: the board's progress, today's ticks and the last seven days.
public struct ChildToday: Sendable {
    public let progress: TaskBoard.Progress
    public let marks: DayMarks
    public let week: [DayStatus]

    public init(progress: TaskBoard.Progress, marks: DayMarks, week: [DayStatus]) {
        self.progress = progress
        self.marks = marks
        self.week = week
    }
}

/// A child's month as history shows it.
public struct ChildMonth: Sendable {
    public let child: ChildID
    /// The month's first day.
    public let month: Day
    /// Every day of the month, first to last; nil for a day not read yet.
    public let days: [(day: Day, cell: HistoryCell?)]

    public init(child: ChildID, month: Day, days: [(day: Day, cell: HistoryCell?)]) {
        self.child = child
        self.month = month
        self.days = days
    }
}

/// A group's week: Monday, and each child's seven days (nil: not read yet).
public struct GroupWeek: Sendable {
    public let group: GroupID
    public let monday: Day
    public let rows: [(child: Child, cells: [HistoryCell?])]

    public init(group: GroupID, monday: Day, rows: [(child: Child, cells: [HistoryCell?])]) {
        self.group = group
        self.monday = monday
        self.rows = rows
    }
}

/// The leaderboard of the period and scope on screen, in the style shown.
public enum LeaderboardFacts: Sendable {
    /// Each group of the scope toward its goal; all time reads old days,
    /// which a database that does not answer can keep from being known.
    case groupGoals(Readout<[GroupGoal]>)
    /// Children ranked (or by name, for stars); per cents for shares.
    case entries(Readout<[LeaderboardEntry]>)
}

/// What a roster change waiting for Enter would take with it.
public struct ConfirmationFacts: Sendable {
    /// Today's ticks that stop counting with their tasks off a board.
    public let ticksTaken: [TakenTick]
    /// For a delete: the children, boards and points that go with it.
    public let preview: DeletePreview?

    public init(ticksTaken: [TakenTick], preview: DeletePreview?) {
        self.ticksTaken = ticksTaken
        self.preview = preview
    }
}
