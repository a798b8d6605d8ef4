import Foundation
import TaskBoard

/// An open form: typed keys go into its field; Enter saves, Esc cancels.
enum FormOverlay {
    static func bindings(_ form: Form) -> [Binding] {
        [Binding(.choose, form.isPin ? "action.confirm" : "action.save"), Binding(.back, "action.cancel")]
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        guard let form = state.form else { return [] }
        switch action {
        case .choose:
            let today = context.settings.dayCalendar.day(of: context.now)
            let (next, effects) = form.submit(settings: context.settings, today: today, icons: context.icons)
            state.form = next
            return effects
        case .back:
            state.form = nil
        default: break
        }
        return []
    }
}

extension Form {
    /// A PIN form takes digits only.
    var isPin: Bool {
        switch purpose {
        case .currentPin, .newPin, .repeatPin: true
        default: false
        }
    }
}
