import Foundation
import TaskBoard

/// The task library's row.
public struct LibraryTabState: Equatable, Sendable {
    public var list = ListSelection(count: 0)
}

/// The admin's task library (its tab is called Tasks): add, rename, icon,
/// points with ← →, delete after a confirmation.
enum LibraryTab: KioskTab {
    static let title = "tab.admin.tasks"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let tasks = context.roster.tasks
        let selected = selectedTask(state, context)
        return [Binding(.add), Binding(.edit, enabled: selected != nil), Binding(.delete, enabled: selected != nil),
                Binding(.right, "action.morePoints", enabled: selected.map { $0.points < LibraryTask.pointRange.upperBound } ?? false),
                Binding(.left, "action.fewerPoints", enabled: selected.map { $0.points > LibraryTask.pointRange.lowerBound } ?? false),
                Binding(.symbol, enabled: selected != nil && !context.icons.isEmpty),
                Binding(.time, enabled: selected != nil),
                Binding(.addToGroup, "action.toBoards", enabled: selected != nil && !context.roster.groups.isEmpty)] + Binding.moves(state.library.list, count: tasks.count)
    }

    private static func selectedTask(_ state: KioskState, _ context: KioskContext) -> LibraryTask? {
        var list = state.library.list
        list.resize(to: context.roster.tasks.count)
        return context.roster.tasks.indices.contains(list.index) ? context.roster.tasks[list.index] : nil
    }

    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? {
        Kiosk.ScreenList(names: context.roster.tasks.map(\.name), selection: \.library.list)
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        LibraryView(frame: frame).render(into: &buffer, area: area)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        state.library.list.resize(to: context.roster.tasks.count)
        let selected = selectedTask(state, context)
        switch action {
        case .up: state.library.list.move(by: -1)
        case .down: state.library.list.move(by: 1)
        case .add: state.form = Form(.newTask)
        case .edit: if let selected { state.form = Form(.renameTask(selected.id), text: selected.name) }
        case .time:
            guard let selected else { break }
            state.form = Form(.taskTime(selected.id), text: selected.time.map { context.typed($0, until: selected.until) } ?? "")
        case .symbol: if let selected { state.picker = Picker(.taskIcon(selected.id), count: context.icons.count + 1) }
        case .delete: if let selected { state.confirming = .roster(.deleteTask(selected.id)) }
        case .addToGroup: if let selected { state.picker = Picker(.taskToBoards(selected.id), count: context.roster.groups.count + 1) }
        case .left, .right:
            guard let selected else { return [] }
            let points = selected.points + (action == .right ? 1 : -1)
            return LibraryTask.pointRange.contains(points) ? [.roster(.setTaskPoints(selected.id, to: points))] : []
        default: break
        }
        return []
    }
}
