import Foundation
import TaskBoard

/// What the kiosk's update needs to know about the world besides its state.
public struct KioskContext: Sendable {
    public let roster: Roster
    public let now: Date
    public let keyMap: KeyMap
    /// The avatar catalogue, for the avatar pickers.
    public let avatars: [AvatarCatalogue.Avatar]
    /// The task icon catalogue, for the icon picker.
    public let icons: [IconCatalogue.Icon]
    public let settings: Settings
    /// The language on screen now.
    public let language: Language
    /// Seconds on the clock that only moves forward, for the idle logout and
    /// the status line's fading, which a wall clock set back must not stop.
    public let uptime: TimeInterval
    /// Whether there is a change to undo (else the undo key neither acts nor shows).
    public let canUndo: Bool
    /// The PIN entry is locked after too many wrong PINs: nothing is typed.
    public let pinLocked: Bool
    /// Lines the open help takes (nil: not known, one per key), to scroll it.
    public let helpLines: Int?
    /// Monday to Sunday in the screen's language, for the weekday picker's letters.
    public let weekdayNames: [String]
    /// The children marked away today.
    public let awayToday: Set<ChildID>
    /// Read aloud is on and the voice can speak: the child side's read-aloud keys act.
    public let readAloud: Bool
    /// Between the hours and minutes of a time as the screen's language
    /// writes it (":" or "."), for a time typed into a form.
    public let timeSeparator: String
    /// Where a tap does what on the frame on screen (`ScreenBuffer.targets`),
    /// for taps and the wheel.
    public var targets: [TouchTarget] = []
    /// How long history is kept can be set here (a kiosk, not a viewer beside one).
    public var setsHistory = false
    /// A child can be forgotten for good here (a kiosk, not a viewer, with a way to forget).
    public var canForget = false

    public init(roster: Roster, settings: Settings, now: Date, keyMap: KeyMap = .standard,
                avatars: [AvatarCatalogue.Avatar] = [], icons: [IconCatalogue.Icon] = [],
                language: Language = .en, uptime: TimeInterval = 0, canUndo: Bool = false, pinLocked: Bool = false,
                helpLines: Int? = nil, weekdayNames: [String] = (1...7).map(String.init), awayToday: Set<ChildID> = [],
                readAloud: Bool = false, timeSeparator: String = ":") {
        self.timeSeparator = timeSeparator
        self.awayToday = awayToday
        self.readAloud = readAloud
        self.uptime = uptime
        self.helpLines = helpLines
        self.weekdayNames = weekdayNames
        self.icons = icons
        self.canUndo = canUndo
        self.pinLocked = pinLocked
        self.roster = roster
        self.settings = settings
        self.language = language
        self.now = now
        self.keyMap = keyMap
        self.avatars = avatars
    }

    /// The same, knowing how long the open help is.
    func with(helpLines: Int?) -> KioskContext {
        KioskContext(roster: roster, settings: settings, now: now, keyMap: keyMap,
                     avatars: avatars, icons: icons, language: language, uptime: uptime, canUndo: canUndo, pinLocked: pinLocked,
                     helpLines: helpLines, weekdayNames: weekdayNames, awayToday: awayToday, readAloud: readAloud,
                     timeSeparator: timeSeparator).with(targets: targets, setsHistory: setsHistory, canForget: canForget)
    }

    /// The same, with the targets of the frame on screen.
    public func with(targets: [TouchTarget]) -> KioskContext {
        with(targets: targets, setsHistory: setsHistory, canForget: canForget)
    }

    private func with(targets: [TouchTarget], setsHistory: Bool, canForget: Bool) -> KioskContext {
        var context = self
        context.targets = targets
        context.setsHistory = setsHistory
        context.canForget = canForget
        return context
    }

    /// The day the kiosk shows, in the daycare's time zone.
    public var today: Day { settings.dayCalendar.day(of: now) }

    /// The rows of a picker as the keys see them (their labels do not matter here).
    func choices(_ purpose: Picker.Purpose) -> [PickerChoices.Choice] {
        PickerChoices(purpose, roster: roster, avatars: avatars, icons: icons, language: language.rawValue, weekdayNames: weekdayNames).choices
    }

    /// The avatar a new child of `group` starts with (changed with the avatar key).
    func newChildAvatar(in group: GroupID) -> String {
        AvatarPick(catalogue: avatars).forChild(joining: group, in: roster)
    }

    /// The avatar a new group starts with.
    func newGroupAvatar() -> String {
        AvatarPick(catalogue: avatars).forGroup(in: roster)
    }
}

extension KioskContext {
    /// A time (and its end) as a form shows it for mending: "9.00-10.30" in Finnish.
    func typed(_ time: TimeOfDay, until: TimeOfDay?) -> String {
        [time, until].compactMap { $0?.written(separator: timeSeparator) }.joined(separator: "-")
    }
}
