import Foundation
import TaskBoard

/// What waits for Enter (and goes with Esc) before it happens.
public enum Confirmation: Equatable, Sendable {
    /// A roster edit that takes something away: a delete, a task off a
    /// board, boards replaced by a copy.
    case roster(RosterCommand)
    /// A child forgotten for good (issue 43): unlike a delete, no undo.
    case forgetChild(ChildID)
    /// Keep history shortened (issue 43): the days before the new first day
    /// kept go for good at the next day's change. The settings as they would be.
    case shortenHistory(Settings)
    case quit
    /// At the first start, after the PIN: is it a daycare (open Monday to
    /// Friday, Enter) or a family (every day, Esc)? Then the first group.
    case openDays
}
