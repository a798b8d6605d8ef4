import Foundation
import TaskBoard

/// The admin's Boards tab: choose a child (Enter), then add from the
/// library, take off (after a confirmation), reorder with < >, put a task
/// on the whole group's boards, copy the board to other children.
extension Kiosk {
    static func boardsBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        guard let childID = state.boardsChild, let child = roster.child(childID) else {
            let count = roster.children.count
            return [Binding(.choose, enabled: count > 0)] + Binding.moves(state.adminChildList, count: count)
        }
        var list = state.boardList
        list.resize(to: child.board.count)
        let index = list.index, count = child.board.count
        return [Binding(.add, enabled: roster.tasks.count > count), Binding(.delete, "action.remove", enabled: count > 0),
                Binding(.moveEarlier, enabled: index > 0), Binding(.moveLater, enabled: index + 1 < count),
                Binding(.addToGroup, enabled: !roster.tasks.isEmpty), Binding(.copy, enabled: roster.children.count > 1),
                Binding(.back)] + Binding.moves(state.boardList, count: count)
    }

    static func boardsKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) -> [KioskEffect] {
        let roster = context.roster
        guard let childID = state.boardsChild, let child = roster.child(childID) else {
            // Choosing whose board: all children, group by group.
            let children = roster.groups.flatMap { roster.children(in: $0.id) }
            state.adminChildList.resize(to: children.count)
            switch action {
            case .up: state.adminChildList.move(by: -1)
            case .down: state.adminChildList.move(by: 1)
            case .choose:
                if children.indices.contains(state.adminChildList.index) {
                    state.boardsChild = children[state.adminChildList.index].id
                    state.boardList = ListSelection(count: children[state.adminChildList.index].board.count)
                }
            default: break
            }
            return []
        }
        state.boardList.resize(to: child.board.count)
        let index = state.boardList.index
        let selected = child.board.indices.contains(index) ? child.board[index] : nil
        switch action {
        case .up: state.boardList.move(by: -1)
        case .down: state.boardList.move(by: 1)
        case .back: state.boardsChild = nil
        case .add:
            let count = roster.tasks.count - child.board.count
            if count > 0 { state.picker = Picker(.addToBoard(childID), count: count) }
        case .delete: if let selected { state.confirming = .roster(.removeFromBoard(selected, child: childID)) }
        case .addToGroup: state.picker = Picker(.addToGroupBoards(child.groupID), count: roster.tasks.count)
        case .copy: state.picker = Picker(.copyBoard(from: childID), count: roster.children.count - 1)
        case .moveEarlier where index > 0:
            state.boardList.move(by: -1)
            return [.roster(.moveOnBoard(child: childID, from: index, to: index - 1))]
        case .moveLater where index + 1 < child.board.count:
            state.boardList.move(by: 1)
            return [.roster(.moveOnBoard(child: childID, from: index, to: index + 1))]
        default: break
        }
        return []
    }
}
