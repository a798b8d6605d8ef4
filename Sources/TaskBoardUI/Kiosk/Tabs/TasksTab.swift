import Foundation
import TaskBoard

/// The child side's Tasks tab: a group, then a child, then the board.
extension Kiosk {
    static func tasksBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        switch state.tasksStep {
        case .chooseGroup:
            return Binding.moves(state.groupList, count: roster.groups.count) + [Binding(.choose, enabled: !roster.groups.isEmpty)]
        case .chooseChild(let group):
            let count = roster.children(in: group).count
            return Binding.moves(state.childList, count: count) + [Binding(.choose, enabled: count > 0), Binding(.back)]
        case .board:
            return [Binding(.back)]
        }
    }

    static func tasksKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) {
        let roster = context.roster
        switch (state.tasksStep, action) {
        case (.chooseGroup, .up), (.chooseGroup, .down):
            state.groupList.resize(to: roster.groups.count)
            state.groupList.move(by: action == .up ? -1 : 1)
        case (.chooseGroup, .choose):
            state.groupList.resize(to: roster.groups.count)
            guard roster.groups.indices.contains(state.groupList.index) else { return }
            let group = roster.groups[state.groupList.index].id
            state.tasksStep = .chooseChild(group)
            state.childList = ListSelection(count: roster.children(in: group).count)
        case (.chooseChild(let group), .up), (.chooseChild(let group), .down):
            state.childList.resize(to: roster.children(in: group).count)
            state.childList.move(by: action == .up ? -1 : 1)
        case (.chooseChild(let group), .choose):
            let children = roster.children(in: group)
            state.childList.resize(to: children.count)
            guard children.indices.contains(state.childList.index) else { return }
            state.tasksStep = .board(children[state.childList.index].id)
        case (.chooseChild, .back):
            state.tasksStep = .chooseGroup
        case (.board(let child), .back):
            if let group = roster.child(child)?.groupID {
                state.tasksStep = .chooseChild(group)
            } else {
                state.tasksStep = .chooseGroup
            }
        default:
            break
        }
    }

    static func switchChildTab(_ state: inout KioskState, from tab: KioskState.ChildTab, by step: Int) {
        let tabs = KioskState.ChildTab.allCases
        let index = tabs.firstIndex(of: tab) ?? 0
        state.side = .child(tabs[(index + step + tabs.count) % tabs.count])
        // A PIN half typed is never left behind for the next person.
        state.resetPinEntry()
        state.notice = nil
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
