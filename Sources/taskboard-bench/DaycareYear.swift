import Foundation
import TaskBoard
import TaskBoardStorage

/// The benchmark's data: a big daycare's year, generated from a fixed seed.
enum DaycareYear {
    static let groups = 8
    static let childrenPerGroup = 25
    static let libraryTasks = 24
    static let boardTasks = 8
    static let days = 365
    static let doneShare = 0.85

    struct Stats {
        let children: Int
        let days: Int
        let marks: Int
        let journalMegabytes: Int
    }

    static func generate(into directory: URL) throws -> Stats {
        let store = try JSONFileStore(directory: directory)
        var roster = Roster()
        var random = SplitMix64(seed: 2026)
        let tasks = try (0..<libraryTasks).map { index in
            try roster.addTask(name: "Task \(index + 1)", icon: nil, points: 1 + index % 3)
        }
        for g in 0..<groups {
            let group = try roster.addGroup(name: "Group \(g + 1)", avatar: "🐿️")
            for c in 0..<childrenPerGroup {
                let child = try roster.addChild(name: "Child \(g + 1)-\(c + 1) Äijälä", avatar: "🦊", group: group)
                for task in tasks.shuffled(using: &random).prefix(boardTasks) {
                    try roster.addToBoard(task, child: child)
                }
            }
        }
        try store.saveRoster(roster)
        try store.saveSettings(Settings(timeZoneIdentifier: TimeZone.current.identifier))

        let today = DayCalendar(zoneIdentifier: nil).day(of: Date())
        var marks = 0
        // The whole past year and a full day today: the most a start-up can meet.
        for back in stride(from: days, through: 0, by: -1) {
            let day = today.advanced(by: -back)
            var events: [MarkEvent] = []
            for child in roster.children {
                let done = child.board.filter { _ in Double.random(in: 0..<1, using: &random) < doneShare }
                for (index, task) in done.enumerated() {
                    let points = roster.task(task)?.points ?? 1
                    events.append(MarkEvent(child: child.id, task: task, done: true, points: points,
                                            boardComplete: index == done.count - 1 && done.count == child.board.count,
                                            at: 0))
                }
            }
            try store.replaceMarks(events, on: day)
            marks += events.count
        }
        let bytes = try store.markJournalDays().reduce(0) { total, day in
            total + (try store.markJournalLength(on: day))
        }
        return Stats(children: roster.children.count, days: days + 1, marks: marks, journalMegabytes: bytes / 1_000_000)
    }
}
