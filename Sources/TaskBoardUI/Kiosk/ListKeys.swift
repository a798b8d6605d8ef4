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

    static func screenList(_ state: KioskState, _ context: KioskContext) -> ScreenList? {
        let roster = context.roster
        switch state.side {
        case .child(.tasks):
            switch state.tasks.step {
            case .chooseGroup: return ScreenList(names: roster.groups.map(\.name), selection: \.tasks.groups)
            case .chooseChild(let group): return ScreenList(names: roster.children(in: group).map(\.name), selection: \.tasks.children)
            case .board: return nil
            }
        // A month or a week shown instead of the list: no rows to jump to or tap.
        case .admin(.groups) where state.groups.weeksBack != nil && state.groups.open != nil: return nil
        case .admin(.boards) where state.boards.monthsBack != nil && state.boards.child != nil: return nil
        case .admin(.groups):
            if let open = state.groups.open { return ScreenList(names: roster.children(in: open).map(\.name), selection: \.groups.children) }
            return ScreenList(names: roster.groups.map(\.name), selection: \.groups.list)
        case .admin(.boards):
            if let id = state.boards.child { return ScreenList(names: roster.boardTasks(of: id).map(\.name), selection: \.boards.board) }
            return ScreenList(names: roster.groups.flatMap { roster.children(in: $0.id) }.map(\.name), selection: \.boards.children)
        case .admin(.tasks): return ScreenList(names: roster.tasks.map(\.name), selection: \.library.list)
        // Rows without names to jump to.
        case .admin(.settings): return ScreenList(names: SettingsRow.allCases.map { _ in "" }, selection: \.settings.list)
        default: return nil
        }
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

    /// A letter on a list screen.
    static func jump(_ state: inout KioskState, to key: Key, _ context: KioskContext) {
        if var picker = state.picker {
            let names = context.choices(picker.purpose).map(\.item.label)
            picker.selection.resize(to: names.count)
            if let row = row(after: picker.selection.index, in: names, startingWith: key) { picker.selection.select(row) }
            state.picker = picker
            return
        }
        if case .admin(.mark) = state.side, state.overlays.isEmpty {
            markJump(&state, to: key, context)
            return
        }
        guard let list = screenList(state, context) else { return }
        var selection = state[keyPath: list.selection]
        selection.resize(to: list.names.count)
        if let row = row(after: selection.index, in: list.names, startingWith: key) {
            selection.select(row)
            state[keyPath: list.selection] = selection
        }
    }
}
