import Foundation
import TaskBoard

/// The Boards tab: whose board (chosen from all children), and the row on it.
public struct BoardsTabState: Equatable, Sendable {
    public var child: ChildID?
    public var children = ListSelection(count: 0)
    public var board = ListSelection(count: 0)
    /// The child's month shown instead of the board: months back from this one.
    public var monthsBack: Int?
}

/// The admin's Boards tab: choose a child (Enter), then add from the
/// library, take off (after a confirmation), reorder with < >, limit a task
/// to some weekdays, put a task on the whole group's boards, copy the board
/// to other children.
enum BoardsTab: KioskTab {
    static let title = "tab.admin.boards"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        guard let childID = state.boards.child, let child = roster.child(childID) else {
            let count = roster.children.count
            return [Binding(.choose, enabled: count > 0)] + Binding.moves(state.boards.children, count: count)
        }
        if let back = state.boards.monthsBack {
            return HistoryPaging.months.bindings(back, close: "action.board")
        }
        var list = state.boards.board
        list.resize(to: child.board.count)
        let index = list.index, count = child.board.count
        return [Binding(.add, enabled: roster.tasks.count > count), Binding(.delete, "action.remove", enabled: count > 0),
                Binding(.moveEarlier, enabled: index > 0), Binding(.moveLater, enabled: index + 1 < count),
                Binding(.days, enabled: count > 0), Binding(.view, "action.month"),
                Binding(.addToGroup, enabled: !roster.tasks.isEmpty), Binding(.copy, enabled: roster.children.count > 1),
                Binding(.back)] + Binding.moves(state.boards.board, count: count)
    }

    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? {
        let roster = context.roster
        guard let id = state.boards.child else {
            return Kiosk.ScreenList(names: roster.groups.flatMap { roster.children(in: $0.id) }.map(\.name), selection: \.boards.children)
        }
        // A month shown instead of the board: no rows to jump to or tap.
        if state.boards.monthsBack != nil { return nil }
        return Kiosk.ScreenList(names: roster.boardTasks(of: id).map(\.name), selection: \.boards.board)
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        BoardsView(frame: frame).render(into: &buffer, area: area)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        let roster = context.roster
        guard let childID = state.boards.child, let child = roster.child(childID) else {
            // Choosing whose board: all children, group by group.
            let children = roster.groups.flatMap { roster.children(in: $0.id) }
            state.boards.children.resize(to: children.count)
            switch action {
            case .up: state.boards.children.move(by: -1)
            case .down: state.boards.children.move(by: 1)
            case .choose:
                if children.indices.contains(state.boards.children.index) {
                    state.boards.child = children[state.boards.children.index].id
                    state.boards.monthsBack = nil
                    state.boards.board = ListSelection(count: children[state.boards.children.index].board.count)
                }
            default: break
            }
            return []
        }
        if let back = state.boards.monthsBack {
            state.boards.monthsBack = HistoryPaging.months.page(after: back, action)
            return []
        }
        state.boards.board.resize(to: child.board.count)
        let index = state.boards.board.index
        let selected = child.board.indices.contains(index) ? child.board[index] : nil
        switch action {
        case .up: state.boards.board.move(by: -1)
        case .down: state.boards.board.move(by: 1)
        case .back: state.boards.child = nil
        case .view: state.boards.monthsBack = 0
        case .add:
            let count = roster.tasks.count - child.board.count
            if count > 0 { state.picker = Picker(.addToBoard(childID), count: count) }
        case .delete: if let selected { state.confirming = .roster(.removeFromBoard(selected, child: childID)) }
        case .addToGroup: state.picker = Picker(.addToGroupBoards(child.groupID), count: roster.tasks.count)
        case .copy: state.picker = Picker(.copyBoard(from: childID), count: roster.children.count - 1)
        case .days:
            if let selected {
                let days = child.boardDays[selected] ?? []
                state.picker = Picker(.taskDays(selected, child: childID), count: 7, marked: Set(days.map { $0 - 1 }))
            }
        case .moveEarlier where index > 0:
            state.boards.board.move(by: -1)
            return [.roster(.moveOnBoard(child: childID, from: index, to: index - 1))]
        case .moveLater where index + 1 < child.board.count:
            state.boards.board.move(by: 1)
            return [.roster(.moveOnBoard(child: childID, from: index, to: index + 1))]
        default: break
        }
        return []
    }
}

extension BoardsTab {
    /// A child's month, where it shows instead of the board.
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot) {
        guard let child = state.boards.child, let back = state.boards.monthsBack else { return }
        var history = HistoryReading(daycare: daycare)
        data.page = .month(history.month(of: child, monthsBack: back))
    }
}
