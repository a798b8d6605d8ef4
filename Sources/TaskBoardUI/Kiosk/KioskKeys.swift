import Foundation
import TaskBoard

/// The keys of the screen showing now: the top overlay's (help, a
/// confirmation, a form, a picker), else the tab's with the keys every tab
/// of its side has. `Kiosk.press` acts on these and the hint bar and help show
/// them, so what the screen says and what the keys do are one list.
extension Kiosk {
    public static func keys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys {
        switch state.overlays.last {
        case .help?: return HelpOverlay.keys(state, context)
        case .confirmation(let confirmation)?: return ConfirmationOverlay.keys(confirmation)
        case .form(let form)?: return ScreenKeys(FormOverlay.bindings(form), other: .typed(digitsOnly: form.isPin))
        case .picker(let picker)?: return ScreenKeys(PickerOverlay.bindings(picker, context), other: .typeAhead)
        case nil: break
        }
        let tab = state.side.tab
        let own = tab.bindings(state, context)
        // Where Esc goes back, it leads on; else the next tab must stay on a short bar.
        let nextTab = Binding(.nextTab, leadsOn: !own.contains { $0.action == .back && $0.enabled })
        let common: [Binding] = switch state.side {
        case .firstStart: []
        case .child: [nextTab, Binding(.previousTab), Binding(.help)]
        case .admin: [Binding(.undo, enabled: context.canUndo), nextTab, Binding(.previousTab),
                      Binding(.logOut), Binding(.quit), Binding(.help)]
        }
        return ScreenKeys(own + common, other: tab.otherKeys(state, context))
    }
}
