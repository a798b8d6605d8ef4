import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools
import TaskBoardUI

/// `taskboard print`: the kiosk's screens as text on stdout, for a printer
/// or a second screen. Reads without the lock, so it works beside a kiosk.
struct PrintCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a page as text, the way the kiosk shows it: \(Thing.listed).",
        discussion: """
        Pages are separated by a blank line. --color auto colours only a
        terminal, and not with NO_COLOR set. Emoji only in a UTF-8 locale
        (LC_ALL, LC_CTYPE or LANG), else the kiosk's ASCII stand-ins.
        Nothing in the data directory is written or locked.

        Examples:
          taskboard print leaderboard --period week
          taskboard print board --child Eero
          taskboard print sheet --group Squirrels | lpr
          taskboard print day --group Squirrels --day 2026-11-23 --width 60 | lpr
          taskboard print history --child Aino --month 2026-11
          taskboard print history --group Squirrels --week yesterday
          watch --color taskboard print leaderboard --color always
        """)

    /// What `print` prints. The help lists these cases with their words,
    /// so it names every page there is.
    enum Thing: String, CaseIterable, ExpressibleByArgument {
        case board, sheet, day, leaderboard, history

        var help: String {
            switch self {
            case .board: "every child's board (of --group), or only --child's, one after another"
            case .sheet: "a day sheet per group (or --group), to tick by pen when the screen is down: the children down, "
                + "the tasks across as numbered columns with the numbers' tasks below; a task already ticked today shows as [x]"
            case .day: "a group's day for the wall (--group, --day): the timed tasks on its boards in time order, "
                + "each with its time and picture, and the children it is for when it is not for everyone"
            case .leaderboard: "the ranks of --period, in --group or all groups"
            case .history: "a child's month (--child, --month) or a group's week, each child's days with counts (--group, --week)"
            }
        }

        static var allValueDescriptions: [String: String] {
            Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.help) })
        }

        /// "board, sheet, day, leaderboard or history".
        static var listed: String { EnglishList.joined(allCases.map(\.rawValue), "or") }
    }

    // A positional argument lists its values' words only when told its type.
    @Argument(help: ArgumentHelp("What to print:", argumentType: Thing.self))
    var thing: Thing

    @OptionGroup var data: DataOptions
    @OptionGroup var page: PageOptions

    @Option(name: .long, help: ArgumentHelp("board: only this child's board; history: this child's month.", valueName: "name"))
    var child: String?

    @Option(name: .long, help: ArgumentHelp("history --child: the month, YYYY-MM (default: this month).", valueName: "month"))
    var month: String?

    @Option(name: .long, help: ArgumentHelp("history --group: the week of this day, YYYY-MM-DD, today or yesterday (default: this week).", valueName: "date"))
    var week: String?

    @Option(name: .long, help: ArgumentHelp("day: the day to print, YYYY-MM-DD, today or yesterday (default: today).", valueName: "date"))
    var day: String?

    /// The first day of --month (YYYY-MM), or of this month.
    private func monthDay(today: Day) throws -> Day {
        guard let month else { return today.startOfMonth }
        guard let day = Day(month + "-01") else { throw CommandFailure("--month \(month): expected YYYY-MM, for example 2026-11") }
        return day
    }

    func execute() throws {
        if child != nil, thing != .board, thing != .history { throw CommandFailure("--child is for print board and history; \(thing.rawValue) prints whole groups") }
        if month != nil, thing != .history || child == nil { throw CommandFailure("--month is for print history --child") }
        if week != nil, thing != .history || child != nil { throw CommandFailure("--week is for print history --group") }
        // --child with --group: the child of that group, where two share the name.
        if thing == .history, child == nil, page.group == nil {
            throw CommandFailure("print history takes --child NAME (a month) or --group NAME (a week)")
        }
        if day != nil, thing != .day { throw CommandFailure("--day is for print day") }
        if thing == .day, page.group == nil { throw CommandFailure("print day takes --group NAME: the group whose day to print") }
        if page.period != nil, thing != .leaderboard { throw CommandFailure("--period is for print leaderboard") }
        let daycare = try data.daycare(on: data.openForReading())
        let selection = PrintSelection(roster: daycare.roster)
        // Say so rather than print nothing.
        if thing == .board, try selection.children(group: page.group, child: child).isEmpty {
            let group = try page.group.flatMap { try selection.groups(named: $0).first?.name }
            return Output.line(group.map { "No children in \($0) yet: nothing to print." } ?? "No children yet: nothing to print.")
        }
        if thing == .sheet, try selection.groups(named: page.group).isEmpty {
            return Output.line("No groups yet: nothing to print.")
        }
        let text = try page.text(daycare: daycare) { printout in
            switch thing {
            case .board: try selection.children(group: page.group, child: child).map { printout.board(of: $0.id) }
            case .sheet: try selection.groups(named: page.group).map { printout.daySheet(of: $0.id) }
            case .day:
                try selection.groups(named: page.group).map { printout.day(of: $0.id, on: try DayArgument.resolve(day, today: daycare.today)) }
            case .leaderboard: [printout.leaderboard(try selection.scope(group: page.group), page.chosenPeriod, style: page.style)]
            case .history:
                if let child {
                    try [printout.month(of: NameLookup(roster: daycare.roster).child(named: child, inGroup: page.group).id,
                                        month: try monthDay(today: daycare.today))]
                } else {
                    try selection.groups(named: page.group).map {
                        try printout.week(of: $0.id, week: try DayArgument.resolve(week, today: daycare.today))
                    }
                }
            }
        }
        Output.text(text)
    }
}

