import Foundation
import TaskBoard

/// The leaderboard's period, scope (nil: all groups) and scroll.
public struct LeaderboardTabState: Equatable, Sendable {
    public var period: Period = .today
    public var group: GroupID?
    public var scroll = 0
    /// Shown in another style than the Settings' (a printout asked for one).
    public var style: LeaderboardStyle?
}

/// The child side's Leaderboard: ← → the period, Enter all groups or one,
/// ↑ ↓ scroll, Space the child's own row read aloud.
enum LeaderboardTab: KioskTab {
    static let title = "tab.child.leaderboard"

    static func bindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        [Binding(.right, "action.nextPeriod"), Binding(.left, "action.previousPeriod"),
         Binding(.choose, "action.group", enabled: !context.roster.groups.isEmpty),
         Binding(.down, enabled: state.leaderboard.scroll < maxLeaderboardScroll(state, context)),
         Binding(.up, enabled: state.leaderboard.scroll > 0),
         // The child who opened their board hears their own row.
         Binding(.toggle, "action.readAloud", enabled: context.readAloud && (state.tasks.opened ?? state.tasks.child) != nil)]
    }

    /// Scrolled this far, the last child is on the last row: further would
    /// move nothing on screen and only cost ↑ presses on the way back.
    static func maxLeaderboardScroll(_ state: KioskState, _ context: KioskContext) -> Int {
        if (state.leaderboard.style ?? context.settings.leaderboardStyle) == .groupGoal {
            let groups = state.leaderboard.group == nil ? context.roster.groups.count : 1
            return max(0, groups * GroupGoalView.rowsPerGroup - 1 - Kiosk.pageSize(state))
        }
        let children = state.leaderboard.group.map { context.roster.children(in: $0).count } ?? context.roster.children.count
        return max(0, children - grid(state, count: children).shown)
    }

    /// How `count` children's rows sit: tiles a finger hits, where they fit.
    static func grid(_ state: KioskState, count: Int) -> LeaderboardView.Grid {
        LeaderboardView.Grid(height: Kiosk.pageSize(state), width: state.size.width - 2, tall: true, count: count)
    }

    /// A finger moves a tile's height to scroll one child.
    static func dragPitch(_ state: KioskState, _ context: KioskContext) -> Int {
        (state.leaderboard.style ?? context.settings.leaderboardStyle) == .groupGoal ? 1 : grid(state, count: 0).pitch
    }

    static func draw(_ frame: Frame, into buffer: inout ScreenBuffer, area: Rect) {
        LeaderboardTabView(frame: frame).render(into: &buffer, area: area)
    }

    /// The tab tapped again: back to its top.
    static func firstScreen(_ state: inout KioskState, _ context: KioskContext) {
        state.leaderboard.scroll = 0
    }

    static func act(_ action: Action, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        let periods = Period.allCases
        let index = periods.firstIndex(of: state.leaderboard.period) ?? 0
        switch action {
        case .left: state.leaderboard.period = periods[(index + periods.count - 1) % periods.count]
        case .right: state.leaderboard.period = periods[(index + 1) % periods.count]
        case .choose:
            // All groups, then each group in turn.
            let groups = context.roster.groups.map(\.id)
            if let current = state.leaderboard.group, let at = groups.firstIndex(of: current) {
                state.leaderboard.group = at + 1 < groups.count ? groups[at + 1] : nil
            } else {
                state.leaderboard.group = groups.first
            }
            state.leaderboard.scroll = 0
        case .up: state.leaderboard.scroll = max(0, state.leaderboard.scroll - 1)
        case .down: state.leaderboard.scroll = min(maxLeaderboardScroll(state, context), state.leaderboard.scroll + 1)
        case .toggle: return [.readAloud]
        default: break
        }
        return []
    }
}

extension LeaderboardTab {
    /// A period tapped shows; a row or a group's bar tapped is read aloud.
    static func tap(_ tap: Tap, _ state: inout KioskState, _ context: KioskContext) -> [KioskEffect] {
        switch tap {
        case .period(let period): state.leaderboard.period = period
        case .leaderboardRow(let child): return context.readAloud ? [.readAloudRow(child)] : []
        case .goalRow(let group): return context.readAloud ? [.readAloudGoal(group)] : []
        default: break
        }
        return []
    }

    /// The rows in the style shown, and which children share a name with
    /// one in another group (their group is named beside them).
    static func read(_ state: KioskState, from daycare: Daycare, order: NameOrder, into data: inout KioskSnapshot) {
        let shown = state.leaderboard
        let scope: LeaderboardScope = shown.group.map { .group($0) } ?? .allGroups
        let facts: LeaderboardFacts = switch shown.style ?? daycare.settings.leaderboardStyle {
        case .groupGoal: .groupGoals(Readout { try daycare.groupGoals(scope, shown.period) })
        case .stars: .entries(.success(daycare.pointsByName(scope, shown.period, order: order)))
        case .share: .entries(.success(daycare.leaderboardByShare(scope, shown.period, order: order)))
        case .ranking: .entries(.success(daycare.leaderboard(scope, shown.period, order: order)))
        }
        data.page = .leaderboard(facts)
        data.namesakes = daycare.childrenWithNamesakesInOtherGroups
    }

    /// The row tapped, else the row of the child whose board is open.
    static func readAloud(_ state: KioskState, _ data: KioskSnapshot, row: ChildID?, _ narrator: Narrator) -> Sentence? {
        guard let id = row ?? state.tasks.opened ?? state.tasks.child, let child = data.roster.child(id) else { return nil }
        let style = state.leaderboard.style ?? data.settings.leaderboardStyle
        return data.leaderboard.flatMap { narrator.leaderboardRow(of: child, $0, style: style, period: state.leaderboard.period) }.map(narrator.sentence)
    }

    /// The usual period and all groups.
    static func freshStart(_ state: inout KioskState, roster: Roster) {
        state.leaderboard = LeaderboardTabState()
    }
}
