import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage

/// Until the kiosk screens exist, `taskboard` prints a summary of its data
/// directory: enough to see that the data loads.
struct TaskBoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "taskboard",
        abstract: "A children's task board for a daycare kiosk.",
        discussion: """
        Data lives in --data-dir, else $TASKBOARD_DATA_DIR, else \
        $XDG_DATA_HOME/taskboard, else ~/.local/share/taskboard.

        Example:
          taskboard --data-dir /srv/taskboard
        """)

    @Option(name: .long, help: "The data directory.")
    var dataDir: String?

    func run() throws {
        let directory = DataDirectory.resolve(option: dataDir)
        do {
            let store = try JSONFileStore(directory: directory, readOnly: false)
            let daycare = try Daycare(store: store)
            print(DataSummary(daycare: daycare, directory: directory.path).text)
        } catch {
            FileHandle.standardError.write(Data("taskboard: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

TaskBoardCommand.main()
