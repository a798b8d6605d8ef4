import Foundation
import TaskBoard

/// An open picker: ↑ ↓, Enter takes the highlighted row (or, where several
/// are chosen, the rows marked with Space), Esc closes.
enum PickerOverlay {
    static func bindings(_ picker: Picker, _ context: KioskContext) -> [Binding] {
        let count = context.choices(picker.purpose).count
        let several = picker.choosesSeveral
        return (several ? [Binding(.toggle, "action.mark", enabled: count > 0)] : [])
            + Binding.moves(picker.selection, count: count)
            // Enter leads on: on a short bar it stays before ↓ (at 40 columns the
            // weekdays' picker showed "↓ down" and never said Enter saves).
            + [Binding(.choose, chooseLabel(picker), enabled: count > 0, leadsOn: true), Binding(.back, "action.close")]
    }

    /// What Enter does: choose a row, copy a board, or save the marked days.
    private static func chooseLabel(_ picker: Picker) -> String {
        switch picker.purpose {
        case .copyBoard: "action.copy"
        case .taskDays: "action.save"
        default: "action.choose"
        }
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        guard var picker = state.picker else { return [] }
        // Only the rows and their commands matter here, not their labels.
        let choices = context.choices(picker.purpose)
        picker.selection.resize(to: choices.count)
        switch action {
        case .up: picker.selection.move(by: -1)
        case .down: picker.selection.move(by: 1)
        case .first, .last, .pageUp, .pageDown: Kiosk.jump(&picker.selection, action, page: Kiosk.pageSize(state) - 1)
        case .toggle where picker.choosesSeveral && choices.indices.contains(picker.selection.index):
            if picker.marked.remove(picker.selection.index) == nil { picker.marked.insert(picker.selection.index) }
        case .back:
            state.picker = nil
            return []
        case .choose:
            state.picker = nil
            guard choices.indices.contains(picker.selection.index) else { return [] }
            if case .taskDays(let task, let child) = picker.purpose {
                // None marked, or all seven: every day.
                return [.roster(.setTaskDays(task, child: child, to: picker.marked.map { $0 + 1 }.sorted()))]
            }
            if case .copyBoard(let source) = picker.purpose {
                // Boards are replaced: first say whose.
                let targets = picker.chosenRows.filter(choices.indices.contains).compactMap { choices[$0].command.copyTargets }.flatMap { $0 }
                state.confirming = .roster(.copyBoard(from: source, to: targets))
                return []
            }
            // A task's icon chosen while it is on no board yet (a new task): onto which boards?
            if case .taskIcon(let task) = picker.purpose, !context.roster.groups.isEmpty,
               !context.roster.children.contains(where: { $0.board.contains(task) }) {
                state.picker = Picker(.taskToBoards(task), count: context.roster.groups.count + 1)
            }
            return [.roster(choices[picker.selection.index].command)]
        default: break
        }
        state.picker = picker
        return []
    }
}
