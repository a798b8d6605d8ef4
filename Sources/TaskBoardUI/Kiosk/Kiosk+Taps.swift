import Foundation
import TaskBoard

/// Taps, drags and the wheel. What a tap does is what the frame on screen
/// drew where it landed (`ScreenBuffer.target`), handed in as
/// `KioskContext.targets`; most targets do what a key would there.
extension Kiosk {
    static func pointer(_ state: inout KioskState, _ pointer: Pointer, _ context: KioskContext) -> [KioskEffect] {
        let target = context.targets.target(atX: pointer.x, y: pointer.y)
        // A drag moves a list of tiles a tile for each tile's height the finger moves.
        let pitch = state.overlays.isEmpty ? state.side.tab.dragPitch(state, context) : 1
        switch state.touch.handle(pointer, target: target, at: context.uptime, pitch: pitch) {
        case .tap(let tap)?: return self.tap(&state, tap, context)
        case .scroll(let under, let rows)?: return scroll(&state, under: under, rows: rows, context)
        case nil: return []
        }
    }

    /// A press and a release at once, where a terminal reports clicks whole.
    static func click(_ state: inout KioskState, x: Int, y: Int, _ context: KioskContext) -> [KioskEffect] {
        _ = pointer(&state, Pointer(.press, x: x, y: y), context)
        return pointer(&state, Pointer(.release, x: x, y: y), context)
    }

    static func tap(_ state: inout KioskState, _ tap: Tap, _ context: KioskContext) -> [KioskEffect] {
        switch tap {
        case .tab(let index): tapTab(&state, index, context)
        case .action(let action), .hint(let action):
            guard keys(state, context).binding(for: action) != nil else { return [] }
            return act(&state, action, context)
        case .row(let row):
            guard let list = screenList(state, context) else { return [] }
            var selection = state[keyPath: list.selection]
            selection.resize(to: list.names.count)
            selection.select(row)
            state[keyPath: list.selection] = selection
            return act(&state, .choose, context)
        case .scroll(let rows): return scroll(&state, under: tap, rows: rows, context)
        case .pickerRow(let row):
            guard var picker = state.picker else { return [] }
            picker.selection.resize(to: context.choices(picker.purpose).count)
            picker.selection.select(row)
            state.picker = picker
            return PickerOverlay.act(picker.choosesSeveral ? .toggle : .choose, &state, context)
        case .closePicker: state.picker = nil
        case .key(let key): return press(&state, key, context)
        case .nothing: break
        default: return state.side.tab.tap(tap, &state, context)
        }
        return []
    }

    /// A tab on the tab bar: that tab, or, tapped where it is already
    /// shown, a screen back toward its first (as a phone's tab bar does,
    /// a step at a time: a board goes to "Who are you?" in its group).
    static func tapTab(_ state: inout KioskState, _ index: Int, _ context: KioskContext) {
        switch state.side {
        case .child(let active):
            let tabs = KioskState.ChildTab.allCases
            guard tabs.indices.contains(index) else { return }
            if tabs[index] == active {
                state.side.tab.firstScreen(&state, context)
            } else {
                switchChildTab(&state, from: active, by: index - (tabs.firstIndex(of: active) ?? 0))
            }
        case .admin(let active):
            let tabs = KioskState.AdminTab.allCases
            guard tabs.indices.contains(index), state.picker == nil else { return }
            if tabs[index] == active { state.side.tab.firstScreen(&state, context) } else { state.side = .admin(tabs[index]) }
        case .firstStart: break
        }
    }

    /// The wheel, a drag, ▲ ▼: the list on screen scrolls by `rows` (its
    /// chosen row kept on screen); elsewhere ↓ or ↑ as often, where enabled.
    static func scroll(_ state: inout KioskState, under: Tap?, rows: Int, _ context: KioskContext) -> [KioskEffect] {
        guard rows != 0, under != .nothing else { return [] }
        if state.picker == nil, state.overlays.isEmpty, let list = screenList(state, context) {
            // From the rows on screen: the drawing revealed the chosen row.
            let shown = listLayout(state).shown
            var selection = state[keyPath: list.selection]
            selection.resize(to: list.names.count)
            selection.reveal(height: shown)
            selection.scroll(by: rows, shown: shown)
            state[keyPath: list.selection] = selection
            return []
        }
        let action: Action = rows > 0 ? .down : .up
        var effects: [KioskEffect] = []
        for _ in 0..<abs(rows) {
            guard keys(state, context).binding(for: action) != nil else { break }
            effects += act(&state, action, context)
        }
        return effects
    }
}
