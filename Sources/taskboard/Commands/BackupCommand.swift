import ArgumentParser
import Foundation
import TaskBoardPostgres
import TaskBoardTools

/// `taskboard backup [FILE]`: one zip archive of the whole data directory.
struct BackupCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write the whole data directory into one zip archive.",
        discussion: """
        The archive holds every file of the data directory (roster, settings, the \
        PIN file, the summary, every day's marks, the daily backups) except the \
        lock, the log and temp files, with a list of them that restore checks. It \
        appears only when complete, and never replaces an existing file. It holds \
        the PIN's hash, so it is readable by its owner only (0600).

        The backup can run beside a kiosk: each file is read once, whole.

        With --database, the daycare in the database is archived the same way \
        (as the data directory it would be), so the archive restores into a \
        data directory or into an empty database.

        Examples:
          taskboard backup                   into the data directory's backups folder
          taskboard backup /media/usb/daycare.zip --data-dir /srv/taskboard
        """)

    var unchangedOnFailure: String? { "No archive was written." }

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The archive to write (default: taskboard-backup-<date>-<time>.zip in the data directory's backups folder; for a database, in the current directory).", valueName: "file"))
    var file: String?

    func execute() throws {
        let now = data.clock.now()
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let given = file.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, relativeTo: here) }
        if let login = try data.databaseLogin() {
            // The same archive as a data directory's: it restores into either.
            let outcome = try StoreArchive.backup(try login.open(readOnly: true), to: given ?? DataBackup.defaultArchive(in: here, now: now), now: now)
            return Output.line("Backed up \(login.address) (\(outcome.fileCount) files) to \(outcome.archive).")
        }
        // Before the backups folder is made in it: a folder that is no daycare gets nothing.
        try data.requireExisting()
        let folder = DataBackup.defaultFolder(for: data.directory, otherwise: here)
        let target = given ?? DataBackup.defaultArchive(in: folder, now: now)
        let outcome = try DataBackup.run(directory: data.directory, to: target, now: now)
        if given == nil, folder == here {
            // forget cleans the backups folder by itself; an archive here only with --archives.
            Output.line("The backups folder cannot be written, so the archive is in the current directory; "
                + "taskboard forget cleans it only when given --archives \(here.path).")
        }
        if outcome.readOnlyData {
            Output.line("The data directory cannot be written here (read-only); it was copied as it is.")
        }
        if outcome.besideKiosk {
            Output.line("A kiosk is using the data directory; each file was read whole as it was.")
        }
        Output.line("Backed up \(data.directory.path) (\(outcome.fileCount) files) to \(outcome.archive).")
    }
}
