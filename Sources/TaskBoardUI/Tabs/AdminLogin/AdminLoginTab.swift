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

/// The child side's Admin tab: the grown-up check, then one try at the
/// PIN. Typed digits go into the field on show; these bindings are the other keys.
enum AdminLoginTab: KioskTab {
    static let title = "tab.child.admin"

    static func otherKeys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys.Other {
        takesDigits(state, context) ? .typed(digitsOnly: true) : .ignored
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        AdminLoginView(frame: frame).render(into: &buffer, area: area)
    }

    /// Whether the Admin tab takes typed digits now, and into which field.
    static func takesDigits(_ state: KioskState, _ context: KioskContext) -> Bool {
        !state.viewOnly && !context.pinLocked && (state.pin.checkPassed || !state.pin.check.isWaiting(at: context.uptime))
    }

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        guard takesDigits(state, context) else { return [] }
        if state.pin.checkPassed {
            return [Binding(.choose, "action.logIn", enabled: !state.pin.field.text.isEmpty), Binding(.back, "action.cancel")]
        }
        let typed = !state.pin.check.field.text.isEmpty
        return [Binding(.choose, "action.answer", enabled: typed), Binding(.back, "action.clear", enabled: typed)]
    }

    /// The Admin tab: first the grown-up check, then one try at the PIN.
    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
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

extension AdminLoginTab {
    /// The grown-up check's answer, then the PIN.
    static func type(_ edit: TextField.Edit, _ state: inout KioskState) {
        if state.pin.checkPassed { state.pin.field.apply(edit) } else { state.pin.check.field.apply(edit) }
    }

    /// A grown-up check or PIN half typed is not left for the next person.
    /// `reset` asks a new check only where one was begun: this runs on
    /// every look without a key.
    static func freshStart(_ state: inout KioskState, roster: Roster) {
        if state.side == .child(.admin) { state.pin.reset() }
    }
}
