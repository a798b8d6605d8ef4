import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard import`: groups and children from a CSV roster, all or nothing.
struct ImportCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add groups and children from a CSV roster (group,child[,avatar]); all or nothing.",
        discussion: """
        Each line is group,child or group,child,avatar; a first line \
        group,child,avatar (or ryhmä,lapsi,avatar, in any case) is a header \
        and is skipped, and a first line of other column names is refused \
        rather than taken for a group and a child. Fields may be separated \
        by commas, semicolons (a Finnish spreadsheet's CSV) or tabs: the \
        first line tells which, and the report says so. The text may be \
        UTF-8 (a spreadsheet's "CSV UTF-8"), Windows-1252 (its plain "CSV": \
        the report says so, and the names with ä or ö are worth a look) or \
        UTF-16 with a byte order mark (its "Unicode text"). A group not there yet is \
        added. The avatar is an emoji from the catalogue, its two-letter stand-in \
        or its name (Fox, Kettu); without one, a child gets one no other child \
        has while the catalogue has one free, then one no child of the group \
        has (children already there keep theirs), and a new group one no other \
        group has. A child \
        already in that group is skipped, so running an import twice is harmless. \
        Any other problem (an empty or over-long name, control characters, an \
        unknown avatar, the same child twice in the file) refuses the line, and \
        then nothing is added and the exit code is 1. Each line left out is \
        reported with its line number. --dry-run only reports. Saving refuses \
        while a kiosk holds the data directory.

        Examples:
          taskboard import roster.csv --dry-run
          taskboard import roster.csv --data-dir /var/lib/taskboard
          taskboard import - < roster.csv
        """)

    var unchangedOnFailure: String? { "Nothing was imported." }

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The roster, CSV in UTF-8, Windows-1252 or UTF-16; - reads standard input.", valueName: "file"))
    var file: String

    @Flag(name: .long, help: "Report what would be added and skipped; change nothing.")
    var dryRun = false

    func execute() throws {
        let (records, delimiter, encoding) = try readRecords()
        let planner = RosterImportPlanner(avatars: try KioskAssets.load().avatars)
        let plan = { (roster: Roster) in planner.plan(records, into: roster, delimiter: delimiter, encoding: encoding) }
        // Planned first without the lock: a dry run or a refused file changes
        // nothing at all and works beside a running kiosk.
        let previewRoster = try data.openForReading(newDaycare: true).loadRoster() ?? Roster()
        let preview = plan(previewRoster)
        guard !dryRun, preview.isAcceptable, !preview.isEmpty else {
            try report(preview, dryRun ? .wouldAdd : .added)
            return
        }
        // Under the lock, planned again if the roster changed meanwhile, and saved once.
        let daycare = try data.daycare(on: data.openExistingForWriting(newDaycare: true))
        let final = daycare.roster == previewRoster ? preview : plan(daycare.roster)
        if final.isAcceptable && !final.isEmpty {
            try daycare.edit(RosterChange(.addChild, file)) { roster throws(TaskBoardError) in try final.apply(to: &roster) }
        }
        try report(final, .added)
    }

    /// The file's records, read as the encoding its bytes fit, with the
    /// delimiter its first line uses.
    private func readRecords() throws -> ([CSVRecord], CSVDelimiter, CSVEncoding) {
        let name = file == "-" ? "standard input" : file
        let limit = DataFiles.rosterLimit
        let contents: Data?
        if file == "-" {
            contents = try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
            if let contents, contents.count > limit { throw CommandFailure("standard input: more than \(limit / 1_048_576) MB, larger than any roster; nothing was imported") }
        } else {
            do {
                contents = try DataFiles.read(file, limit: limit)
            } catch let error as StorageError {
                throw CommandFailure("\(error) Nothing was imported.")
            }
        }
        guard let contents else { throw CommandFailure("cannot read \(file)") }
        do {
            let (text, encoding) = try CSVEncoding.decode([UInt8](contents))
            let delimiter = CSVDelimiter.detect(in: text)
            return (try CSVReader.records(in: text, delimiter: delimiter), delimiter, encoding)
        } catch {
            throw CommandFailure("\(name): \(error)")
        }
    }

    /// The report on stdout; when lines were refused, its verdict goes to
    /// stderr with exit code 1, as every failure does.
    private func report(_ plan: RosterImportPlan, _ outcome: RosterImportReport.Outcome) throws {
        var lines = RosterImportReport.lines(for: plan, outcome)
        let verdict = plan.isAcceptable ? nil : lines.popLast()
        for line in lines { Output.line(line) }
        if let verdict { throw CommandFailure(verdict) }
    }
}
