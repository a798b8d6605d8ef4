import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard forget`: a child who has left, forgotten for good (issue 43).
struct ForgetCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Forget a child for good: the entry, every tick, absence, point and recording.",
        discussion: """
        For a child who has left, as data protection asks: the child's entry \
        and board, every tick and untick, absence and point, and the recording \
        of the name go from the data directory, its daily backups, the \
        archives in its backups/ folder (and in the folders --archives names; \
        \(Self.timerArchives) when it exists), and the log's lines that name \
        the child. Only the child's number stays, in forgotten.json, so that \
        restoring an archive made before never brings the child back and no \
        new child gets that number. Deleting a child on the kiosk can be \
        undone; this cannot. It asks first (or --yes), and a running kiosk \
        must be stopped first.
        Examples:
          taskboard forget --child Aino
          taskboard forget --child Aino --group Squirrels --yes
          taskboard forget --child Aino --archives /mnt/usb/taskboard-archives
        """)

    /// Where the installed backup timer (taskboard-backup.service) keeps its archives.
    static let timerArchives = "/var/backups/taskboard"

    var unchangedOnFailure: String? { "Nothing was changed, or the forgetting was begun: running this again, or the kiosk's next start, finishes it." }

    @OptionGroup var data: DataOptions
    @OptionGroup var who: ChildOptions

    @Option(name: .long, help: ArgumentHelp("A folder of archives made by taskboard backup to clean too (repeatable).", valueName: "folder"))
    var archives: [String] = []

    @Flag(name: .long, help: "Do not ask first.")
    var yes = false

    func execute() throws {
        try data.requireDirectory(for: "forget")
        try data.requireExisting()
        let store = try data.openDirectoryForWriting()
        let daycare = try data.daycare(on: store)
        let child = try who.resolve(in: daycare.roster)
        var folders = archives.map { ($0 as NSString).expandingTildeInPath }
        for folder in folders where !DataFiles.isDirectory(folder) { throw CommandFailure("\(folder) is not a folder of archives. Nothing was changed.") }
        if archives.isEmpty, DataFiles.isDirectory(Self.timerArchives), access(Self.timerArchives, W_OK) == 0 { folders.append(Self.timerArchives) }
        let plan = try ChildForgetting.plan(child, daycare: daycare, store: store, archiveFolders: folders)
        Output.line(Self.describe(plan, data: data.directory.path))
        if !yes {
            FileHandle.standardOutput.write(Data("Forget \(child.name)? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes", "k", "kyllä"].contains(answer.lowercased()) else {
                Output.line("Not forgotten. Nothing was changed.")
                return
            }
        }
        let outcome = try ChildForgetting.run(plan, store: store)
        // The summary, which counted the child, made again from the journals now rather than at the kiosk's start.
        try data.daycare(on: store).flush()
        var said = "\(child.name) was forgotten: taken out of the data directory, \(Self.count(plan.dailyBackups, "daily backup"))"
        said += plan.archives.isEmpty ? "" : " and \(Self.count(outcome.archivesCleaned, "archive")) (of \(plan.archives.count))"
        said += "."
        if outcome.logLines > 0 { said += " The log no longer names \(child.name) (\(Self.count(outcome.logLines, "line")) removed)." }
        said += " Restoring an archive made before keeps \(child.name) forgotten."
        Output.line(said)
        if folders.isEmpty {
            Output.line("Archives kept elsewhere (a USB stick, another machine) still hold \(child.name): clean them with --archives FOLDER, or delete them.")
        }
    }

    /// What goes, in one paragraph, before the question.
    static func describe(_ plan: ChildForgetting.Plan, data: String) -> String {
        var parts = ["the child's entry and board"]
        parts.append(plan.ticks == 0 ? "no ticks" : "\(count(plan.ticks, "tick")) on \(count(plan.days, "day"))")
        parts.append(count(plan.absences, "absence"))
        parts.append(count(plan.points, "point"))
        if plan.recording { parts.append("the recording of the name") }
        let group = plan.group.isEmpty ? "" : " (\(plan.group))"
        var places = "from \(data)"
        if plan.dailyBackups > 0 { places += ", its \(count(plan.dailyBackups, "daily backup"))" }
        if !plan.archives.isEmpty { places += " and \(count(plan.archives.count, "archive"))" }
        return "Forgetting \(plan.child.name)\(group) takes away for good: \(EnglishList.joined(parts, "and")), \(places). "
            + "This cannot be undone: not with Ctrl-Z on the kiosk, not by restoring an archive."
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
