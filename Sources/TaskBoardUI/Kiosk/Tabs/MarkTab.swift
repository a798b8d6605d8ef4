import Foundation
import TaskBoard

/// The admin's Mark tab: the day sheet of a group (arrows move, Space ticks
/// the cell, Enter shows the next group), or one child at a time.
extension Kiosk {
    static func markBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let sheet = MarkSheet(roster: context.roster, group: state.markGroup)
        let nextGroup = Binding(.choose, "action.nextGroup", enabled: context.roster.groups.count > 1)
        let view = Binding(.view, enabled: state.size.width >= KioskState.sheetMinimumWidth)
        if state.showsOneChild {
            let children = sheet.children
            let board = children.indices.contains(state.markRow) ? children[state.markRow].board : []
            return [Binding(.toggle, "action.tick", enabled: board.indices.contains(state.markColumn)),
                    Binding(.down, enabled: state.markColumn + 1 < board.count), Binding(.up, enabled: state.markColumn > 0),
                    Binding(.right, "action.nextChild", enabled: children.count > 1),
                    Binding(.left, "action.previousChild", enabled: children.count > 1), nextGroup, view]
        }
        let rows = sheet.children.count, columns = sheet.tasks.count
        return [Binding(.toggle, "action.tick", enabled: sheet.isOnBoard(row: state.markRow, column: state.markColumn)),
                Binding(.down, enabled: state.markRow + 1 < rows), Binding(.up, enabled: state.markRow > 0),
                Binding(.right, enabled: state.markColumn + 1 < columns), Binding(.left, enabled: state.markColumn > 0),
                nextGroup, view]
    }

    static func markKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) -> [KioskEffect] {
        let sheet = MarkSheet(roster: context.roster, group: state.markGroup)
        let rows = sheet.children.count, columns = sheet.tasks.count
        if action == .view {
            state.markPerChild.toggle()
            state.markColumn = 0
            return []
        }
        if state.showsOneChild { return oneChildKey(&state, action, sheet, context) }
        switch action {
        case .up: state.markRow = max(0, state.markRow - 1)
        case .down: state.markRow = min(max(0, rows - 1), state.markRow + 1)
        case .left: state.markColumn = max(0, state.markColumn - 1)
        case .right: state.markColumn = min(max(0, columns - 1), state.markColumn + 1)
        case .choose:
            state.markGroup = MarkSheet.nextGroup(after: sheet.group?.id, in: context.roster)
            state.markRow = 0
            state.markColumn = 0
        case .toggle:
            guard sheet.isOnBoard(row: state.markRow, column: state.markColumn) else { return [] }
            return [.toggleMark(sheet.children[state.markRow].id, sheet.tasks[state.markColumn].id)]
        default: break
        }
        return []
    }

    /// One child at a time: ↑ ↓ move on the board, ← → go to the previous or next child.
    static func oneChildKey(_ state: inout KioskState, _ action: Action, _ sheet: MarkSheet, _ context: KioskContext) -> [KioskEffect] {
        let children = sheet.children
        guard children.indices.contains(state.markRow) else {
            state.markRow = 0
            return []
        }
        let board = children[state.markRow].board
        switch action {
        case .up: state.markColumn = max(0, state.markColumn - 1)
        case .down: state.markColumn = min(max(0, board.count - 1), state.markColumn + 1)
        case .left, .right:
            state.markRow = (state.markRow + (action == .right ? 1 : children.count - 1)) % children.count
            state.markColumn = 0
        case .choose:
            state.markGroup = MarkSheet.nextGroup(after: sheet.group?.id, in: context.roster)
            state.markRow = 0
            state.markColumn = 0
        case .toggle:
            guard board.indices.contains(state.markColumn) else { return [] }
            return [.toggleMark(children[state.markRow].id, board[state.markColumn])]
        default: break
        }
        return []
    }
}
