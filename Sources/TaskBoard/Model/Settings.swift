import Foundation

/// The kiosk's settings, kept apart from the roster because they change for
/// other reasons (the machine, not the daycare).
public struct Settings: Encodable, JSONDecodable, Equatable, Sendable {
    public static let idleLogoutRange = 1...60

    /// An IANA zone name ("Europe/Helsinki"); nil means the system's zone.
    public var timeZoneIdentifier: String?
    /// "fi" or "en"; nil means "from LANG".
    public var language: String?
    public var idleLogoutMinutes: Int
    /// Weekdays the board is closed, 1 = Monday ... 7 = Sunday, sorted
    /// (a family's board is open every day; a daycare's closes at weekends).
    public var closedWeekdays: [Int]
    /// Holidays and other closed dates, sorted.
    public var closedDays: [Day]
    /// How the leaderboard shows the points.
    public var leaderboardStyle: LeaderboardStyle
    /// What each child adds to their group's goal for each open day they
    /// are here (group-goal style): so a group of 4 and one of 25, with
    /// children away or not, can each reach theirs in any period.
    public var goalPerChild: Int
    public static let goalPerChildRange = 1...20
    /// Whether the kiosk reads the child side aloud (when the machine can).
    public var readAloud: Bool
    /// When the day's last activity ends: after it, the Today tab shows the day is over.
    public var closingTime: TimeOfDay
    /// The closing times Settings offers with ← →: every half hour from noon to 22:00.
    public static let closingTimes: [TimeOfDay] = (24...44).compactMap { TimeOfDay(hour: $0 / 2, minute: $0 % 2 * 30) }
    public static let defaultClosingTime = TimeOfDay(hour: 17) ?? .midnight
    /// How many minutes before a change of the day's program the kiosk marks
    /// the coming one and says it; 0: no warning.
    public var changeWarningMinutes: Int
    public static let changeWarningChoices = [0, 2, 5, 10]
    /// How many months of ticks and absences are kept (`HistoryKept`); 0: forever.
    public var keepHistoryMonths: Int

    public init(timeZoneIdentifier: String? = nil, language: String? = nil, idleLogoutMinutes: Int = 2,
                closedWeekdays: [Int] = [], closedDays: [Day] = [], leaderboardStyle: LeaderboardStyle = .ranking,
                goalPerChild: Int = 3, readAloud: Bool = false, closingTime: TimeOfDay = Settings.defaultClosingTime,
                changeWarningMinutes: Int = 5, keepHistoryMonths: Int = HistoryKept.defaultMonths) {
        self.leaderboardStyle = leaderboardStyle
        // A value this taskboard does not offer (a hand edit, a newer version's) removes nothing: every day is kept.
        self.keepHistoryMonths = HistoryKept.choices.contains(keepHistoryMonths) ? keepHistoryMonths : 0
        self.closingTime = closingTime
        self.changeWarningMinutes = Self.changeWarningChoices.contains(changeWarningMinutes) ? changeWarningMinutes : 5
        self.goalPerChild = min(max(goalPerChild, Self.goalPerChildRange.lowerBound), Self.goalPerChildRange.upperBound)
        self.readAloud = readAloud
        self.timeZoneIdentifier = timeZoneIdentifier
        self.language = language
        self.idleLogoutMinutes = idleLogoutMinutes
        self.closedWeekdays = Array(Set(closedWeekdays.filter { (1...7).contains($0) })).sorted()
        self.closedDays = Array(Set(closedDays)).sorted()
    }

    /// Whether the board is open on a day: a closed day neither extends nor
    /// breaks a streak and counts against nobody (ticks are still allowed).
    public func isOpen(_ day: Day) -> Bool {
        !closedWeekdays.contains(day.weekday) && !closedDays.contains(day)
    }

    enum CodingKeys: String, CodingKey {
        case timeZoneIdentifier, language, idleLogoutMinutes, closedWeekdays, closedDays, leaderboardStyle, goalPerChild, readAloud
        case closingTime, changeWarningMinutes, keepHistoryMonths
    }

    /// Files written before the opening days, leaderboard styles, closing
    /// time, change warning or history setting existed have none: open every day, ranked,
    /// closing at 17:00, warning five minutes ahead, 12 months kept. The group goal of older files
    /// ("groupGoal", points for any period and any group) has no honest
    /// translation to points per child, so such files get the default.
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(timeZoneIdentifier: try object.optional("timeZoneIdentifier") { try $0.string() },
                  language: try object.optional("language") { try $0.string() },
                  idleLogoutMinutes: try object.int("idleLogoutMinutes"),
                  closedWeekdays: try object.optional("closedWeekdays") { try $0.array { try $0.int() } } ?? [],
                  closedDays: try object.optional("closedDays") { try $0.array(Day.init(json:)) } ?? [],
                  leaderboardStyle: try object.optional("leaderboardStyle", LeaderboardStyle.init(json:)) ?? .ranking,
                  goalPerChild: try object.optional("goalPerChild") { try $0.int() } ?? 3,
                  readAloud: try object.optional("readAloud") { try $0.bool() } ?? false,
                  closingTime: try object.optional("closingTime", TimeOfDay.init(json:)) ?? Self.defaultClosingTime,
                  changeWarningMinutes: try object.optional("changeWarningMinutes") { try $0.int() } ?? 5,
                  keepHistoryMonths: try object.optional("keepHistoryMonths") { try $0.int() } ?? HistoryKept.defaultMonths)
    }

    /// The first day whose ticks and absences are kept on `today`; nil: every day.
    public func firstDayKept(on today: Day) -> Day? {
        HistoryKept.firstDay(keepingMonths: keepHistoryMonths, on: today)
    }

    public var timeZone: TimeZone {
        timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? .current
    }

    /// The daycare's days: in its zone, else the system's.
    public var dayCalendar: DayCalendar { DayCalendar(zoneIdentifier: timeZoneIdentifier) }

    /// The zone a person means by what they typed: an IANA name in any case
    /// ("europe/helsinki"), or just its city ("Helsinki", "new york") when
    /// exactly one zone has it. Nil when none (or several) match.
    public static func timeZoneIdentifier(for typed: String) -> String? {
        let text = typed.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "_")
        guard !text.isEmpty else { return nil }
        let known = TimeZone.knownTimeZoneIdentifiers
        if let exact = known.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) { return exact }
        let cities = known.filter { $0.split(separator: "/").last.map { String($0).caseInsensitiveCompare(text) == .orderedSame } ?? false }
        return cities.count == 1 ? cities[0] : nil
    }
}
