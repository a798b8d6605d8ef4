import Foundation
import TaskBoard

/// The first start: no PIN yet, so a new one is asked for, twice, before
/// anything else. Typed digits go into the field; these are the other keys.
enum FirstStartTab: KioskTab {
    static let title = "app.title"

    static func otherKeys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys.Other { .typed(digitsOnly: true) }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        FirstStartView(frame: frame).render(into: &buffer, area: area)
    }

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        [Binding(.choose, "action.confirm", enabled: !state.pin.field.text.isEmpty),
         Binding(.back, "action.clear", enabled: !state.pin.field.text.isEmpty || state.pin.toConfirm != nil),
         Binding(.help)]
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
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
}

extension FirstStartTab {
    /// The new PIN, typed twice.
    static func type(_ edit: TextField.Edit, _ state: inout KioskState) {
        state.pin.field.apply(edit)
    }
}
