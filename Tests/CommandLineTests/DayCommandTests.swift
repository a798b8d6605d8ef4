import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 40: `taskboard day` changes one group's day (the demo's Squirrels
/// on Monday 2026-11-23; the fixed clock says Sunday the 22nd), and
/// `print day` shows it with its mark; other days stay as they are.
@Suite struct DayCommandTests {
    private static func run(_ arguments: [String]) throws -> TaskBoardProcess.Result {
        try TaskBoardProcess.run(arguments, environment: PrintTests.plain)
    }

    @Test func anActivityACancelAndAMoveShowOnThePrintedDayOnly() throws {
        try withDemoDaycare { data in
            let at = ["--group", "Squirrels", "--day", "2026-11-23", "--data-dir", data.path]
            let added = try Self.run(["day", "add", "--task", "Trip to the library", "--at", "9:15-11:30", "--icon", "🚌"] + at)
            #expect(added.status == 0 && added.stdout == "Squirrels, 2026-11-23: 🚌 Trip to the library added at 9:15-11:30.\n",
                    "\(added.stdout)\(added.stderr)")
            let cancelled = try Self.run(["day", "cancel", "--task", "go outside"] + at)
            #expect(cancelled.stdout == "Squirrels, 2026-11-23: Go outside cancelled.\n", "\(cancelled.stdout)\(cancelled.stderr)")
            let moved = try Self.run(["day", "move", "--task", "Eat lunch", "--at", "11:45"] + at)
            #expect(moved.stdout == "Squirrels, 2026-11-23: Eat lunch moved to 11:45.\n", "\(moved.stdout)\(moved.stderr)")
            let printed = try Self.run(["print", "day", "--width", "40"] + at)
            #expect(printed.stdout == """
                  🐿️ Squirrels        Monday 23/11/2026

                  ✨ A different day
                  🚫 Cancelled: 🌳 Go outside

                        8:30  🪥 Brush teeth
                                 (Aino, Eero)

                  9:15–11:30  🚌 Trip to the library ✨

                       10:45  🧼 Wash hands

                       11:45  🍲 Eat lunch ✨
                                 (Eero, Väinö,
                                 Ällä Öhman)

                       12:00  📖 Read a book  (Väinö)

                       14:00  🧸 Tidy the toys
                                 (Aino, Eero, Väinö)

                       15:30  👕 Get dressed  (Aino)

                       17:00  🏠 Home time

                """, "\(printed.stdout)")
            // The Tuesday and the Bears are as usual.
            let tuesday = try Self.run(["print", "day", "--group", "Squirrels", "--day", "2026-11-24", "--data-dir", data.path])
            #expect(!tuesday.stdout.contains("✨") && tuesday.stdout.contains("Go outside"))
            let shown = try Self.run(["day", "show", "--group", "Squirrels", "--data-dir", data.path])
            #expect(shown.stdout == """
                2026-11-23  added 🚌 Trip to the library at 9:15-11:30
                2026-11-23  cancelled Go outside
                2026-11-23  moved Eat lunch to 11:45

                """, "\(shown.stdout)")
            // Taken back, the task is at its usual time again.
            let restored = try Self.run(["day", "restore", "--task", "Eat lunch"] + at)
            #expect(restored.stdout == "Squirrels, 2026-11-23: Eat lunch as usual again.\n", "\(restored.stdout)\(restored.stderr)")
            #expect(try Self.run(["print", "day"] + at).stdout.contains("11:00  🍲 Eat lunch"))
        }
    }

    @Test func whatCannotBeDoneIsRefusedAndChangesNothing() throws {
        try withDemoDaycare { data in
            let before = try Data(contentsOf: data.appendingPathComponent("roster.json"))
            let passed = try Self.run(["day", "cancel", "--group", "Squirrels", "--day", "2026-11-20", "--task", "Go outside", "--data-dir", data.path])
            // A refusal by the rules comes before anything is written.
            #expect(passed.status != 0 && passed.stderr == "taskboard: 2026-11-20 has passed; only today and days to come can be changed.\n",
                    "\(passed.stderr)")
            // A picture is one emoji: a word or control bytes would stand in its place on every page.
            for typed in ["notanemoji", "\u{1B}[31mRED", "🚌🚌", "7"] {
                let stray = try Self.run(["day", "add", "--group", "Squirrels", "--day", "tomorrow", "--task", "Trip", "--at", "9:00",
                                          "--icon", typed, "--data-dir", data.path])
                #expect(stray.status == 1 && stray.stderr.hasPrefix("taskboard: --icon \(NameRules.escapingControlCharacters(typed)) is not a picture: give one emoji"),
                        "\(stray.stderr)")
            }
            // The words suggested are the ones day takes: days to come.
            let notADay = try Self.run(["day", "add", "--group", "Squirrels", "--day", "next-week", "--task", "Party", "--at", "9:00",
                                        "--data-dir", data.path])
            #expect(notADay.stderr == "taskboard: \"next-week\" is not a day: write YYYY-MM-DD, today or tomorrow\n", "\(notADay.stderr)")
            let badTime = try Self.run(["day", "add", "--group", "Squirrels", "--day", "tomorrow", "--task", "Party", "--at", "25:00",
                                        "--data-dir", data.path])
            #expect(badTime.status != 0 && badTime.stderr.contains("\"25:00\" is not a time of day; write a time as 9:00 or 9:00-11:30"),
                    "\(badTime.stderr)")
            let nothing = try Self.run(["day", "restore", "--group", "Bears", "--day", "tomorrow", "--task", "Party", "--data-dir", data.path])
            #expect(nothing.status != 0 && nothing.stderr.contains("Party is not changed on that day."), "\(nothing.stderr)")
            #expect(try Data(contentsOf: data.appendingPathComponent("roster.json")) == before)
        }
    }

    /// While a kiosk runs, the change is handed to it: made with its rules,
    /// refused in its words, and nothing left in `requests/`.
    @Test func whileAKioskRunsTheDaysChangeIsHandedToIt() throws {
        try withDemoDaycare { data in
            let kiosk = try Daycare(store: JSONFileStore(directory: data, holder: .kiosk), clock: FixedClock(TaskBoardProcess.date))
            let squirrels = try #require(kiosk.roster.groups.first { $0.name == "Squirrels" })
            let at = ["--group", "Squirrels", "--day", "2026-11-23", "--data-dir", data.path]
            let added = try serving(kiosk, in: data) {
                try Self.run(["day", "add", "--task", "Puppet show", "--at", "9:15-10:00"] + at)
            }
            #expect(added.status == 0 && added.stdout == "Squirrels, 2026-11-23: 🎭 Puppet show added at 9:15-10:00.\n", "\(added.stdout)\(added.stderr)")
            let monday = try #require(Day("2026-11-23"))
            #expect(kiosk.roster.activities(of: squirrels.id, on: monday).map(\.name) == ["Puppet show"])
            let moved = try serving(kiosk, in: data) { try Self.run(["day", "move", "--task", "Eat lunch", "--at", "11:45"] + at) }
            #expect(moved.stdout == "Squirrels, 2026-11-23: Eat lunch moved to 11:45.\n", "\(moved.stdout)\(moved.stderr)")
            let restored = try serving(kiosk, in: data) { try Self.run(["day", "restore", "--task", "Puppet show"] + at) }
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(kiosk.roster.activities(of: squirrels.id, on: monday).isEmpty && kiosk.roster.dayChanges(of: squirrels.id, on: monday).count == 1)
            // A day that has passed: the kiosk refuses, nothing changes.
            let before = kiosk.roster.dayChanges
            let refused = try serving(kiosk, in: data) {
                try Self.run(["day", "cancel", "--task", "Eat lunch", "--group", "Squirrels", "--day", "2026-11-20", "--data-dir", data.path])
            }
            #expect(refused.status == 1 && refused.stderr == "taskboard: 2026-11-20 has passed; only today and days to come can be changed. Nothing was changed.\n",
                    "\(refused.stderr)")
            #expect(kiosk.roster.dayChanges == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("requests").path) == [])
        }
    }
}
