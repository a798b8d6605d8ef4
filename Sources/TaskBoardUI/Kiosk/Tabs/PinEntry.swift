import Foundation
import TaskBoard

/// The PIN screens: the first start (a new PIN, twice) and the child side's
/// Admin tab (the grown-up check, then one try at the PIN). Typed digits go
/// into the field on show; these bindings are the other keys.
extension Kiosk {
    static func firstStartBindings(_ state: KioskState) -> [Binding] {
        [Binding(.choose, "action.confirm", enabled: !state.pinField.text.isEmpty),
         Binding(.back, "action.clear", enabled: !state.pinField.text.isEmpty || state.pinToConfirm != nil),
         Binding(.help)]
    }

    static func firstStartKey(_ state: inout KioskState, _ action: Action) -> [KioskEffect] {
        switch action {
        case .choose:
            let pin = state.pinField.text
            state.pinField = TextField(maxLength: 8, masked: true)
            if let first = state.pinToConfirm {
                if first != pin {
                    state.pinToConfirm = nil
                    state.notice = .pinsDiffer
                    return []
                }
                return [.setFirstPin(first, confirmation: pin)]
            }
            do {
                try PinPolicy.validate(pin)
                state.pinToConfirm = pin
                state.notice = nil
            } catch {
                state.notice = .refused(error)
            }
        case .back:
            state.pinToConfirm = nil
            state.pinField = TextField(maxLength: 8, masked: true)
        default: break
        }
        return []
    }

    /// Whether the Admin tab takes typed digits now, and into which field.
    static func pinEntryTakesDigits(_ state: KioskState, _ context: KioskContext) -> Bool {
        !state.viewOnly && !context.pinLocked && (state.adultCheckPassed || !state.adultCheck.isWaiting(at: context.now))
    }

    static func pinEntryBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        guard pinEntryTakesDigits(state, context) else { return [] }
        if state.adultCheckPassed {
            return [Binding(.choose, "action.logIn", enabled: !state.pinField.text.isEmpty), Binding(.back, "action.cancel")]
        }
        let typed = !state.adultCheck.field.text.isEmpty
        return [Binding(.choose, "action.answer", enabled: typed), Binding(.back, "action.clear", enabled: typed)]
    }

    /// The Admin tab: first the grown-up check, then one try at the PIN.
    static func pinEntryKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) -> [KioskEffect] {
        switch (state.adultCheckPassed, action) {
        case (false, .choose):
            if state.adultCheck.answer(at: context.now) {
                state.adultCheckPassed = true
                state.notice = nil
            } else {
                // A new number, and a moment before the next answer is taken.
                state.notice = .adultCheckWrong
            }
        case (true, .choose):
            let pin = state.pinField.text
            state.pinField = TextField(maxLength: 8, masked: true)
            return [.login(pin)]
        case (_, .back):
            state.resetPinEntry()
        default: break
        }
        return []
    }
}
