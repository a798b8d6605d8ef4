import Foundation
import TaskBoard

/// The Groups tab: the groups, or the children of the open group.
public struct GroupsTabState: Equatable, Sendable {
    public var open: GroupID?
    public var list = ListSelection(count: 0)
    public var children = ListSelection(count: 0)
    /// The open group's week shown instead of its children: weeks back from this one.
    public var weeksBack: Int?
    /// The first child shown in the week, where not all fit.
    public var weekTop = 0
    /// The open group's day shown instead of its children (to change it for
    /// that day): days after today.
    public var dayAhead: Int?
    public var dayRows = ListSelection(count: 0)
}

/// The admin's Groups tab: the groups, and inside a group its children:
/// add, rename, avatar, move, delete (after a confirmation), and where the
/// data lives on this machine, forget a child who has left for good.
enum GroupsTab: KioskTab {
    static let title = "tab.admin.groups"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        let hasAvatars = !context.avatars.isEmpty
        if let open = state.groups.open, let back = state.groups.weeksBack {
            return HistoryPaging.weeks.bindings(back, close: "action.children")
                + Binding.scrolls(top: state.groups.weekTop, count: roster.children(in: open).count, shown: GroupWeekPage.rows(state.size))
        }
        if let open = state.groups.open, let ahead = state.groups.dayAhead {
            let rows = GroupDayRow.rows(of: open, on: context.today.advanced(by: ahead), roster: roster, settings: context.settings)
            let selected = rows.indices.contains(state.groups.dayRows.index) ? rows[state.groups.dayRows.index].row : nil
            let remove = switch selected {
            case .cancelled?: "action.restoreOnDay"
            case .activity?: "action.removeActivity"
            default: "action.cancelOnDay"
            }
            return [Binding(.add, "action.addActivity"), Binding(.delete, remove, enabled: selected != nil),
                    Binding(.time, "action.moveOnDay", enabled: selected?.task != nil),
                    Binding(.left, "action.previousDay", enabled: ahead > 0), Binding(.right, "action.nextDay", enabled: ahead < GroupDayPage.daysAhead),
                    Binding(.back)] + Binding.moves(state.groups.dayRows, count: rows.count)
        }
        if let open = state.groups.open {
            let count = roster.children(in: open).count
            return [Binding(.view, "action.week"), Binding(.time, "action.groupDay"), Binding(.add), Binding(.edit, enabled: count > 0), Binding(.symbol, "action.avatar", enabled: count > 0 && hasAvatars),
                    Binding(.moveChild, enabled: count > 0 && roster.groups.count > 1), Binding(.delete, enabled: count > 0),
                    Binding(.forget, enabled: count > 0 && context.canForget), Binding(.back)] + Binding.moves(state.groups.children, count: count)
        }
        let count = roster.groups.count
        return [Binding(.choose, "action.open", enabled: count > 0), Binding(.add), Binding(.edit, enabled: count > 0),
                Binding(.symbol, "action.avatar", enabled: count > 0 && hasAvatars), Binding(.delete, enabled: count > 0)]
            + Binding.moves(state.groups.list, count: count)
    }

    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? {
        let roster = context.roster
        guard let open = state.groups.open else { return Kiosk.ScreenList(names: roster.groups.map(\.name), selection: \.groups.list) }
        // A week shown instead of the children: no rows to jump to or tap.
        if state.groups.weeksBack != nil { return nil }
        if let ahead = state.groups.dayAhead {
            let rows = GroupDayRow.rows(of: open, on: context.today.advanced(by: ahead), roster: roster, settings: context.settings)
            return Kiosk.ScreenList(names: rows.map { $0.row.name(in: roster) },
                                    selection: \.groups.dayRows)
        }
        return Kiosk.ScreenList(names: roster.children(in: open).map(\.name), selection: \.groups.children)
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        GroupsView(frame: frame).render(into: &buffer, area: area)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        let roster = context.roster
        if let open = state.groups.open, let back = state.groups.weeksBack {
            let count = roster.children(in: open).count
            if let top = Binding.scrolled(state.groups.weekTop, action, count: count, shown: GroupWeekPage.rows(state.size)) {
                state.groups.weekTop = top
            } else {
                state.groups.weeksBack = HistoryPaging.weeks.page(after: back, action)
            }
            return []
        }
        if let open = state.groups.open, let ahead = state.groups.dayAhead {
            let day = context.today.advanced(by: ahead)
            let rows = GroupDayRow.rows(of: open, on: day, roster: roster, settings: context.settings)
            state.groups.dayRows.resize(to: rows.count)
            let selected = rows.indices.contains(state.groups.dayRows.index) ? rows[state.groups.dayRows.index].row : nil
            switch action {
            case .up: state.groups.dayRows.move(by: -1)
            case .down: state.groups.dayRows.move(by: 1)
            case .left, .right:
                state.groups.dayAhead = max(0, min(GroupDayPage.daysAhead, ahead + (action == .left ? -1 : 1)))
                state.groups.dayRows = ListSelection(count: 0)
            case .back: state.groups.dayAhead = nil
            case .add: state.form = Form(.dayActivity(open, day))
            case .delete: if let selected { return [.roster(selected.removal(group: open, day: day))] }
            case .time:
                if let task = selected?.task, let entry = rows[state.groups.dayRows.index].entry {
                    state.form = Form(.dayTaskTime(task, open, day), text: context.typed(entry.time, until: entry.until))
                }
            default: break
            }
            return []
        }
        if let open = state.groups.open {
            let children = roster.children(in: open)
            state.groups.children.resize(to: children.count)
            let selected = children.indices.contains(state.groups.children.index) ? children[state.groups.children.index] : nil
            switch action {
            case .up: state.groups.children.move(by: -1)
            case .down: state.groups.children.move(by: 1)
            case .back: state.groups.open = nil
            case .view:
                state.groups.weeksBack = 0
                state.groups.weekTop = 0
            case .time:
                state.groups.dayAhead = 0
                state.groups.dayRows = ListSelection(count: 0)
            case .add: state.form = Form(.newChild(open, avatar: context.newChildAvatar(in: open)))
            case .edit: if let selected { state.form = Form(.renameChild(selected.id), text: selected.name) }
            case .symbol: if let selected { state.picker = Picker(.childAvatar(selected.id), count: context.avatars.count) }
            case .moveChild: if let selected { state.picker = Picker(.moveChild(selected.id), count: roster.groups.count - 1) }
            case .delete: if let selected { state.confirming = .roster(.deleteChild(selected.id)) }
            case .forget: if let selected, context.canForget { state.confirming = .forgetChild(selected.id) }
            default: break
            }
            return []
        }
        state.groups.list.resize(to: roster.groups.count)
        let selected = roster.groups.indices.contains(state.groups.list.index) ? roster.groups[state.groups.list.index] : nil
        switch action {
        case .up: state.groups.list.move(by: -1)
        case .down: state.groups.list.move(by: 1)
        case .choose:
            if let selected {
                state.groups.open = selected.id
                state.groups.weeksBack = nil
                state.groups.children = ListSelection(count: roster.children(in: selected.id).count)
            }
        case .add: state.form = Form(.newGroup(avatar: context.newGroupAvatar()))
        case .edit: if let selected { state.form = Form(.renameGroup(selected.id), text: selected.name) }
        case .symbol: if let selected { state.picker = Picker(.groupAvatar(selected.id), count: context.avatars.count) }
        case .delete: if let selected { state.confirming = .roster(.deleteGroup(selected.id)) }
        default: break
        }
        return []
    }
}

extension GroupsTab {
    /// The open group's week, where it shows instead of its children.
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot) {
        guard let group = state.groups.open, let back = state.groups.weeksBack else { return }
        var history = HistoryReading(daycare: daycare)
        data.page = .groupWeek(history.week(of: group, weeksBack: back))
    }
}
