import Foundation
import TaskBoard

/// Clicks and touches: what Enter or Space would do where they land.
extension Kiosk {
    static func click(_ state: inout KioskState, x: Int, y: Int, _ context: KioskContext) -> [KioskEffect] {
        // A form, a question or help takes keys only; a picker takes taps on its rows.
        switch state.overlays.last {
        case .picker?: return clickPicker(&state, x: x, y: y, context)
        case .form?, .confirmation?, .help?: return []
        case nil: break
        }
        // The tab bar is the top row: a click there goes to that tab.
        if y == KioskLayout.tabRow {
            switch state.side {
            case .child(let active):
                if let tab = KioskLayout.tab(atX: x, widths: context.childTabWidths, active: KioskState.ChildTab.allCases.firstIndex(of: active)!,
                                             screenWidth: state.size.width, tabs: KioskState.ChildTab.allCases) {
                    state.side = .child(tab)
                    state.pin.reset()
                }
            case .admin(let active):
                if state.picker == nil,
                   let tab = KioskLayout.tab(atX: x, widths: context.adminTabWidths, active: KioskState.AdminTab.allCases.firstIndex(of: active)!,
                                             screenWidth: state.size.width, tabs: KioskState.AdminTab.allCases) {
                    state.side = .admin(tab)
                }
            case .firstStart: break
            }
            return []
        }
        if case .admin(.mark) = state.side {
            return state.showsOneChild ? [] : clickSheet(&state, x: x, y: y, context)
        }
        // A tap on a child's board does what Enter does there: reads it aloud again.
        if case .child(.tasks) = state.side, state.tasks.child != nil, state.tasks.monthsBack == nil {
            return press(&state, .enter, context)
        }
        // And on a group's day: says now and then.
        if case .child(.roomDay) = state.side, state.roomDay.shown(in: context.roster) != nil {
            return press(&state, .enter, context)
        }
        // Elsewhere a click on a list row chooses it, as Enter would.
        let height = state.size.height - 2 - KioskLayout.contentTop
        guard let list = screenList(state, context) else { return [] }
        var selection = state[keyPath: list.selection]
        selection.resize(to: list.names.count)
        selection.reveal(height: height)
        guard let row = selection.row(atScreenY: y, top: KioskLayout.contentTop) else { return [] }
        selection.select(row)
        state[keyPath: list.selection] = selection
        return press(&state, .enter, context)
    }

    /// On an open picker: a row does what Enter (or, where several are
    /// chosen, Space) would; anywhere else closes the picker, choosing nothing.
    static func clickPicker(_ state: inout KioskState, x: Int, y: Int, _ context: KioskContext) -> [KioskEffect] {
        guard var picker = state.picker else { return [] }
        let rows = PickerView.rows(in: PickerView.box(in: KioskLayout.content(state.size)))
        let count = context.choices(picker.purpose).count
        var selection = picker.selection
        selection.resize(to: count)
        selection.reveal(height: rows.height)
        guard x >= rows.x, x < rows.x + rows.width, y < rows.y + rows.height,
              let row = selection.row(atScreenY: y, top: rows.y) else {
            state.picker = nil
            return []
        }
        selection.select(row)
        picker.selection = selection
        state.picker = picker
        return PickerOverlay.act(picker.choosesSeveral ? .toggle : .choose, &state, context)
    }

    /// A click on a day-sheet cell moves there and ticks it, as Space would.
    static func clickSheet(_ state: inout KioskState, x: Int, y: Int, _ context: KioskContext) -> [KioskEffect] {
        let sheet = MarkSheet(roster: context.roster, group: state.mark.group, day: context.today)
        let rows = max(0, state.size.height - 4 - 4)
        let row = MarkSheet.firstRow(cursor: state.mark.row, rows: rows) + (y - (2 + 2))
        guard y >= 4, sheet.children.indices.contains(row),
              let column = sheet.layout(width: state.size.width, cursorColumn: state.mark.column).column(atX: x) else { return [] }
        state.mark.row = row
        state.mark.column = column
        return MarkTab.act(.toggle, &state, context)
    }
}
