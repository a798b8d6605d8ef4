import TaskBoard

/// An open confirmation: Enter does what it asks, anything else closes it.
enum ConfirmationOverlay {
    static func keys(_ confirmation: Confirmation) -> ScreenKeys {
        ScreenKeys([Binding(.choose, label(confirmation)), Binding(.back, "action.cancel")], other: .close)
    }

    static func act(_ action: Action, _ confirmation: Confirmation, _ state: inout KioskState) -> [KioskEffect] {
        state.overlays.removeLast()
        guard action == .choose else { return [] }
        switch confirmation {
        case .roster(let command): return [.roster(command)]
        case .quit: return [.quit]
        }
    }

    /// What Enter does, in its own words.
    private static func label(_ confirmation: Confirmation) -> String {
        switch confirmation {
        case .quit: "action.quit"
        case .roster(.removeFromBoard): "action.remove"
        case .roster(.copyBoard): "action.copy"
        case .roster: "action.delete"
        }
    }
}
