import Foundation
import TaskBoard

/// The PIN screens' fields: the grown-up check and the PIN on the Admin
/// tab, and the first PIN waiting for its second typing at the first start.
public struct PinEntryState: Equatable, Sendable {
    public var field = TextField(maxLength: 8, masked: true)
    public var check: AdultCheck
    /// The check was answered: the PIN field shows, for one try.
    public var checkPassed = false
    public var toConfirm: String?

    public init(checkSeed: UInt64) {
        check = AdultCheck(seed: checkSeed)
    }

    /// As the next person should find it: nothing typed, the grown-up check
    /// asked again with a new number (the wait after a wrong answer stays).
    mutating func reset() {
        field = TextField(maxLength: 8, masked: true)
        if checkPassed || !check.field.text.isEmpty { check.renew() }
        checkPassed = false
    }
}

/// The PIN screens: the first start (a new PIN, twice) and the child side's
/// Admin tab (the grown-up check, then one try at the PIN). Typed digits go
/// into the field on show; these bindings are the other keys.
extension Kiosk {
    static func firstStartBindings(_ state: KioskState) -> [Binding] {
        [Binding(.choose, "action.confirm", enabled: !state.pin.field.text.isEmpty),
         Binding(.back, "action.clear", enabled: !state.pin.field.text.isEmpty || state.pin.toConfirm != nil),
         Binding(.help)]
    }

    static func firstStartKey(_ state: inout KioskState, _ action: Action) -> [KioskEffect] {
        switch action {
        case .choose:
            let pin = state.pin.field.text
            state.pin.field = TextField(maxLength: 8, masked: true)
            if let first = state.pin.toConfirm {
                if first != pin {
                    state.pin.toConfirm = nil
                    state.notice = .pinsDiffer
                    return []
                }
                return [.setFirstPin(first, confirmation: pin)]
            }
            do {
                try PinPolicy.validate(pin)
                state.pin.toConfirm = pin
                state.notice = nil
            } catch {
                state.notice = .refused(error)
            }
        case .back:
            state.pin.toConfirm = nil
            state.pin.field = TextField(maxLength: 8, masked: true)
        default: break
        }
        return []
    }

    /// Whether the Admin tab takes typed digits now, and into which field.
    static func pinEntryTakesDigits(_ state: KioskState, _ context: KioskContext) -> Bool {
        !state.viewOnly && !context.pinLocked && (state.pin.checkPassed || !state.pin.check.isWaiting(at: context.uptime))
    }

    static func pinEntryBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        guard pinEntryTakesDigits(state, context) else { return [] }
        if state.pin.checkPassed {
            return [Binding(.choose, "action.logIn", enabled: !state.pin.field.text.isEmpty), Binding(.back, "action.cancel")]
        }
        let typed = !state.pin.check.field.text.isEmpty
        return [Binding(.choose, "action.answer", enabled: typed), Binding(.back, "action.clear", enabled: typed)]
    }

    /// The Admin tab: first the grown-up check, then one try at the PIN.
    static func pinEntryKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) -> [KioskEffect] {
        switch (state.pin.checkPassed, action) {
        case (false, .choose):
            if state.pin.check.answer(at: context.uptime) {
                state.pin.checkPassed = true
                state.notice = nil
            } else {
                // A new number, and a moment before the next answer is taken.
                state.notice = .adultCheckWrong
            }
        case (true, .choose):
            let pin = state.pin.field.text
            state.pin.field = TextField(maxLength: 8, masked: true)
            return [.login(pin)]
        case (_, .back):
            state.pin.reset()
        default: break
        }
        return []
    }
}
