import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools
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
          taskboard --data-dir /srv/tb --lang fi
          taskboard --view-only --data-dir /srv/tb   a second screen beside the kiosk
        """)

    @OptionGroup var data: DataOptions

    @Flag(name: .long, help: "Open a ready demo daycare in a fresh temporary directory; its PIN is shown on the login screen.")
    var demo = false

    @Option(name: .long, help: "The language: fi or en (default: from LANG).")
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

    func validate() throws {
        if viewOnly && demo { throw ValidationError("--view-only shows an existing data directory; it does not go with --demo.") }
    }

    func execute() throws {
        if viewOnly { return try showOnly() }
        if summary {
            let daycare = try data.daycare(on: data.openForReading())
            return Output.line(DataSummary(daycare: daycare, directory: data.directory.path).text)
        }
        var directory = data.directory
        var demoPin: String?
        if demo {
            directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
                .appendingPathComponent("taskboard-demo-\(getpid())", isDirectory: true)
            demoPin = try DemoDaycare.write(into: directory, today: DayCalendar(timeZone: .current).day(of: data.clock.now()))
        }
        // A demo leaves nothing behind in the temporary directory.
        defer { if demo { try? FileManager.default.removeItem(at: directory) } }
        let store: JSONFileStore
        do {
            store = demo ? try JSONFileStore(directory: directory, holder: .kiosk) : try data.openForWriting(as: .kiosk)
        } catch let error as StorageError where error.isUnwritable && !demo {
            // A read-only disk still shows the board; nothing can be changed, and the screen says why.
            return try showOnly(because: error)
        }
        let daycare = try Daycare(store: store, clock: data.clock)
        try KioskLauncher(daycare: daycare, directory: directory, language: lang, kiosk: !noKiosk, demoPin: demoPin).run()
    }
}

extension KioskCommand {
    /// The child side over data this program cannot or must not write: a
    /// second screen (`--view-only`), or a kiosk on a read-only disk.
    private func showOnly(because problem: StorageError? = nil) throws {
        try data.requireExisting()
        let watcher = DataWatcher(directory: data.directory, clock: data.clock)
        var launcher = KioskLauncher(daycare: try watcher.open(), directory: data.directory, language: lang,
                                     kiosk: !noKiosk, demoPin: nil)
        launcher.watcher = watcher
        launcher.startNotice = problem.map { .readOnlyDisk("\($0)") }
        try launcher.run()
    }
}

extension Language: ExpressibleByArgument {}
