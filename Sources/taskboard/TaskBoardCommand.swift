import ArgumentParser
import TaskBoard

/// `taskboard`: the kiosk (the default) and the tools for running a daycare.
struct TaskBoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "taskboard",
        abstract: "A children's task board for a daycare kiosk, and the tools to run it.",
        discussion: """
        Without a subcommand, taskboard starts the kiosk. Every subcommand takes \
        --data-dir; data lives there, else in $TASKBOARD_DATA_DIR, else \
        $XDG_DATA_HOME/taskboard, else ~/.local/share/taskboard.

        Examples:
          taskboard                          the kiosk on the default data directory
          taskboard --demo                   a demo daycare in a temporary directory
          taskboard --demo --lang fi         the demo in Finnish, its tasks too
          taskboard --view-only              a second screen beside the running kiosk
          taskboard print leaderboard --period week
          taskboard help mark                the help of one subcommand
        """,
        version: TaskBoardVersion.current,
        subcommands: [
            KioskCommand.self,
            PrintCommand.self,
            LeaderboardCommand.self,
            ExportCommand.self,
            CopyCommand.self,
            RoomsCommand.self,
            ImportCommand.self,
            MarkCommand.self,
            AwayCommand.self,
            DayCommand.self,
            VoiceCommand.self,
            ForgetCommand.self,
            BackupCommand.self,
            RestoreCommand.self,
            CheckCommand.self,
            ResetPinCommand.self,
            DemoCommand.self,
        ],
        defaultSubcommand: KioskCommand.self)
}
