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
    /// The child who last opened their board, until the child side starts
    /// afresh: the leaderboard marks their row.
    public var opened: ChildID?

    /// The child whose board is open.
    public var child: ChildID? {
        if case .board(let child) = step { return child }
        return nil
    }
}

/// The child side's Tasks tab: a group, then a child, then the board.
enum TasksTab: KioskTab {
    static let title = "tab.child.tasks"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        switch state.tasks.step {
        case .chooseGroup:
            return Binding.moves(state.tasks.groups, count: roster.groups.count) + [Binding(.choose, enabled: !roster.groups.isEmpty)]
        case .chooseChild(let group):
            let count = roster.children(in: group).count
            return Binding.moves(state.tasks.children, count: count) + [Binding(.choose, enabled: count > 0), Binding(.back)]
        case .board:
            // The child's month: v to see it, ← → older and newer months.
            // Space or Enter reads the board again, when it is read aloud.
            guard let back = state.tasks.monthsBack else {
                return [Binding(.toggle, "action.readAloud", enabled: context.readAloud),
                        Binding(.choose, "action.readAloud", enabled: context.readAloud, inBar: false),
                        Binding(.view, "action.month"), Binding(.back)]
            }
            return HistoryPaging.months.bindings(back, close: "action.today")
        }
    }

    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? {
        let roster = context.roster
        switch state.tasks.step {
        case .chooseGroup: return Kiosk.ScreenList(names: roster.groups.map(\.name), selection: \.tasks.groups)
        case .chooseChild(let group): return Kiosk.ScreenList(names: roster.children(in: group).map(\.name), selection: \.tasks.children)
        case .board: return nil
        }
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        TasksView(frame: frame).render(into: &buffer, area: area)
    }

    /// The tab tapped again: from a board to "Who are you?", from there to the groups.
    static func firstScreen(_ state: inout KioskState, _ context: KioskContext) {
        state.tasks.monthsBack = nil
        switch state.tasks.step {
        case .board: move(&state, .back, context)
        case .chooseChild: state.tasks.step = .chooseGroup
        case .chooseGroup: break
        }
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        let before = state.tasks
        move(&state, action, context)
        guard context.readAloud else { return [] }
        switch state.tasks.step {
        case .chooseGroup:
            return state.tasks.groups.index != before.groups.index || before.step != .chooseGroup ? [.sayChoice] : []
        case .chooseChild:
            // A group just chosen says its name and the question; a child the selection moved to, their name.
            if state.tasks.step != before.step { return before.step == .chooseGroup ? [.readAloud] : [.sayChoice] }
            return state.tasks.children.index != before.children.index ? [.sayChoice] : []
        case .board:
            // A board just opened is read aloud, and again on Space or Enter.
            guard state.tasks.monthsBack == nil else { return [] }
            return state.tasks.step != before.step || action == .toggle || action == .choose ? [.readAloud] : []
        }
    }

    private static func move(_ state: inout KioskState, _ action: Action, _ context: KioskContext) {
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
            state.tasks.opened = state.tasks.child
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
}

extension TasksTab {
    /// A board open: today's (its progress, ticks, week) or a month of it.
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot) {
        guard case .board(let child) = state.tasks.step else { return }
        if let back = state.tasks.monthsBack {
            var history = HistoryReading(daycare: daycare)
            data.page = .month(history.month(of: child, monthsBack: back))
            return
        }
        data.page = .board(Readout {
            ChildToday(progress: try daycare.shownProgress(of: child), marks: try daycare.marks(on: daycare.today),
                       week: try daycare.weekStrip(of: child))
        })
    }

    /// A child's board: their name and what is left today; a group just
    /// chosen: the question the screen asks.
    static func readAloud(_ state: KioskState, _ data: KioskSnapshot, row: ChildID?, _ narrator: Narrator) -> Sentence? {
        switch state.tasks.step {
        case .chooseGroup:
            return nil
        case .chooseChild(let id):
            return data.roster.group(id).map { narrator.sentence(narrator.strings["speech.whoAreYou", arguments: ["group": SpokenName.of($0.name)]]) }
        case .board(let id):
            guard let child = data.roster.child(id), state.tasks.monthsBack == nil, case .success(let today)? = data.board else { return nil }
            return narrator.sentence(narrator.board(child, today, BoardDay(of: id, away: today.progress.away, data)))
        }
    }

    static func chosenName(_ state: KioskState, _ data: KioskSnapshot) -> String? {
        switch state.tasks.step {
        case .chooseGroup: data.roster.groups.dropFirst(state.tasks.groups.index).first?.name
        case .chooseChild(let group): data.roster.children(in: group).dropFirst(state.tasks.children.index).first?.name
        case .board: nil
        }
    }

    /// Back to the group's children (a board closed, its month put away);
    /// the leaderboard forgets whose board was opened.
    static func freshStart(_ state: inout KioskState, roster: Roster) {
        if case .board(let child) = state.tasks.step, let group = roster.child(child)?.groupID {
            state.tasks.step = .chooseChild(group)
        }
        state.tasks.monthsBack = nil
        state.tasks.opened = nil
    }
}
