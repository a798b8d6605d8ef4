import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardUI

/// `taskboard`: the kiosk on a data directory.
struct TaskBoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "taskboard",
        abstract: "A children's task board for a daycare kiosk.",
        discussion: """
        Data lives in --data-dir, else $TASKBOARD_DATA_DIR, else \
        $XDG_DATA_HOME/taskboard, else ~/.local/share/taskboard.

        Examples:
          taskboard                          the kiosk on the default data directory
          taskboard --demo                   a demo daycare in a temporary directory
          taskboard --data-dir /srv/tb --lang fi
        """)

    @Option(name: .long, help: "The data directory.")
    var dataDir: String?

    @Flag(name: .long, help: "Open a ready demo daycare in a fresh temporary directory; its PIN is shown on the login screen.")
    var demo = false

    @Option(name: .long, help: "The language: fi or en (default: from LANG).")
    var lang: Language?

    @Flag(name: .long, help: "Let Ctrl-C and q quit from anywhere (for testing, not for a kiosk).")
    var noKiosk = false

    @Flag(name: .long, help: "Print a summary of the data directory instead of starting the screen.")
    var summary = false

    func run() throws {
        do {
            var directory = DataDirectory.resolve(option: dataDir)
            var demoPin: String?
            if demo {
                directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
                    .appendingPathComponent("taskboard-demo-\(getpid())", isDirectory: true)
                demoPin = try DemoDaycare.write(into: directory, today: DayCalendar(timeZone: .current).day(of: Date()))
            }
            // A demo leaves nothing behind in the temporary directory.
            defer { if demo { try? FileManager.default.removeItem(at: directory) } }
            let store = try JSONFileStore(directory: directory)
            let daycare = try Daycare(store: store)
            if summary {
                print(DataSummary(daycare: daycare, directory: directory.path).text)
                return
            }
            try KioskLauncher(daycare: daycare, directory: directory, language: lang, kiosk: !noKiosk, demoPin: demoPin).run()
        } catch {
            FileHandle.standardError.write(Data("taskboard: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

extension Language: ExpressibleByArgument {}
