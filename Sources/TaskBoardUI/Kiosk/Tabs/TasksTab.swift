import Foundation
import TaskBoard

/// The child's Tasks tab: it walks from a group to a child to the board.
public struct TasksTabState: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        case chooseGroup
        case chooseChild(GroupID)
        case board(ChildID)
    }

    public var step: Step = .chooseGroup
    public var groups = ListSelection(count: 0)
    public var children = ListSelection(count: 0)
    /// The board's month shown instead of today: months back from this one.
    public var monthsBack: Int?
}

/// The child side's Tasks tab: a group, then a child, then the board.
extension Kiosk {
    static func tasksBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        switch state.tasks.step {
        case .chooseGroup:
            return Binding.moves(state.tasks.groups, count: roster.groups.count) + [Binding(.choose, enabled: !roster.groups.isEmpty)]
        case .chooseChild(let group):
            let count = roster.children(in: group).count
            return Binding.moves(state.tasks.children, count: count) + [Binding(.choose, enabled: count > 0), Binding(.back)]
        case .board:
            // The child's month: v to see it, ← → older and newer months.
            guard let back = state.tasks.monthsBack else { return [Binding(.view, "action.month"), Binding(.back)] }
            return HistoryPaging.months.bindings(back, close: "action.today")
        }
    }

    static func tasksKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) {
        let roster = context.roster
        switch (state.tasks.step, action) {
        case (.chooseGroup, .up), (.chooseGroup, .down):
            state.tasks.groups.resize(to: roster.groups.count)
            state.tasks.groups.move(by: action == .up ? -1 : 1)
        case (.chooseGroup, .choose):
            state.tasks.groups.resize(to: roster.groups.count)
            guard roster.groups.indices.contains(state.tasks.groups.index) else { return }
            let group = roster.groups[state.tasks.groups.index].id
            state.tasks.step = .chooseChild(group)
            state.tasks.children = ListSelection(count: roster.children(in: group).count)
        case (.chooseChild(let group), .up), (.chooseChild(let group), .down):
            state.tasks.children.resize(to: roster.children(in: group).count)
            state.tasks.children.move(by: action == .up ? -1 : 1)
        case (.chooseChild(let group), .choose):
            let children = roster.children(in: group)
            state.tasks.children.resize(to: children.count)
            guard children.indices.contains(state.tasks.children.index) else { return }
            state.tasks.step = .board(children[state.tasks.children.index].id)
            state.tasks.monthsBack = nil
        case (.chooseChild, .back):
            state.tasks.step = .chooseGroup
        case (.board, _) where state.tasks.monthsBack != nil:
            state.tasks.monthsBack = HistoryPaging.months.page(after: state.tasks.monthsBack ?? 0, action)
        case (.board, .view):
            state.tasks.monthsBack = 0
        case (.board(let child), .back):
            if let group = roster.child(child)?.groupID {
                state.tasks.step = .chooseChild(group)
            } else {
                state.tasks.step = .chooseGroup
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
        state.pin.reset()
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
