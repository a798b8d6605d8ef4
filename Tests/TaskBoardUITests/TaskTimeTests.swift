import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 27: a task's time of day, set and cleared on the task library tab.
@Suite struct TaskTimeTests {
    private func atLibrary(_ f: KioskFixture, _ width: Int = 80, _ height: Int = 24) throws -> KioskRuntime {
        let runtime = try f.runtime(width, height, admin: true)
        while runtime.state.side != .admin(.library) { runtime.handle(.key(.tab)) }
        return runtime
    }

    private func type(_ runtime: KioskRuntime, _ text: String) {
        for c in text { runtime.handle(.key(.character(c))) }
    }

    @Test(arguments: ["en", "fi"])
    func aTimeIsTypedShownAndCleared(_ language: String) throws {
        let f = try KioskFixture(language: language)
        let runtime = try atLibrary(f)
        runtime.handle(.key(.control("t")))                       // Get dressed
        #expect(runtime.state.form?.purpose == .taskTime(f.tasks[0]))
        var screen = lines(runtime).joined(separator: "\n")
        #expect(screen.contains(f.strings["form.taskTimeTitle"]) && screen.contains(f.strings["form.taskTimeExample"]), "\(screen)")
        type(runtime, "8.30")
        runtime.handle(.key(.enter))
        #expect(runtime.state.form == nil)
        #expect(f.daycare.roster.task(f.tasks[0])?.time == TimeOfDay(hour: 8, minute: 30))
        // The language's way of writing it, in the list and on the status line.
        let shown = language == "en" ? "8:30" : "8.30"
        screen = lines(runtime).joined(separator: "\n")
        #expect(lines(runtime)[3].contains(shown + "   +1"), "\(lines(runtime)[3])")
        #expect(lines(runtime)[22] == " " + (language == "en" ? "Get dressed: at 8:30." : "Get dressed: klo 8.30."))
        // Opened again, it shows the time; emptied, the task has none.
        runtime.handle(.key(.control("t")))
        #expect(runtime.state.form?.field.text == shown, "as the language writes it")
        for _ in 0..<4 { runtime.handle(.key(.backspace)) }
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.task(f.tasks[0])?.time == nil)
        #expect(!lines(runtime)[3].contains(shown))
        // Undo brings the time back.
        runtime.handle(.key(.control("z")))
        #expect(f.daycare.roster.task(f.tasks[0])?.time == TimeOfDay(hour: 8, minute: 30))
    }

    /// Outdoors 9–10.30: the start and its own end, shown as a span, kept, and opened again as typed.
    @Test(arguments: ["en", "fi"])
    func aTimeWithItsOwnEnd(_ language: String) throws {
        let f = try KioskFixture(language: language)
        let runtime = try atLibrary(f)
        runtime.handle(.key(.control("t")))
        type(runtime, "9-10.30")
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.task(f.tasks[0])?.time == TimeOfDay(hour: 9) && f.daycare.roster.task(f.tasks[0])?.until == TimeOfDay(hour: 10, minute: 30))
        let shown = language == "en" ? "9:00–10:30" : "9.00–10.30"
        #expect(lines(runtime)[3].contains(shown + "   +1"), "\(lines(runtime)[3])")
        #expect(lines(runtime)[22] == " " + (language == "en" ? "Get dressed: at 9:00–10:30." : "Get dressed: klo 9.00–10.30."))
        runtime.handle(.key(.control("t")))
        #expect(runtime.state.form?.field.text == (language == "en" ? "9:00-10:30" : "9.00-10.30"))
        // An end before the start is refused as typed.
        for _ in 0..<10 { runtime.handle(.key(.backspace)) }
        type(runtime, "11-10")
        runtime.handle(.key(.enter))
        #expect(runtime.state.form?.problem == .endsBeforeItStarts("11-10"))
        #expect(lines(runtime).joined(separator: " ").contains(language == "en" ? "ends before it starts" : "päättyy ennen kuin alkaa"))
        runtime.handle(.key(.escape))
        // A time set without an end clears the old end; undo brings it back.
        runtime.handle(.key(.control("t")))
        for _ in 0..<10 { runtime.handle(.key(.backspace)) }
        type(runtime, "8")
        runtime.handle(.key(.enter))
        #expect(f.daycare.roster.task(f.tasks[0])?.until == nil)
        runtime.handle(.key(.control("z")))
        #expect(f.daycare.roster.task(f.tasks[0])?.until == TimeOfDay(hour: 10, minute: 30))
    }

    /// 25:00, 11:60 and letters are refused with a clear message; what was typed stays to be mended.
    @Test(arguments: ["en", "fi"])
    func aTimeNoClockShowsIsRefused(_ language: String) throws {
        let f = try KioskFixture(language: language)
        let runtime = try atLibrary(f)
        for typed in ["25:00", "11:60", "lunch"] {
            runtime.handle(.key(.control("t")))
            type(runtime, typed)
            runtime.handle(.key(.enter))
            #expect(runtime.state.form?.problem == .invalidTimeOfDay(typed))
            #expect(runtime.state.form?.field.text == typed)
            let message = ErrorText.message(for: .invalidTimeOfDay(typed), in: f.strings)
            #expect(message.hasPrefix("\"\(typed)\""))
            #expect(lines(runtime).joined(separator: " ").contains(String(message.prefix(20))), "\(lines(runtime))")
            runtime.handle(.key(.escape))
        }
        #expect(f.daycare.roster.task(f.tasks[0])?.time == nil)
        #expect(ErrorText.message(for: .invalidTimeOfDay("25:00"), in: f.strings) == (language == "en"
            ? "\"25:00\" is not a time of day. Type it as 11, 11:00 or 11.00 (0:00 to 23:59)."
            : "\"25:00\" ei ole kellonaika. Kirjoita se muodossa 11, 11.00 tai 11:00 (0.00–23.59)."))
    }

    /// At 40×12 the form and its example fit, and the list keeps name, time and points.
    @Test(arguments: ["en", "fi"])
    func theTimeFitsASmallScreen(_ language: String) throws {
        let f = try KioskFixture(language: language)
        try f.daycare.perform(.setTaskTime(f.tasks[1], to: TimeOfDay(hour: 11)))
        let runtime = try atLibrary(f, 40, 12)
        let row = try #require(lines(runtime).first { $0.contains("🪥") })
        #expect(row.contains(language == "en" ? "11:00" : "11.00") && row.contains("+"), "\(row)")
        runtime.handle(.key(.control("t")))
        let screen = lines(runtime).joined(separator: "\n")
        #expect(screen.contains(f.strings["form.taskTime"] + ":"), "\(screen)")
    }
}
