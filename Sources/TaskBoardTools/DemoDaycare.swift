import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardUI

/// A ready demo daycare that looks alive any day and hour: three groups, a
/// dozen children with Finnish and emoji names, a task library (all but one
/// of it with times of day, so a weekday board has a now from 8:30), open Monday
/// to Friday, a task for Tuesdays and Thursdays, three weeks of weekday
/// history in which children do more or less whatever their board's size,
/// a few days away, and today already partly ticked with two children away.
/// Its words (the tasks, the groups) are in the language asked for, which
/// its settings keep, so the kiosk opens it in that language.
public enum DemoDaycare {
    /// The demo's words in one language: the task library (in the order of
    /// `icons`) and the three groups.
    struct Words {
        let tasks: [String]
        let groups: [String]

        static func of(_ language: Language) -> Words {
            switch language {
            case .en:
                Words(tasks: ["Get dressed", "Brush teeth", "Tidy the toys", "Wash hands", "Eat lunch", "Help a friend", "Go outside",
                              "Read a book"],
                      groups: ["Squirrels", "Bears", "Hedgehogs"])
            case .fi:
                Words(tasks: ["Pue vaatteet", "Pese hampaat", "Siivoa lelut", "Pese kädet", "Syö lounas", "Auta kaveria", "Ulkoile",
                              "Lue kirja"],
                      groups: ["Oravat", "Karhut", "Siilit"])
            }
        }
    }

    /// The library's icons, points and times of day, whatever the language:
    /// teeth after breakfast at 8:30, outdoors at 9, hands washed before
    /// lunch at 11, a book at rest time, the toys tidied before snack and
    /// dressed to go home at 15:30: on a weekday something is now from 8:30.
    /// Helping a friend has no time.
    static let library: [(icon: String, points: Int, time: TimeOfDay?)] = [
        ("👕", 1, TimeOfDay(hour: 15, minute: 30)), ("🪥", 1, TimeOfDay(hour: 8, minute: 30)), ("🧸", 2, TimeOfDay(hour: 14)),
        ("🧼", 1, TimeOfDay(hour: 10, minute: 45)), ("🍲", 1, TimeOfDay(hour: 11)), ("🤝", 3, nil), ("🌳", 1, TimeOfDay(hour: 9)),
        ("📖", 2, TimeOfDay(hour: 12)),
    ]

    /// Writes it into a temp folder beside `directory`, then gives that the
    /// directory's name (replacing it when it is empty): a demo that fails
    /// midway leaves nothing behind. Returns the demo PIN.
    public static func writeWhole(into directory: URL, today: Day, language: Language) throws -> String {
        let root = DataDirectory.plainPath(directory)
        let parent = (root as NSString).deletingLastPathComponent
        try DataFiles.makeDirectory(parent)
        let temp = DataFiles.tempPath(in: parent, for: "demo-" + (root as NSString).lastPathComponent)
        let emptyFolderThere = DataFiles.isDirectory(root)
        var renamed = false
        do {
            let pin = try write(into: URL(fileURLWithPath: temp), today: today, language: language)
            try DataFiles.rename(temp, to: root)
            renamed = true
            try DataFiles.syncDirectory(parent)
            return pin
        } catch {
            // The new name may not be durable: the demo was not written; put things back.
            if renamed {
                guard (try? DataFiles.rename(root, to: temp)) != nil else {
                    // It stands, not durable, and could not be taken back: never "not written".
                    guard var storage = error as? StorageError else { throw error }
                    storage.mayBeWritten = true
                    throw storage
                }
                if emptyFolderThere { try? DataFiles.makeDirectory(root) }
            }
            try? FileManager.default.removeItem(atPath: temp)
            throw error
        }
    }

