import Foundation
import TaskBoard

/// The Today tab's group: chosen once, kept while other tabs show, and gone
/// back to after the child side has been left alone.
public struct TodayTabState: Equatable, Sendable {
    /// The group whose day shows, once chosen.
    public var group: GroupID?
    /// The list of groups is open over the day (Esc on a day).
    public var choosing = false
    public var groups = ListSelection(count: 0)

    /// The group whose day shows: the one chosen, or the only one there is;
    /// nil while a group is to be chosen.
    public func shown(in roster: Roster) -> GroupID? {
        if choosing { return nil }
        if let group, roster.group(group) != nil { return group }
        return roster.groups.count == 1 ? roster.groups[0].id : nil
    }
}

/// The child side's Today tab: a group's day in pictures, now and next
/// marked; Space (or a tap) says them aloud, Esc shows another group's.
enum TodayTab: KioskTab {
    static let title = "tab.child.roomDay"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        let roster = context.roster
        guard state.today.shown(in: roster) != nil else {
            let remembered = state.today.group.map { roster.group($0) != nil } ?? false
            return Binding.moves(state.today.groups, count: roster.groups.count)
                + [Binding(.choose, enabled: !roster.groups.isEmpty), Binding(.back, enabled: remembered)]
        }
        return [Binding(.toggle, "action.readAloud", enabled: context.readAloud),
                Binding(.choose, "action.readAloud", enabled: context.readAloud, inBar: false),
                Binding(.back, "action.otherGroup", enabled: roster.groups.count > 1)]
    }

    static func list(_ state: KioskState, _ context: KioskContext) -> Kiosk.ScreenList? {
        guard state.today.shown(in: context.roster) == nil else { return nil }
        return Kiosk.ScreenList(names: context.roster.groups.map(\.name), selection: \.today.groups)
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        TodayView(frame: frame).render(into: &buffer, area: area)
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        let groups = context.roster.groups
        guard let shown = state.today.shown(in: context.roster) else {
            state.today.groups.resize(to: groups.count)
            switch action {
            case .up, .down:
                let before = state.today.groups.index
                state.today.groups.move(by: action == .up ? -1 : 1)
                return context.readAloud && state.today.groups.index != before ? [.sayChoice] : []
            case .choose:
                guard groups.indices.contains(state.today.groups.index) else { return [] }
                state.today.group = groups[state.today.groups.index].id
                state.today.choosing = false
                // A day just opened is said, as a board just opened is.
                return context.readAloud ? [.readAloud] : []
            case .back: state.today.choosing = false
            default: break
            }
            return []
        }
        switch action {
        case .toggle, .choose: return [.readAloud]
        case .back:
            state.today.choosing = true
            state.today.groups = ListSelection(count: groups.count, index: groups.firstIndex { $0.id == shown } ?? 0)
        default: break
        }
        return []
    }
}

extension TodayTab {
    /// "Now: Go outside. Then: Wash hands." for the group whose day shows.
    static func readAloud(_ state: KioskState, _ data: KioskSnapshot, row: ChildID?, _ narrator: Narrator) -> Sentence? {
        state.today.shown(in: data.roster).flatMap(data.roomDay).map {
            narrator.sentence(narrator.roomDay($0, at: data.calendar.timeOfDay(of: data.now)))
        }
    }

    static func chosenName(_ state: KioskState, _ data: KioskSnapshot) -> String? {
        data.roster.groups.dropFirst(state.today.groups.index).first?.name
    }

    /// Back to the group chosen for it.
    static func freshStart(_ state: inout KioskState, roster: Roster) {
        state.today.choosing = false
    }
}
