import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardTools
import TaskBoardUI

/// `taskboard demo`: the demo daycare written into a directory, to try things on.
struct DemoCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Write the demo daycare (three groups, twelve children, three weeks of history) into a data directory.",
        discussion: """
        The directory must be empty or not exist yet; the demo's PIN is printed.
        Its tasks and groups are in the language of --lang, else of LC_ALL,
        LC_MESSAGES or LANG (as the kiosk's), and its settings keep that
        language.

        Examples:
          taskboard demo --data-dir /tmp/tb-demo && taskboard --data-dir /tmp/tb-demo
          taskboard demo --lang fi --data-dir /tmp/tb-demo-fi
        """)

    var unchangedOnFailure: String? { "No demo was written." }

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "The language of the demo's words: fi or en (default: from LANG).")
    var lang: Language?

    func execute() throws {
        try data.requireDirectory(for: "demo")
        let directory = data.directory
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard existing.isEmpty else {
            throw CommandFailure("\(directory.path) is not empty; the demo goes into an empty or new directory")
        }
        let today = DayCalendar(zoneIdentifier: nil).day(of: data.clock.now())
        let language = KioskAssets.language(asked: lang, settings: Settings())
        let pin = try DemoDaycare.writeWhole(into: directory, today: today, language: language)
        Output.line("Wrote the demo daycare into \(directory.path). Its admin PIN is \(pin).")
    }
}
