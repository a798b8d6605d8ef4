import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
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
        \(ChildForgetting.timerArchives) when it exists), the folders restores kept \
        beside it, and the log's lines that name the child. A child deleted \
        on the kiosk earlier is found in the backups by name. Only the child's number stays, in forgotten.json, so that \
        restoring an archive made before never brings the child back and no \
        new child gets that number. Deleting a child on the kiosk can be \
        undone; this cannot. It asks first (or --yes), and a running kiosk \
        must be stopped first. On a shared database (--database) it is one \
        transaction over every table, and the kiosks on it need not stop: \
        they forget the child as soon as they hear.
        Examples:
          taskboard forget --child Aino
          taskboard forget --child Aino --group Squirrels --yes
          taskboard forget --child Aino --archives /mnt/usb/taskboard-archives
          taskboard forget --finish          after a forgetting was cut off
        """)

    var unchangedOnFailure: String? {
        "Nothing was changed, or the forgetting was begun: a data directory is finished at its next open, the archives by taskboard forget --finish; "
            + "on a database it is all or nothing."
    }

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "The child's name (also of a child deleted on the kiosk earlier, found in a backup).")
    var child: String?

    @Option(name: .long, help: "The child's group, when the name is in more than one.")
    var group: String?

    @Option(name: .long, help: ArgumentHelp("A folder of archives made by taskboard backup to clean too (repeatable).", valueName: "folder"))
    var archives: [String] = []

    @Flag(name: .long, help: "Finish a forgetting that was cut off (the archives), without forgetting anyone new.")
    var finish = false

    @Flag(name: .long, help: "Do not ask first.")
    var yes = false

    func validate() throws {
        if (child == nil) == !finish { throw ValidationError("forget needs --child NAME, or --finish alone.") }
    }

    func execute() throws {
        if let login = try data.databaseLogin() { return try forget(onDatabase: login) }
        try data.requireExisting()
        let folders = archives.map { ($0 as NSString).expandingTildeInPath }
        for folder in folders where !DataFiles.isDirectory(folder) { throw CommandFailure("\(folder) is not a folder of archives. Nothing was changed.") }
        if !finish, !yes, isatty(STDIN_FILENO) == 0 {
            throw CommandFailure("forget asks before it forgets, and nobody can answer here: give --yes to forget without asking. Nothing was changed.")
        }
        let store = try data.openDirectoryForWriting()
        let archiveFiles = try ChildForgetting.archives(of: store, folders: folders)
        if finish { return try finishOnly(store, archiveFiles) }
        let daycare = try data.daycare(on: store)
        let found = try ChildForgetting.find(child ?? "", inGroup: group, daycare: daycare, store: store, archives: archiveFiles)
        let plan = try ChildForgetting.plan(found, daycare: daycare, store: store, archives: archiveFiles)
        let name = plan.child.name
        Output.line(Self.describe(plan, data: data.directory.path))
        if !yes {
            FileHandle.standardOutput.write(Data("Forget \(name)? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes", "k", "kyllä"].contains(answer.lowercased()) else {
                Output.line("Not forgotten. Nothing was changed.")
                return
            }
        }
        let outcome = try ChildForgetting.run(plan, store: store)
        var places = ["the data directory"]
        if plan.dailyBackups > 0 { places.append(Self.count(plan.dailyBackups, "daily backup")) }
        if !plan.keptByRestores.isEmpty { places.append(Self.count(plan.keptByRestores.count, "folder") + " kept by restores") }
        if !plan.archives.isEmpty { places.append("\(Self.count(outcome.archivesCleaned, "archive")) (of \(plan.archives.count))") }
        var said = "\(name) was forgotten: taken out of \(EnglishList.joined(places, "and"))."
        if outcome.logLines > 0 { said += " The log no longer names \(name) (\(Self.count(outcome.logLines, "line")) removed)." }
        said += " Restoring an archive made before keeps \(name) forgotten."
        Output.line(said)
        for (archive, reason) in outcome.archivesFailed {
            Output.line("Could not clean \(archive) (\(reason)): it still holds \(name). Delete it, or mend it and run taskboard forget --finish.")
        }
        for archive in outcome.archivesSkipped {
            Output.line("Left as it was: \(archive), where another child has \(name)'s number (another daycare's archive?).")
        }
        Output.line("Archives kept elsewhere (a USB stick, another machine) still hold \(name): clean them with --archives FOLDER, or delete them.")
        // The summary, which counted the child, made again from the journals now rather than at the kiosk's start.
        do { try data.daycare(on: store).flush() } catch { Output.note("the points summary is made again at the kiosk's next start (\(error))") }
        // Not done while an archive holds the child: a script doing data protection must see it.
        if !outcome.archivesFailed.isEmpty {
            throw CommandFailure("the forgetting is not finished: \(Self.count(outcome.archivesFailed.count, "archive")) still "
                + "\(outcome.archivesFailed.count == 1 ? "holds" : "hold") \(name) (above).")
        }
    }

    /// On a shared database: one transaction (`PostgresBoardStore.forget`),
    /// and every kiosk forgets as soon as it hears; the number stays in
    /// `forgotten_children`, so a kiosk's unsent tick of the child is never
    /// taken in and a copy out of the database keeps the child forgotten.
    private func forget(onDatabase login: DatabaseLogin) throws {
        if finish { throw CommandFailure("--finish is for a data directory: a database forgets in one step. Nothing was changed.") }
        if !archives.isEmpty {
            throw CommandFailure("--archives goes with a data directory; archives of a database (taskboard backup) are cleaned by restoring one "
                                 + "into a data directory and forgetting there, or deleted. Nothing was changed.")
        }
        if !yes, isatty(STDIN_FILENO) == 0 {
            throw CommandFailure("forget asks before it forgets, and nobody can answer here: give --yes to forget without asking. Nothing was changed.")
        }
        let store = try login.open()
        let daycare = try data.daycare(on: store)
        guard let name = self.child else { return }
        let child = try NameLookup(roster: daycare.roster).child(named: name, inGroup: group)
        let group = daycare.roster.group(child.groupID)?.name ?? ""
        let kept = try ChildForgetting.Kept(of: child.id, daycare: daycare, store: store)
        var parts = [kept.ticks == 0 ? "no ticks" : "\(Self.count(kept.ticks, "tick")) on \(Self.count(kept.days, "day"))"]
        parts.append(Self.count(kept.absences, "absence"))
        parts.append(Self.count(kept.points, "point"))
        if kept.recording { parts.append("the recording of the name") }
        Output.line("Forgetting \(child.name) (\(group)) takes away for good: the child's entry and board, \(EnglishList.joined(parts, "and")), "
                    + "from the database \(login.address). Every kiosk on it forgets too as soon as it hears, and a tick of the child "
                    + "still waiting on a kiosk is not taken in. This cannot be undone.")
        if !yes {
            FileHandle.standardOutput.write(Data("Forget \(child.name)? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes", "k", "kyllä"].contains(answer.lowercased()) else {
                Output.line("Not forgotten. Nothing was changed.")
                return
            }
        }
        let tally = try store.forget(child.id)
        Output.line("\(child.name) was forgotten: taken out of the database (\(Self.count(tally.ticks, "tick")), \(Self.count(tally.absences, "absence")), "
                    + "\(Self.count(tally.recordings, "recording"))). Archives made by taskboard backup still hold \(child.name): delete them.")
    }

    private func finishOnly(_ store: JSONFileStore, _ archives: [String]) throws {
        guard !(try store.forgottenChildren().pending.isEmpty) else {
            return Output.line("Nothing to finish: every forgetting is done.")
        }
        let finished = try ChildForgetting.finish(store: store, archives: archives)
        for (archive, reason) in finished.archivesFailed {
            Output.line("Could not clean \(archive) (\(reason)): it still holds a child forgotten. Delete it, or mend it and run this again.")
        }
        let left = finished.archivesFailed.isEmpty ? "nothing is left to forget" : "\(Self.count(finished.archivesFailed.count, "archive")) left"
        Output.line("Finished: \(Self.count(finished.archivesCleaned, "archive")) (of \(archives.count)) cleaned; \(left).")
        if !finished.archivesFailed.isEmpty { throw CommandFailure("the forgetting is not finished: \(left) (above).") }
    }

    /// What goes, in one paragraph, before the question.
    static func describe(_ plan: ChildForgetting.Plan, data: String) -> String {
        var parts = [plan.deletedEarlier ? "what is left of the child deleted earlier" : "the child's entry and board"]
        parts.append(plan.ticks == 0 ? "no ticks" : "\(count(plan.ticks, "tick")) on \(count(plan.days, "day"))")
        parts.append(count(plan.absences, "absence"))
        if !plan.deletedEarlier { parts.append(count(plan.points, "point")) }
        if plan.recording { parts.append("the recording of the name") }
        let group = plan.group.isEmpty ? "" : " (\(plan.group))"
        var places = ["from \(data)"]
        if plan.dailyBackups > 0 { places.append("its \(count(plan.dailyBackups, "daily backup"))") }
        if !plan.keptByRestores.isEmpty { places.append(count(plan.keptByRestores.count, "folder") + " kept by restores") }
        if !plan.archives.isEmpty { places.append(count(plan.archives.count, "archive")) }
        return "Forgetting \(plan.child.name)\(group) takes away for good: \(EnglishList.joined(parts, "and")), \(EnglishList.joined(places, "and")). "
            + "This cannot be undone: not with Ctrl-Z on the kiosk, not by restoring an archive."
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
