import Foundation
import TaskBoard

/// What every list on the kiosk does alike: Home and End, a page up or
/// down, letters that go to the name typed (`TypeAhead`), and a tap on a
/// row (in `Kiosk+Clicks`).
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

    /// How the screen's list sits on screen, for drawing it and for the keys
    /// and taps on it: on the child side in tiles, where they fit.
    static func listLayout(_ state: KioskState) -> ListLayout {
        let childSide = if case .child = state.side { true } else { false }
        return ListLayout(height: pageSize(state), tall: childSide)
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

    /// A letter on a list screen: on an open picker, else as the tab takes it.
    static func jump(_ state: inout KioskState, to key: Key, _ context: KioskContext) {
        if var picker = state.picker {
            let names = context.choices(picker.purpose).map(\.item.label)
            picker.selection.resize(to: names.count)
            if case .character(let letter) = key,
               let row = state.typeAhead.row(for: letter, at: context.uptime, current: picker.selection.index, in: names) {
                picker.selection.select(row)
            }
            state.picker = picker
            return
        }
        state.side.tab.jump(to: key, &state, context)
    }

    /// A letter on a list: to the name typed so far (`TypeAhead`).
    static func jump(_ list: ScreenList, to key: Key, _ state: inout KioskState, _ context: KioskContext) {
        var selection = state[keyPath: list.selection]
        selection.resize(to: list.names.count)
        if case .character(let letter) = key,
           let row = state.typeAhead.row(for: letter, at: context.uptime, current: selection.index, in: list.names) {
            selection.select(row)
            state[keyPath: list.selection] = selection
        }
    }
}

extension Binding {
    /// ↓ ↑ (and Home, End, PgUp, PgDn, in help only) over rows without a
    /// `ListSelection` (the Mark sheet's children, a board's tasks): the
    /// cursor is at `index` of `count`.
    static func moves(at index: Int, count: Int) -> [Binding] {
        moves(ListSelection(count: count, index: index), count: count)
    }

    /// ↓ ↑ (Home, End, PgUp, PgDn in help) over rows without a cursor (a
    /// group's week): `top` is the first of `shown` rows on screen, of `count`.
    static func scrolls(top: Int, count: Int, shown: Int) -> [Binding] {
        let top = max(0, min(top, count - shown))
        let down = top + shown < count, up = top > 0
        return [Binding(.down, "action.scrollDown", enabled: down), Binding(.up, "action.scrollUp", enabled: up),
                Binding(.first, enabled: up, inBar: false), Binding(.last, enabled: down, inBar: false),
                Binding(.pageUp, enabled: up, inBar: false), Binding(.pageDown, enabled: down, inBar: false)]
    }

    /// The first row on screen after ↓ ↑ Home End PgUp PgDn; nil for any other action.
    static func scrolled(_ top: Int, _ action: Action, count: Int, shown: Int) -> Int? {
        let moved: Int
        switch action {
        case .down: moved = top + 1
        case .up: moved = top - 1
        case .first: moved = 0
        case .last: moved = count
        case .pageDown: moved = top + shown
        case .pageUp: moved = top - shown
        default: return nil
        }
        return max(0, min(moved, count - shown))
    }

    /// Where ↓ ↑ Home End PgUp PgDn take a cursor at `index` of `count`;
    /// nil for any other action.
    static func moved(_ index: Int, _ action: Action, count: Int, page: Int) -> Int? {
        var selection = ListSelection(count: count, index: index)
        switch action {
        case .up: selection.move(by: -1)
        case .down: selection.move(by: 1)
        case .first, .last, .pageUp, .pageDown: Kiosk.jump(&selection, action, page: page)
        default: return nil
        }
        return selection.index
    }

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
