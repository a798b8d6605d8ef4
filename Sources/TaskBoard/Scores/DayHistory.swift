/// One child's day as history shows it: how much of that day's board was
/// done, or why nothing was to be done.
public enum HistoryCell: Equatable, Sendable {
    /// The board was closed that day (a weekend, a holiday).
    case closed
    /// The child was away.
    case away
    /// A day still to come (in the month of today).
    case future
    /// A day before the child's first: nothing was theirs to do.
    case beforeFirstDay
    /// `done` of the day's `total` tasks; the whole board when they are equal.
    case share(done: Int, total: Int)

    /// Nothing done, part of it, or all of it (a board with no tasks that day counts as nothing to do).
    public var isComplete: Bool {
        if case .share(let done, let total) = self { return total > 0 && done >= total }
        return false
    }

    /// The one symbol every page draws for this day.
    public var mark: DayMark {
        switch self {
        case .closed: .closed
        case .away: .away
        case .future: .future
        case .beforeFirstDay: .beforeFirstDay
        case .share(let done, let total): total > 0 && done >= total ? .all : done > 0 ? .part : .none
        }
    }
}

/// How a day went for a child, with one meaning wherever a day is drawn (the
/// board's week strip, the month, the group week, print): all of the board
/// done, part of it, none, away, closed, or nothing to say (a day to come, a
/// day before the child's first).
public enum DayMark: Equatable, Sendable {
    case all, part, none, away, closed, beforeFirstDay, future
}

extension Daycare {
    /// A day of a child's history: closed, away, to come, or the share of
    /// that weekday's tasks on the child's board (as it is now: boards keep
    /// no history) that was done. A board finished that day is complete
    /// whatever it holds now.
    public func historyCell(of childID: ChildID, on day: Day) throws -> HistoryCell {
        try historyCell(of: childID, on: day) { try marks(on: $0) }
    }

    /// The same from the marks already in memory: nil for a day whose marks
    /// have not been read (a screen that must not wait for a slow store).
    public func historyCellIfRead(of childID: ChildID, on day: Day) -> HistoryCell? {
        try? historyCell(of: childID, on: day) { day in
            guard let marks = marksIfRead(on: day) else { throw NotReadYet() }
            return marks
        }
    }

    private func historyCell(of childID: ChildID, on day: Day, marks read: (Day) throws -> DayMarks) throws -> HistoryCell {
        guard let child = roster.child(childID) else { throw TaskBoardError.unknownChild(childID) }
        if day > today { return .future }
        if day < firstDay(of: child) { return .beforeFirstDay }
        if attendance.isAway(childID, on: day) { return .away }
        let marks = try read(day)
        let board = roster.board(of: child, on: day)
        let done = board.filter { marks.isDone(childID, $0) }.count
        if !settings.isOpen(day) && done == 0 { return .closed }
        let total = max(board.count, done)
        return .share(done: marks.complete.contains(childID) ? total : done, total: total)
    }

    /// The days of the month of `day`, first to last, each with its cell.
    public func monthHistory(of childID: ChildID, month day: Day) throws -> [(day: Day, cell: HistoryCell)] {
        try (day.startOfMonth...day.endOfMonth).map { ($0, try historyCell(of: childID, on: $0)) }
    }
}

/// A day whose marks are not in memory, where the store is not to be asked.
private struct NotReadYet: Error {}
