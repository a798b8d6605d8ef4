import TaskBoard

/// An open confirmation: Enter does what it asks, anything else closes it.
enum ConfirmationOverlay {
    static func keys(_ confirmation: Confirmation) -> ScreenKeys {
        // A question with two answers: only they answer it.
        if confirmation == .openDays {
            return ScreenKeys([Binding(.choose, "action.mondayToFriday"), Binding(.back, "action.everyDay")])
        }
        return ScreenKeys([Binding(.choose, label(confirmation)), Binding(.back, "action.cancel")], other: .close)
    }

    static func act(_ action: Action, _ confirmation: Confirmation, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        state.overlays.removeLast()
        if confirmation == .openDays { return answerOpenDays(action, &state, context) }
        guard action == .choose else { return [] }
        switch confirmation {
        case .roster(let command): return [.roster(command)]
        case .forgetChild(let child): return [.forgetChild(child)]
        case .shortenHistory(let settings): return [.settings(settings)]
        case .quit: return [.quit]
        case .openDays: return []
        }
    }

    /// Monday to Friday (Enter) or every day (as it is); then, in a daycare
    /// with no group yet, the form for the first one.
    private static func answerOpenDays(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        if context.roster.groups.isEmpty {
            state.side = .admin(.groups)
            state.form = Form(.newGroup(avatar: context.newGroupAvatar()))
        }
        guard action == .choose else { return [] }
        var settings = context.settings
        settings.closedWeekdays = [6, 7]
        return [.settings(settings)]
    }

    /// What Enter does, in its own words.
    private static func label(_ confirmation: Confirmation) -> String {
        switch confirmation {
        case .quit: "action.quit"
        case .roster(.removeFromBoard): "action.remove"
        case .roster(.copyBoard): "action.copy"
        case .roster: "action.delete"
        case .forgetChild: "action.forget"
        case .shortenHistory: "action.shorten"
        case .openDays: "action.mondayToFriday"
        }
    }
}
