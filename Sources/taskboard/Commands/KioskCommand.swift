import ArgumentParser
import TaskBoardUI

/// `taskboard kiosk` (also the bare `taskboard`): the full-screen board.
struct KioskCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "Start the full-screen kiosk (the default).",
        discussion: """
        Examples:
          taskboard                          the kiosk on the default data directory
          taskboard --demo                   a demo daycare in a temporary directory
          taskboard --demo --lang fi         the demo in Finnish, its tasks too
          taskboard --data-dir /srv/tb --lang fi
          taskboard --view-only --data-dir /srv/tb   a second screen beside the kiosk
        """)

    @OptionGroup var data: DataOptions

    @Flag(name: .long, help: "Open a ready demo daycare in a fresh temporary directory; its PIN is shown on the login screen.")
    var demo = false

    @Option(name: .long, help: "The language: fi or en (default: from LANG); with --demo, also of the demo's tasks and groups.")
    var lang: Language?

    @Flag(name: .long, help: "Let Ctrl-C and q quit from anywhere (for testing, not for a kiosk).")
    var noKiosk = false

    @Flag(name: .long, help: "Print a summary of the data directory instead of starting the screen.")
    var summary = false

    @Flag(name: .long, help: """
        Show the child side of a data directory that a kiosk is using (a second screen): \
        never writes, follows the kiosk's changes within a few seconds.
        """)
    var viewOnly = false

    @Flag(name: .long, help: "The terminal draws colour emoji (the graphical kiosk): done and not done as big pictures.")
    var pictures = false

    func validate() throws {
        if viewOnly && demo { throw ValidationError("--view-only shows an existing data directory; it does not go with --demo.") }
    }

    func execute() throws {
        try KioskStart(data: data, demo: demo, language: lang, kiosk: !noKiosk, summary: summary, viewOnly: viewOnly, pictures: pictures).run()
    }
}

extension Language: ExpressibleByArgument {}
