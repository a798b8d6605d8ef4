import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

/// Whole journals written at once, listed, and a summary rebuilt from them.
@Suite struct HistoryImportTests {
    private func event(_ child: Int, _ task: Int, points: Int) -> MarkEvent {
        MarkEvent(child: ChildID(child), task: TaskID(task), done: true, points: points, boardComplete: false, at: 0)
    }

    @Test func replacedJournalsAreListedAndReadBack() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            let days = [Day("2026-01-05"), Day("2025-12-31"), Day("2026-01-04")].compactMap { $0 }
            for (index, day) in days.enumerated() {
                try store.replaceMarks([event(1, 2, points: index + 1), event(3, 4, points: 5)], on: day)
            }
            #expect(try store.markJournalDays() == days.sorted())
            #expect(try store.marks(on: days[0]) == [event(1, 2, points: 1), event(3, 4, points: 5)])
            // Replacing again leaves only the new events, and appending still works.
            try store.replaceMarks([event(1, 2, points: 7)], on: days[0])
            try store.appendMark(event(9, 9, points: 1), on: days[0])
            #expect(try store.marks(on: days[0]) == [event(1, 2, points: 7), event(9, 9, points: 1)])
        }
    }

    @Test func deletingTheSummaryFileLosesNoPoints() throws {
        try withDataDirectory { dir in
            let clock = FixedClock(Date(timeIntervalSince1970: 1_795_000_000)) // 2026-11-18
            var roster = Roster()
            let group = try roster.addGroup(name: "Owls", avatar: "🦉")
            let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
            let task = try roster.addTask(name: "Brush teeth", points: 3)
            try roster.addToBoard(task, child: aino)
            do {
                let store = try JSONFileStore(directory: dir)
                try store.saveRoster(roster)
                try store.saveSettings(Settings(timeZoneIdentifier: "UTC"))
                // 100 days of history before today, written in bulk.
                let today = Day("2026-11-18")!
                for back in 1...100 {
                    try store.replaceMarks([MarkEvent(child: aino, task: task, done: true, points: 3, boardComplete: true, at: 0)],
                                           on: today.advanced(by: -back))
                }
                let daycare = try Daycare(store: store, clock: clock)
                #expect(daycare.points(.allTime)[aino] == 300)
                #expect(try daycare.progress(of: aino).streak == 100)
                try daycare.toggle(child: aino, task: task)
                #expect(daycare.points(.allTime)[aino] == 303)
            }
            try FileManager.default.removeItem(at: dir.file("summary.json"))
            let daycare = try Daycare(store: try JSONFileStore(directory: dir), clock: clock)
            #expect(daycare.points(.allTime)[aino] == 303)
            #expect(try daycare.progress(of: aino).streak == 101)
            #expect(fileExists(dir.file("summary.json")))
        }
    }
}
