import Foundation
import TaskBoard

/// The keys of the screen showing now: the top overlay's (help, a
/// confirmation, a form, a picker), else the tab's with the keys every tab
/// of its side has. `Kiosk.press` acts on these and the hint bar and help show
/// them, so what the screen says and what the keys do are one list.
extension Kiosk {
    public static func keys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys {
        switch state.overlays.last {
        case .help?:
            // Longer than the screen: the arrows scroll it, and stop at its
            // ends (a child pressing ↓ on does not close it); any other key closes it.
            let scrolls = (context.helpLines ?? 0) > KioskLayout.helpText(state.size).height
            return ScreenKeys([Binding(.help, "action.close"),
                               Binding(.down, "action.scrollDown", enabled: scrolls),
                               Binding(.up, "action.scrollUp", enabled: scrolls)], other: .close)
        case .confirmation(let confirmation)?:
            return ScreenKeys([Binding(.choose, confirmLabel(confirmation)), Binding(.back, "action.cancel")], other: .close)
        case .form(let form)?: return ScreenKeys(formBindings(form), other: .typed(digitsOnly: form.isPin))
        case .picker(let picker)?: return ScreenKeys(pickerBindings(picker, context), other: .jump)
        case nil: break
        }
        let help = Binding(.help)
        switch state.side {
        case .firstStart:
            return ScreenKeys(firstStartBindings(state), other: .typed(digitsOnly: true))
        case .child(let tab):
            let tabs = [Binding(.nextTab), Binding(.previousTab), help]
            switch tab {
            case .tasks: return ScreenKeys(tasksBindings(state, context) + tabs, other: screenList(state, context) == nil ? .ignored : .jump)
            case .leaderboard: return ScreenKeys(leaderboardBindings(state, context) + tabs)
            case .admin:
                let typing = pinEntryTakesDigits(state, context)
                return ScreenKeys(pinEntryBindings(state, context) + tabs, other: typing ? .typed(digitsOnly: true) : .ignored)
            }
        case .admin(let tab):
            let common = [Binding(.undo, enabled: context.canUndo), Binding(.nextTab), Binding(.previousTab),
                          Binding(.logOut), Binding(.quit), help]
            let own: [Binding] = switch tab {
            case .mark: markBindings(state, context)
            case .boards: boardsBindings(state, context)
            case .groups: groupsBindings(state, context)
            case .tasks: libraryBindings(state, context)
            case .settings: settingsBindings(state, context)
            }
            // A letter goes to a row: of a list, or a child on the Mark sheet.
            let jumps = tab == .mark || screenList(state, context) != nil
            return ScreenKeys(own + common, other: jumps ? .jump : .ignored)
        }
    }

    /// What Enter does in a confirmation, in its own words.
    private static func confirmLabel(_ confirmation: Confirmation) -> String {
        switch confirmation {
        case .quit: "action.quit"
        case .roster(.removeFromBoard): "action.remove"
        case .roster(.copyBoard): "action.copy"
        case .roster: "action.delete"
        }
    }
}
