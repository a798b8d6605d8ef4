import Foundation
import TaskBoard

/// What every list on the kiosk does alike: Home and End, a page up or
/// down, a letter that goes to the next name starting with it, and a tap on
/// a row (in `Kiosk+Clicks`).
extension Kiosk {
    /// The list on screen: its rows' names and where its selection is kept.
    struct ScreenList {
        let names: [String]
        let selection: WritableKeyPath<KioskState, ListSelection>
    }

    /// The list of the tab showing, if it has one.
    static func screenList(_ state: KioskState, _ context: KioskContext) -> ScreenList? {
        state.side.tab.list(state, context)
    }

    /// Rows in a page: the list's height on screen.
    static func pageSize(_ state: KioskState) -> Int {
        max(1, state.size.height - 2 - KioskLayout.contentTop)
    }

    /// Home, End, PgUp, PgDn on a selection.
    static func jump(_ selection: inout ListSelection, _ action: Action, page: Int) {
        switch action {
        case .first: selection.select(0)
        case .last: selection.select(selection.count - 1)
        case .pageUp: selection.move(by: -page)
        case .pageDown: selection.move(by: page)
        default: break
        }
    }

    /// The next row after the selection whose name starts with the letter, if any.
    static func row(after index: Int, in names: [String], startingWith key: Key) -> Int? {
        guard case .character(let c) = key, c.isLetter || c.isNumber, !names.isEmpty else { return nil }
        let letter = String(c).lowercased()
        for step in 1...names.count {
            let row = (index + step) % names.count
            if let first = names[row].first, String(first).lowercased() == letter { return row }
        }
        return nil
    }

    /// A letter on a list screen: on an open picker, else as the tab takes it.
    static func jump(_ state: inout KioskState, to key: Key, _ context: KioskContext) {
        if var picker = state.picker {
            let names = context.choices(picker.purpose).map(\.item.label)
            picker.selection.resize(to: names.count)
            if let row = row(after: picker.selection.index, in: names, startingWith: key) { picker.selection.select(row) }
            state.picker = picker
            return
        }
        state.side.tab.jump(to: key, &state, context)
    }

    /// A letter on a list: the next row whose name starts with it.
    static func jump(_ list: ScreenList, to key: Key, _ state: inout KioskState) {
        var selection = state[keyPath: list.selection]
        selection.resize(to: list.names.count)
        if let row = row(after: selection.index, in: list.names, startingWith: key) {
            selection.select(row)
            state[keyPath: list.selection] = selection
        }
    }
}

extension Binding {
    /// ↓ and ↑ over a list (and Home, End, PgUp, PgDn, in help only), each
    /// enabled only where it can move.
    static func moves(_ selection: ListSelection, count: Int) -> [Binding] {
        var shown = selection
        shown.resize(to: count)
        let down = shown.index + 1 < count, up = shown.index > 0
        return [Binding(.down, enabled: down), Binding(.up, enabled: up),
                Binding(.first, enabled: up, inBar: false), Binding(.last, enabled: down, inBar: false),
                Binding(.pageUp, enabled: up, inBar: false), Binding(.pageDown, enabled: down, inBar: false)]
    }
}
