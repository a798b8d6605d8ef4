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
        return pickerKey(&state, picker.choosesSeveral ? .toggle : .choose, context)
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
        return markKey(&state, .toggle, context)
    }
}

/// Where things are on the screen, shared by drawing and by clicks.
public enum KioskLayout {
    public static let tabRow = 0
    public static let contentTop = 3

    /// The area between the tab bar and the status line, where tabs draw.
    public static func content(_ size: Size) -> Rect {
        Rect(x: 0, y: 2, width: size.width, height: size.height - 4)
    }

    /// Where the help's lines go: under its title, above the status line.
    /// On a narrow screen closer to the edges, so more words fit.
    public static func helpText(_ size: Size) -> Rect {
        let x = size.width < 60 ? 2 : 4
        return Rect(x: x, y: 3, width: max(1, size.width - 2 * x), height: max(1, size.height - 5))
    }

    /// Where each tab is on the tab bar, by its width with a space each side:
    /// all of them where they fit; else the one shown and as many of its
    /// neighbours as fit, after a column for the "more" mark on each side.
    public static func tabCells(widths: [Int], active: Int, screenWidth: Int) -> [(index: Int, x: Int, width: Int)] {
        var cells: [(index: Int, x: Int, width: Int)] = []
        if widths.reduce(0, +) <= screenWidth {
            var x = 0
            for (index, width) in widths.enumerated() {
                cells.append((index, x, width))
                x += width
            }
            return cells
        }
        var first = active, last = active, used = widths[active]
        var growRight = true
        while true {
            if growRight, last + 1 < widths.count, used + widths[last + 1] <= screenWidth - 2 {
                last += 1
                used += widths[last]
            } else if first > 0, used + widths[first - 1] <= screenWidth - 2 {
                first -= 1
                used += widths[first]
            } else if last + 1 < widths.count, used + widths[last + 1] <= screenWidth - 2 {
                last += 1
                used += widths[last]
            } else {
                break
            }
            growRight.toggle()
        }
        var x = 1
        for index in first...last {
            cells.append((index, x, widths[index]))
            x += widths[index]
        }
        return cells
    }

    static func tab<Tab>(atX x: Int, widths: [Int], active: Int, screenWidth: Int, tabs: [Tab]) -> Tab? {
        tabCells(widths: widths, active: active, screenWidth: screenWidth)
            .first { x >= $0.x && x < $0.x + $0.width }.map { tabs[$0.index] }
    }
}
