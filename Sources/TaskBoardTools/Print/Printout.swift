import Foundation
import TaskBoard
import TaskBoardUI

/// The kiosk's screens as pages for a printer or a second screen: the same
/// renderers, without the chrome that means nothing on paper (tabs, status
/// line, hint bar), as tall as their content.
public struct Printout {
    /// Below this the kiosk draws only "screen too small".
    public static let widthRange = KioskScreen.minimumSize.width...500

    let daycare: Daycare
    let screen: KioskScreen
    let width: Int

    public init(daycare: Daycare, strings: Strings, theme: Theme, avatars: [AvatarCatalogue.Avatar], icons: [IconCatalogue.Icon] = [],
                width: Int) {
        self.daycare = daycare
        var screen = KioskScreen(strings: strings, theme: theme, avatars: avatars, icons: icons)
        screen.drawsButtons = false
        self.screen = screen
        self.width = min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound)
    }

    var strings: Strings { screen.strings }
    var theme: Theme { screen.theme }

    func newPage() -> PageRows { PageRows(width: width, background: theme.background) }

    /// A kiosk state on the child side, `height` rows tall, for cutting rows from.
    func kioskState(height: Int) -> KioskState {
        KioskState(size: Size(width: width, height: max(height, KioskScreen.minimumSize.height)), pinIsSet: true)
    }

    /// The kiosk's frame for `state`, over the daycare as it is now.
    func kioskFrame(_ state: KioskState) -> ScreenBuffer {
        screen.render(state, daycare.snapshot(for: state, language: strings.language))
    }

    /// "Sunday 22/11/2026": today, as the kiosk's tab bar shows it.
    var todayText: String { dayText(daycare.today) }

    /// "Monday 23/11/2026", "maanantai 23.11.2026": a day as the tab bar writes today.
    func dayText(_ day: Day) -> String { "\(strings.weekdayName(day)) \(strings.date(day))" }

    /// Between the parts of a page's title: "Leaderboard · This week · Oravat".
    var titleSeparator: String { theme.unicode ? " · " : " - " }

    /// A group as the kiosk names it: its avatar, then its name.
    func title(of group: Group) -> String { "\(screen.shown(group.avatar)) \(group.name)" }

    /// Pages one after another, separated by a blank line, as stdout text
    /// ending in a line break.
    public static func text(_ pages: [ScreenBuffer], color: Bool) -> String {
        pages.map { ANSIText.lines(of: $0, color: color).joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }
}
