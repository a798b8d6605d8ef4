import Foundation
import TaskBoard

/// The child side's Leaderboard: ← → the period, Enter all groups or one,
/// ↑ ↓ scroll.
extension Kiosk {
    static func leaderboardBindings(_ state: KioskState, _ context: KioskContext) -> [Binding] {
        [Binding(.right, "action.nextPeriod"), Binding(.left, "action.previousPeriod"),
         Binding(.choose, "action.group", enabled: !context.roster.groups.isEmpty),
         Binding(.down, enabled: state.leaderboardScroll < maxLeaderboardScroll(state, context)),
         Binding(.up, enabled: state.leaderboardScroll > 0)]
    }

    /// Scrolled this far, the last child is on the first row.
    static func maxLeaderboardScroll(_ state: KioskState, _ context: KioskContext) -> Int {
        let children = state.leaderboardGroup.map { context.roster.children(in: $0).count } ?? context.roster.children.count
        return max(0, children - 1)
    }

    static func leaderboardKey(_ state: inout KioskState, _ action: Action, _ context: KioskContext) {
        let periods = Period.allCases
        let index = periods.firstIndex(of: state.leaderboardPeriod) ?? 0
        switch action {
        case .left: state.leaderboardPeriod = periods[(index + periods.count - 1) % periods.count]
        case .right: state.leaderboardPeriod = periods[(index + 1) % periods.count]
        case .choose:
            // All groups, then each group in turn.
            let groups = context.roster.groups.map(\.id)
            if let current = state.leaderboardGroup, let at = groups.firstIndex(of: current) {
                state.leaderboardGroup = at + 1 < groups.count ? groups[at + 1] : nil
            } else {
                state.leaderboardGroup = groups.first
            }
            state.leaderboardScroll = 0
        case .up: state.leaderboardScroll = max(0, state.leaderboardScroll - 1)
        case .down: state.leaderboardScroll = min(maxLeaderboardScroll(state, context), state.leaderboardScroll + 1)
        default: break
        }
    }
}
