import Foundation
import TaskBoard

/// The rows of the Settings tab.
public enum SettingsRow: CaseIterable, Sendable {
    case pin, language, idleMinutes, timeZone, openDays, closedDays, closingTime, changeWarning, leaderboardStyle, groupGoal
    /// How long ticks and absences are kept (issue 43), on a kiosk (a
    /// viewer only looks).
    case keepHistory
    /// The names the staff have recorded (`taskboard voice`): shown, not changed here.
    case voices
    case readAloud

    /// The rows shown: history kept only so long where it can be set.
    public static func shown(setsHistory: Bool) -> [SettingsRow] {
        setsHistory ? allCases : allCases.filter { $0 != .keepHistory }
    }
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

/// The Settings tab's row.
public struct SettingsTabState: Equatable, Sendable {
    public var list = ListSelection(count: SettingsRow.allCases.count)
}

/// The admin's Settings tab: PIN, language, idle minutes (← →), time zone,
/// the weekdays the board is open (← →), its closed dates, when the day
/// ends and how long before a change it is announced (← →), the
/// leaderboard, the group goal and reading aloud, with the names recorded for it.
enum SettingsTab: KioskTab {
    static let title = "tab.admin.settings"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let row = settingsRow(state, context)
        let minutes = context.settings.idleLogoutMinutes
        let (left, right): (Bool, Bool) = switch row {
        case .language: (true, true)
        case .idleMinutes: (minutes > Settings.idleLogoutRange.lowerBound, minutes < Settings.idleLogoutRange.upperBound)
        case .openDays, .leaderboardStyle, .readAloud, .changeWarning: (true, true)
        // From the shortest to forever, without going round: one key too many must not shorten it.
        case .keepHistory: (keptIndex(context.settings) > 0, keptIndex(context.settings) < HistoryKept.choices.count - 1)
        case .closingTime: (context.settings.closingTime > Settings.closingTimes[0], context.settings.closingTime < Settings.closingTimes[Settings.closingTimes.count - 1])
        case .groupGoal: (context.settings.goalPerChild > Settings.goalPerChildRange.lowerBound, context.settings.goalPerChild < Settings.goalPerChildRange.upperBound)
        case .pin, .timeZone, .closedDays, .voices: (false, false)
        }
        return [Binding(.choose, "action.change", enabled: ![.idleMinutes, .groupGoal, .closingTime, .voices, .keepHistory].contains(row)), Binding(.edit, enabled: [.pin, .timeZone, .closedDays].contains(row)),
                Binding(.right, "action.nextValue", enabled: right), Binding(.left, "action.previousValue", enabled: left)]
            + Binding.moves(state.settings.list, count: SettingsRow.shown(setsHistory: context.setsHistory).count)
    }

    /// Where the setting stands among the choices, shortest first, forever last.
    private static func keptIndex(_ settings: Settings) -> Int {
        HistoryKept.choices.firstIndex(of: settings.keepHistoryMonths) ?? HistoryKept.choices.count - 1
    }

    private static func settingsRow(_ state: KioskState, _ context: KioskContext) -> SettingsRow {
        let rows = SettingsRow.shown(setsHistory: context.setsHistory)
        return rows[min(state.settings.list.index, rows.count - 1)]
    }

    /// Rows without names to type; Home, End and a tap act on them.
    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? {
        Kiosk.ScreenList(names: SettingsRow.shown(setsHistory: context.setsHistory).map { _ in "" }, selection: \.settings.list)
    }

    /// Not a list of names: its letters are its keys.
    static func otherKeys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys.Other { .ignored }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        SettingsView(frame: frame).render(into: &buffer, area: area)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        var settings = context.settings
        switch (action, settingsRow(state, context)) {
        case (.up, _): state.settings.list.move(by: -1)
        case (.down, _): state.settings.list.move(by: 1)
        case (.choose, .pin), (.edit, .pin): state.form = Form(.currentPin)
        case (.choose, .language), (.right, .language), (.left, .language):
            let current = settings.language.flatMap(Language.init(rawValue:)) ?? context.language
            settings.language = (current == .fi ? Language.en : .fi).rawValue
            return [.settings(settings)]
        case (.right, .idleMinutes), (.left, .idleMinutes):
            let minutes = settings.idleLogoutMinutes + (action == .right ? 1 : -1)
            guard Settings.idleLogoutRange.contains(minutes) else { return [] }
            settings.idleLogoutMinutes = minutes
            return [.settings(settings)]
        case (.choose, .timeZone), (.edit, .timeZone): state.form = Form(.timeZone, text: settings.timeZoneIdentifier ?? "")
        case (.choose, .openDays), (.right, .openDays), (.left, .openDays):
            // Round the choices; a set of weekdays that is none of them starts again at the first.
            let weeks = OpeningWeek.allCases
            let index = OpeningWeek(closedWeekdays: settings.closedWeekdays).flatMap(weeks.firstIndex) ?? (action == .left ? 0 : weeks.count - 1)
            settings.closedWeekdays = weeks[(index + (action == .left ? weeks.count - 1 : 1)) % weeks.count].closedWeekdays
            return [.settings(settings)]
        case (.choose, .leaderboardStyle), (.right, .leaderboardStyle), (.left, .leaderboardStyle):
            let styles = LeaderboardStyle.allCases
            let index = styles.firstIndex(of: settings.leaderboardStyle) ?? 0
            settings.leaderboardStyle = styles[(index + (action == .left ? styles.count - 1 : 1)) % styles.count]
            return [.settings(settings)]
        case (.right, .groupGoal), (.left, .groupGoal):
            let next = settings.goalPerChild + (action == .right ? 1 : -1)
            guard Settings.goalPerChildRange.contains(next) else { return [] }
            settings.goalPerChild = next
            return [.settings(settings)]
        case (.right, .closingTime), (.left, .closingTime):
            // The next half hour on the way, from a time that is none of them too.
            let times = Settings.closingTimes
            guard let next = action == .right ? times.first(where: { $0 > settings.closingTime }) : times.last(where: { $0 < settings.closingTime })
            else { return [] }
            settings.closingTime = next
            return [.settings(settings)]
        case (.choose, .changeWarning), (.right, .changeWarning), (.left, .changeWarning):
            let choices = Settings.changeWarningChoices
            let index = choices.firstIndex(of: settings.changeWarningMinutes) ?? 0
            settings.changeWarningMinutes = choices[(index + (action == .left ? choices.count - 1 : 1)) % choices.count]
            return [.settings(settings)]
        case (.right, .keepHistory), (.left, .keepHistory):
            let index = keptIndex(settings) + (action == .left ? -1 : 1)
            guard HistoryKept.choices.indices.contains(index) else { return [] }
            settings.keepHistoryMonths = HistoryKept.choices[index]
            // Shorter: the days it no longer keeps go for good at the day's change, so it asks first.
            if action == .left {
                state.confirming = .shortenHistory(settings)
                return []
            }
            return [.settings(settings)]
        case (.choose, .readAloud), (.right, .readAloud), (.left, .readAloud):
            settings.readAloud.toggle()
            return [.settings(settings)]
        case (.choose, .closedDays), (.edit, .closedDays):
            state.form = Form(.closedDays, text: settings.closedDays.map(\.description).joined(separator: " "))
        default: break
        }
        return []
    }
}