/// How the printed pages look, shared by `print` and `leaderboard`.
struct PageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Only this group.", valueName: "name"))
    var group: String?

    @Option(name: .long, help: ArgumentHelp("The leaderboard's period (default: today, as on the kiosk).", valueName: "period"))
    var period: Period?

    @Option(name: .long, help: ArgumentHelp("Columns (default: $COLUMNS, else 80; at least 40).", valueName: "n"))
    var width: Int?

    @Option(name: .long, help: "auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Option(name: .long, help: "The language: fi or en (default: the daycare's setting, then LANG).")
    var lang: Language?

    @Option(name: .long, help: ArgumentHelp("The leaderboard's style (default: the daycare's setting).", valueName: "style"))
    var style: LeaderboardStyle?

    var chosenPeriod: Period { period ?? .today }

    func validate() throws {
        if let width, !Printout.widthRange.contains(width) {
            throw ValidationError("--width must be from \(Printout.widthRange.lowerBound) to \(Printout.widthRange.upperBound)")
        }
    }

    /// The pages `make` builds, as the text for stdout.
    func text(daycare: Daycare, _ make: (Printout) throws -> [ScreenBuffer]) throws -> String {
        let environment = ProcessEnvironment.current
        let assets = try KioskAssets.load(environment: environment)
        let strings = try assets.strings(KioskAssets.language(asked: lang, settings: daycare.settings, environment: environment))
        let usesColor = color.usesColor(outputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
        let theme = Theme(color: usesColor, unicode: LocaleCharset.showsSymbols(environment: environment))
        // $COLUMNS (set by shells and `watch`) when no width is given; Printout keeps it in range.
        let columns = width ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
        let printout = Printout(daycare: daycare, strings: strings, theme: theme, avatars: assets.avatars, icons: assets.icons, width: columns)
        return Printout.text(try make(printout), color: usesColor)
    }
}

extension ColorChoice: ExpressibleByArgument {}

extension LeaderboardStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(commandLineName: argument) }
    public static var allValueStrings: [String] { allCases.map(\.commandLineName) }
    public var defaultValueDescription: String { commandLineName }
    public static var allValueDescriptions: [String: String] {
        ["ranking": "ranks by points", "share": "ranks by the share of one's own board done", "goal": "each group's points toward the group goal", "stars": "each child's points, by name, no ranks"]
    }
}

extension Period: ExpressibleByArgument {
    public init?(argument: String) { self.init(commandLineName: argument) }
    public static var allValueStrings: [String] { allCases.map(\.commandLineName) }
    public var defaultValueDescription: String { commandLineName }
    public static var allValueDescriptions: [String: String] {
        ["today": "today only", "week": "this week, Monday to Sunday", "month": "this calendar month", "all": "all time"]
    }
}
