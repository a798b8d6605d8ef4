import Foundation
import TaskBoard

/// Sample marks and a summary that the store tests of every kind share.
public enum StoreSamples {
    public static let day = Day(year: 2026, month: 11, day: 22) ?? Day(number: 20_779)

    /// A clock stopped at noon of `day` (in the default settings' zone), for
    /// a store that reads its own today: with the machine's clock its days
    /// would move away from the samples' as the weeks go by.
    public static func clock(on day: Day) -> @Sendable () -> Date {
        let noon = Settings().dayCalendar.start(of: day).addingTimeInterval(12 * 3600)
        return { noon }
    }

    public static func summary() -> MarkSummary {
        var summary = MarkSummary(firstDay: day.advanced(by: 1 - MarkSummary.windowLength),
                                  pointsBefore: [ChildID(3): 40, ChildID(4): 7],
                                  streakBefore: [ChildID(3): 2],
                                  pendingOldDay: PendingOldDayEdit(day: Day(number: 20_000), pointsBeforeEdit: [ChildID(3): 5]))
        summary[day] = DayTally(points: [ChildID(3): 3, ChildID(4): 1], complete: [ChildID(3)], journalLength: 180)
        summary[day.advanced(by: -1)] = DayTally(points: [ChildID(4): 2], complete: [], journalLength: 95)
        return summary
    }

    public static func event(_ i: Int, done: Bool = true) -> MarkEvent {
        MarkEvent(child: ChildID(3 + i % 2), task: TaskID(5 + i % 3), done: done, points: 1 + i % 4,
                  boardComplete: i % 5 == 0, at: 1_795_334_400 + Int64(i))
    }
}
