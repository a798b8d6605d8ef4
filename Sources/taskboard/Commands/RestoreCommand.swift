import ArgumentParser
import Foundation
import TaskBoardPostgres
import TaskBoardTools

/// `taskboard restore FILE`: the data directory from a backup archive.
struct RestoreCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the data directory with the content of a backup archive.",
        discussion: """
        The archive is checked whole first (every file against its checksum, then \
        read as taskboard reads it); a truncated or foreign archive is refused and \
        nothing changes. It refuses while a kiosk uses the data directory. The data \
        it replaces is kept whole beside it, as <data-dir>.before-restore-<date>-<time>.

        The two folders trade names in one atomic step, so a machine that stops \
        during a restore finds either the old data or the new. A restore that \
        was stopped may leave a .tmp-taskboard-restore-… folder beside the data: \
        the next restore removes it when it is an unfinished copy of the archive, \
        or keeps it as <data-dir>.before-restore-… when it is the data that was \
        replaced; taskboard check says which it is.

        With --database, the archive goes into a database that holds no daycare \
        yet (a new one made with createdb): a restore never mixes two daycares.

        Example:
          taskboard restore /media/usb/daycare.zip --data-dir /srv/taskboard
        """)

    var unchangedOnFailure: String? { "The data directory was not changed." }

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The backup archive, made by taskboard backup.", valueName: "file"))
    var file: String

    func execute() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let archive = URL(fileURLWithPath: (file as NSString).expandingTildeInPath, relativeTo: here)
        if let login = try data.databaseLogin() { return try restoreIntoDatabase(archive, login) }
        let outcome = try DataRestore.run(archive: archive, into: data.directory, now: data.clock.now())
        for kept in outcome.recovered {
            Output.line("An earlier restore was stopped after it had replaced the data; that data is now kept in \(kept).")
        }
        Output.line("Restored \(outcome.directory) from \(archive.standardizedFileURL.path) (\(outcome.fileCount) files, made \(outcome.created)).")
        if let aside = outcome.keptAside {
            let lasting = aside.hasPrefix(outcome.directory + ".before-restore-")
            Output.line("The data it replaced is in \(aside)" + (lasting ? "." : " (it could not be renamed; the next restore keeps it as \((outcome.directory as NSString).lastPathComponent).before-restore-…)."))
        }
        if !outcome.forgotten.isEmpty {
            // Never the names, nor a count of children: the tally counts files and lines.
            Output.line("The archive held what is kept of children forgotten since it was made: taken out again, they stay forgotten.")
        }
        if !outcome.problems.isEmpty {
            Output.line("taskboard check finds \(outcome.problems.count) problem(s) in it; see taskboard check --repair.")
        }
    }
}

extension RestoreCommand {
    private func restoreIntoDatabase(_ archive: URL, _ login: DatabaseLogin) throws {
        do {
            let (restored, copied) = try StoreArchive.restore(archive, into: try login.open(), now: data.clock.now())
            Output.line("Restored \(login.address) from \(archive.standardizedFileURL.path) (made \(restored.created)): \(copied.description).")
        } catch let refusal as DaycareCopy.TargetNotEmpty {
            throw CommandFailure("\(refusal.description.replacingOccurrences(of: "a copy goes", with: "a restore goes")). Nothing was changed.")
        }
    }
}
