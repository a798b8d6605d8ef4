import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 40: a group's day changed on the admin side (Groups, a group,
/// Ctrl-T): an activity added, a task at another time, one cancelled and
/// back again, another day to come, undo. The fixture's clock is Sunday
/// 22 November 2026, 10:00 in Helsinki.
@Suite struct GroupDayPageTests {
    /// Get dressed at 8:00 and Brush teeth at 11:00 on the Squirrels' boards.
    private func dayPage(_ at: Screenful) throws -> (KioskFixture, KioskRuntime) {
        let f = try KioskFixture(language: at.language)
        try f.daycare.perform(.setTaskTime(f.tasks[0], to: TimeOfDay(hour: 8)))
        try f.daycare.perform(.setTaskTime(f.tasks[1], to: TimeOfDay(hour: 11)))
        let runtime = try f.runtime(at.width, at.height, admin: true)
        for key: Key in [.tab, .tab, .enter, .control("t")] { runtime.handle(.key(key)) }
        #expect(runtime.state.groups.dayAhead == 0)
        return (f, runtime)
    }

    private func press(_ runtime: KioskRuntime, _ keys: [Key]) { for key in keys { runtime.handle(.key(key)) } }
    private func type(_ runtime: KioskRuntime, _ text: String) { press(runtime, text.map { .character($0) } + [.enter]) }

    @Test(arguments: Screenful.all)
    func theDayIsChangedForThatDayOnly(_ at: Screenful) throws {
        let (f, runtime) = try dayPage(at)
        let strings = f.strings, squirrels = f.daycare.roster.groups[0].id, today = f.daycare.today
        let time = { (text: String) in at.english ? text : text.replacingOccurrences(of: ":", with: ".") }
        var screen = lines(runtime)
        #expect(screen[2].contains("Squirrels") && screen[2].contains(strings.date(today)) && !screen[2].contains("✨"), "\(screen)")
        #expect(screen[3].contains("Get dressed") && screen[3].hasSuffix(time("8:00")), "\(screen)")
        #expect(screen[4].contains("Brush teeth") && screen[4].hasSuffix(time("11:00")), "\(screen)")
        // An activity: its time and name in one line; the day is then different.
        press(runtime, [.character("+")])
        type(runtime, time("9:30-10:30") + " Visitor")
        #expect(runtime.state.form == nil, "\(lines(runtime))")
        #expect(f.daycare.roster.dayChanges(of: squirrels, on: today).count == 1)
        screen = lines(runtime)
        #expect(screen[2].contains("✨") && screen[4].contains("Visitor ✨"), "\(screen)")
        // Brush teeth at noon, that day only: Ctrl-T has its time to mend.
        press(runtime, [.end, .control("t")])
        #expect(runtime.state.form?.field.text == time("11:00"))
        press(runtime, Array(repeating: .backspace, count: 5))
        type(runtime, time("12:00"))
        #expect(lines(runtime)[5].contains("Brush teeth ✨") && lines(runtime)[5].hasSuffix(time("12:00")), "\(lines(runtime))")
        // Get dressed cancelled: after the rest, marked; Del again brings it back.
        press(runtime, [.home, .delete])
        screen = lines(runtime)
        #expect(screen[5].contains("Get dressed") && screen[5].hasSuffix(strings["groupDay.cancelled"]), "\(screen)")
        #expect(f.daycare.roster.boardTasks(of: f.eero, on: today).isEmpty && f.daycare.roster.boardTasks(of: f.eero, on: today.advanced(by: 1)).count == 1)
        press(runtime, [.end, .delete])
        #expect(f.daycare.roster.boardTasks(of: f.eero, on: today).count == 1)
        // Undo takes the last change back, as everywhere on the admin side.
        press(runtime, [.home, .delete])
        #expect(f.daycare.roster.boardTasks(of: f.eero, on: today).isEmpty)
        press(runtime, [.control("z")])
        #expect(f.daycare.roster.boardTasks(of: f.eero, on: today).count == 1)
        // The next day is as usual; not before today.
        press(runtime, [.right])
        screen = lines(runtime)
        #expect(screen[2].contains(strings.date(today.advanced(by: 1))) && !screen[2].contains("✨") && !screen.joined().contains("Visitor"), "\(screen)")
        press(runtime, [.left, .left])
        #expect(runtime.state.groups.dayAhead == 0)
        // Esc: the group's children again.
        press(runtime, [.escape])
        #expect(runtime.state.groups.dayAhead == nil && lines(runtime).joined().contains("Aino"))
    }

    @Test func aBadTimeIsRefusedWithWhatWasTypedKept() throws {
        let (_, runtime) = try dayPage(Screenful(width: 80, height: 24, language: "en"))
        press(runtime, [.character("+")])
        type(runtime, "25:00 Party")
        #expect(runtime.state.form?.problem == .invalidTimeOfDay("25:00"))
        #expect(runtime.state.form?.field.text == "25:00 Party")
    }
}