    /// Writes it into an empty directory and returns the demo PIN.
    public static func write(into directory: URL, today: Day, language: Language = .en) throws -> String {
        let store = try JSONFileStore(directory: directory)
        var roster = Roster()
        let words = Words.of(language)
        let library = try zip(words.tasks, Self.library).map { name, task in
            let id = try roster.addTask(name: name, icon: task.icon, points: task.points)
            try roster.setTaskTime(id, to: task.time)
            return id
        }
        let groups: [(String, String, [(String, String)])] = [
            (words.groups[0], "🐿️", [("Aino", "🦊"), ("Eero", "🐢"), ("Väinö", "🦉"), ("Ällä Öhman", "🐸")]),
            (words.groups[1], "🐻", [("Ville", "🦁"), ("Siiri 🌸", "🐰"), ("Onni", "🐼"), ("Lumi", "🐧")]),
            (words.groups[2], "🦔", [("Elsa", "🦄"), ("Leo", "🐶"), ("Hilla", "🐱"), ("Mio 美羽", "🐨")]),
        ]
        for (name, avatar, children) in groups {
            let group = try roster.addGroup(name: name, avatar: avatar)
            for (index, child) in children.enumerated() {
                let id = try roster.addChild(name: child.0, avatar: child.1, group: group)
                for offset in 0..<(4 + index % 3) {
                    try roster.addToBoard(library[(index + offset) % library.count], child: id)
                }
            }
        }
        // Going outside is a Tuesday and Thursday task in the second group.
        let outside = library[6]
        for child in roster.children(in: roster.groups[1].id) where child.board.contains(outside) {
            try roster.setTaskDays(outside, child: child.id, to: [2, 4])
        }
        // Everyone started with the history below.
        for index in roster.children.indices { roster.children[index].firstDay = today.advanced(by: -21) }
        try store.saveRoster(roster)
        try store.saveSettings(Settings(language: language.rawValue, closedWeekdays: [6, 7], goalPerChild: 5))

        // Three weeks of weekday history. Each child does their share of
        // the day's board (from about half to nearly all), so points do not
        // simply follow the size of the board; now and then a child is away.
        var seed: UInt64 = 20_261_122
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        let diligence = Dictionary(uniqueKeysWithValues: roster.children.enumerated().map { ($1.id, UInt64(50 + ($0 * 37) % 48)) })
        var attendance = Attendance()
        for back in 1...21 {
            let day = today.advanced(by: -back)
            guard day.weekday <= 5 else { continue }
            var events: [MarkEvent] = []
            for child in roster.children {
                if next() % 100 < 4 {
                    attendance.set(child.id, away: true, on: day)
                    continue
                }
                let board = roster.board(of: child, on: day)
                let done = board.filter { _ in next() % 100 < diligence[child.id, default: 75] }
                for (index, task) in done.enumerated() {
                    events.append(MarkEvent(child: child.id, task: task, done: true, points: roster.task(task)?.points ?? 1,
                                            boardComplete: index == done.count - 1 && done.count == board.count, at: 0))
                }
            }
            try store.replaceMarks(events, on: day)
        }
        // Today: Lumi and Leo are away, and the second and third groups have
        // done their first task or two (the first group's boards are left for
        // the one trying it out).
        for name in ["Lumi", "Leo"] {
            if let child = roster.children.first(where: { $0.name == name }) { attendance.set(child.id, away: true, on: today) }
        }
        var todays: [MarkEvent] = []
        for group in roster.groups.dropFirst() {
            for child in roster.children(in: group.id) where !attendance.isAway(child.id, on: today) {
                let board = roster.board(of: child, on: today)
                let done = board.prefix(child.id.rawValue % 2 == 0 ? 2 : 1)
                for (index, task) in done.enumerated() {
                    todays.append(MarkEvent(child: child.id, task: task, done: true, points: roster.task(task)?.points ?? 1,
                                            boardComplete: index == done.count - 1 && done.count == board.count, at: 0))
                }
            }
        }
        if !todays.isEmpty { try store.replaceMarks(todays, on: today) }
        try store.saveAttendance(attendance)
        // A PIN that passes the policy; the seed is fixed, so every demo gets the same one.
        var pin = ""
        repeat {
            pin = String(format: "%04d", Int(next() % 10_000))
        } while (try? PinPolicy.validate(pin)) == nil
        let guardian = try PinGuard(store: store, hasher: PinHasher(iterations: 10_000))
        try guardian.setInitialPin(pin, confirmation: pin)
        return pin
    }
}
