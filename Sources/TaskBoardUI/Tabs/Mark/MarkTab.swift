import Foundation
import TaskBoard

/// The Mark tab: which group's sheet, the cell under the cursor (a row is
/// a child, a column a task), and whether one child shows at a time.
public struct MarkTabState: Equatable, Sendable {
    public var group: GroupID?
    public var row = 0
    public var column = 0
    /// Chosen with the view key; narrow screens show one child anyway.
    public var perChild = false
}

/// The admin's Mark tab: the day sheet of a group (arrows move, Space ticks
/// the cell, Enter shows the next group), or one child at a time.
enum MarkTab: KioskTab {
    static let title = "tab.admin.mark"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let sheet = MarkSheet(roster: context.roster, group: state.mark.group, day: context.today)
        let nextGroup = Binding(.choose, "action.nextGroup", enabled: context.roster.groups.count > 1)
        let view = Binding(.view, enabled: state.size.width >= KioskState.sheetMinimumWidth && !sheet.children.isEmpty && !sheet.tasks.isEmpty)
        if state.showsOneChild {
            let children = sheet.children
            let board = sheet.boards.indices.contains(state.mark.row) ? sheet.boards[state.mark.row] : []
            return [Binding(.toggle, "action.tick", enabled: board.indices.contains(state.mark.column)),
                    // The task under the cursor, for the whole group.
                    Binding(.tickAll, enabled: board.indices.contains(state.mark.column)),
                    awayBinding(sheet, state, context),
                    Binding(.right, "action.nextChild", enabled: children.count > 1, leadsOn: true),
                    Binding(.left, "action.previousChild", enabled: children.count > 1)]
                + Binding.moves(at: state.mark.column, count: board.count) + [nextGroup, view]
        }
        let columns = sheet.tasks.count
        let someoneHasIt = sheet.children.indices.contains { sheet.isOnBoard(row: $0, column: state.mark.column) }
        return [Binding(.toggle, "action.tick", enabled: sheet.isOnBoard(row: state.mark.row, column: state.mark.column)),
                Binding(.tickAll, enabled: someoneHasIt), awayBinding(sheet, state, context)]
            + Binding.moves(at: state.mark.row, count: sheet.children.count)
            + [Binding(.right, enabled: state.mark.column + 1 < columns), Binding(.left, enabled: state.mark.column > 0), nextGroup, view]
    }

    /// Rows of the sheet (or tasks of one child's board) in a page.
    static func pageSize(_ state: KioskState) -> Int { max(1, state.size.height - 8) }

    /// The child of the cursor's row away today, or (if away) here again.
    private static func awayBinding(_ sheet: MarkSheet, _ state: KioskState, _ context: KioskContext) -> Binding {
        let child = sheet.children.indices.contains(state.mark.row) ? sheet.children[state.mark.row].id : nil
        let away = child.map(context.awayToday.contains) ?? false
        return Binding(.away, away ? "action.here" : "action.away", enabled: child != nil)
    }

    /// Every letter goes to a child (`TypeAhead`), on the sheet as on one
    /// child's board: a name typed never does anything else.
    static func otherKeys(_ state: KioskState, _ context: KioskContext) -> ScreenKeys.Other { .typeAhead }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        MarkSheetView(frame: frame).render(into: &buffer, area: area)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        let sheet = MarkSheet(roster: context.roster, group: state.mark.group, day: context.today)
        let rows = sheet.children.count, columns = sheet.tasks.count
        if action == .away, sheet.children.indices.contains(state.mark.row) {
            let child = sheet.children[state.mark.row].id
            return [.setAway(child, !context.awayToday.contains(child))]
        }
        if action == .view {
            state.mark.perChild.toggle()
            state.mark.column = 0
            return []
        }
        // A tick on a child marked away would not show: say so, and tick nothing.
        if action == .toggle, sheet.children.indices.contains(state.mark.row), context.awayToday.contains(sheet.children[state.mark.row].id) {
            let key = context.keyMap.keys(for: .away).first.map { KeyLabel.text($0) } ?? "-"
            state.notice = .awayNotTicked(child: sheet.children[state.mark.row].name, key: key)
            return []
        }
        if state.showsOneChild { return oneChildKey(&state, action, sheet, context) }
        if let row = Binding.moved(state.mark.row, action, count: rows, page: pageSize(state)) {
            state.mark.row = row
            return []
        }
        switch action {
        case .left: state.mark.column = max(0, state.mark.column - 1)
        case .right: state.mark.column = min(max(0, columns - 1), state.mark.column + 1)
        case .choose:
            state.mark.group = MarkSheet.nextGroup(after: sheet.group?.id, in: context.roster)
            state.mark.row = 0
            state.mark.column = 0
        case .toggle:
            guard sheet.isOnBoard(row: state.mark.row, column: state.mark.column) else { return [] }
            return [.toggleMark(sheet.children[state.mark.row].id, sheet.tasks[state.mark.column].id)]
        case .tickAll:
            guard sheet.tasks.indices.contains(state.mark.column) else { return [] }
            return [.tickAll(sheet.tasks[state.mark.column].id, sheet.children.map(\.id))]
        default: break
        }
        return []
    }

    /// A letter on the sheet: typed ahead to a child's name.
    static func jump(to key: Key, _ state: inout KioskState, _ context: KioskContext) {
        let sheet = MarkSheet(roster: context.roster, group: state.mark.group, day: context.today)
        guard case .character(let letter) = key,
              let row = state.typeAhead.row(for: letter, at: context.uptime, current: state.mark.row, in: sheet.children.map(\.name))
        else { return }
        go(toChild: row, &state, sheet)
    }

    /// To another child's row; one child at a time, on the same task where
    /// that child has it (a task ticked for all, then the exceptions).
    private static func go(toChild row: Int, _ state: inout KioskState, _ sheet: MarkSheet) {
        if state.showsOneChild {
            let task = sheet.boards.indices.contains(state.mark.row) && sheet.boards[state.mark.row].indices.contains(state.mark.column)
                ? sheet.boards[state.mark.row][state.mark.column] : nil
            state.mark.column = task.flatMap { sheet.boards[row].firstIndex(of: $0) } ?? 0
        }
        state.mark.row = row
    }

    /// One child at a time: ↑ ↓ move on the board, ← → go to the previous or next child.
    static func oneChildKey(_ state: inout KioskState, _ action: Action, _ sheet: MarkSheet, _ context: KioskContext) -> [KioskEffect] {
        let children = sheet.children
        guard children.indices.contains(state.mark.row) else {
            state.mark.row = 0
            return []
        }
        let board = sheet.boards[state.mark.row]
        if let column = Binding.moved(state.mark.column, action, count: board.count, page: pageSize(state)) {
            state.mark.column = column
            return []
        }
        switch action {
        case .left, .right:
            go(toChild: (state.mark.row + (action == .right ? 1 : children.count - 1)) % children.count, &state, sheet)
        case .choose:
            state.mark.group = MarkSheet.nextGroup(after: sheet.group?.id, in: context.roster)
            state.mark.row = 0
            state.mark.column = 0
        case .toggle:
            guard board.indices.contains(state.mark.column) else { return [] }
            return [.toggleMark(children[state.mark.row].id, board[state.mark.column])]
        case .tickAll:
            guard board.indices.contains(state.mark.column) else { return [] }
            return [.tickAll(board[state.mark.column], children.map(\.id))]
        default: break
        }
        return []
    }
}

extension MarkTab {
    /// A cell of the sheet, or a task of the one child shown: ticked or taken back, as Space would.
    static func tap(_ tap: Tap, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        switch tap {
        case .sheetCell(let row, let column):
            state.mark.row = row
            state.mark.column = column
        case .childTask(let index):
            state.mark.column = index
        default:
            return []
        }
        return act(.toggle, &state, context)
    }

    /// Today's ticks.
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot) {
        data.page = .markSheet(Readout { try daycare.marks(on: daycare.today) })
    }
}
