import Foundation
import TaskBoard
import TaskBoardStorage

/// `taskboard check`: reads every file of a data directory with a read-only
/// store (no lock, no writes, so it runs beside a kiosk) and lists what is
/// wrong, each problem naming its file.
///
/// Marks of children or tasks that were deleted are normal (ids are never
/// reused, so an undone delete finds its marks again) and are not reported;
/// an id the roster never handed out is.
public struct DataCheck {
    let root: String
    /// When the check runs: a journal dated after that day is a problem.
    let now: Date
    /// The avatar catalogue, to name the pictures children share.
    let avatars: [AvatarCatalogue.Avatar]

    public init(directory: URL, now: Date = Date(), avatars: [AvatarCatalogue.Avatar] = []) {
        root = DataDirectory.plainPath(directory)
        self.now = now
        self.avatars = avatars
    }

    public func run() throws -> DataCheckReport {
        var report = DataCheckReport()
        let store = try JSONFileStore(directory: URL(fileURLWithPath: root), readOnly: true)

        let roster = read(DataFiles.roster, into: &report) { try store.loadRoster() }
        if let roster {
            let check = RosterCheck(roster: roster, avatars: avatars)
            report.problems += check.problems()
            report.notes += check.notes()
        }
        if let settings = read(DataFiles.settings, into: &report, { try store.loadSettings() }) {
            report.problems += settingsProblems(settings)
        }
        _ = read(DataFiles.attendance, into: &report) { try store.loadAttendance() }
        if let hash = read(DataFiles.pin, into: &report, { try store.loadPin() })?.hash {
            report.problems += PinCheck(hash: hash).problems()
        } else if var lost = try? store.pinLostBesideHistory() {
            lost.path = DataFiles.pin
            report.problems.append(DataProblem(file: DataFiles.pin, lost.description, fix: .manual("cannot repair: set a new PIN with taskboard reset-pin")))
        }
        report.problems += try pinModeProblems(DataFiles.pin)
        // The summary is a cache of the journals: one that cannot be read is made again from them
        // (the damaged file is kept in the repair's archive), where they can all be read.
        let summary = read(DataFiles.summary, into: &report, fix: .rebuildSummary) { try store.loadMarkSummary() }

        // Journals are read before the summary is compared with them, but
        // their problems are listed after it, in the order of the files.
        var journalReport = DataCheckReport()
        let journals = try readJournals(store, roster: roster, into: &journalReport)
        if let day = journals.unreadable.min() {
            report.problems = report.problems.map { problem in
                guard problem.file == DataFiles.summary, case .rebuildSummary = problem.fix else { return problem }
                return DataProblem(file: problem.file, problem.description, fix: .manual("cannot repair while marks/\(day).jsonl cannot be read"), unreadable: true)
            }
        }
        let settings = try? store.loadSettings()
        let today = (settings ?? Settings()).dayCalendar.day(of: now)
        journalReport.problems += journals.tallies.keys.filter { $0 > today }.sorted().map { day in
            let ticks = journals.events[day] ?? 0
            let (them, they) = ticks == 1 ? ("it", "it") : ("them", "they")
            return DataProblem(file: "\(DataFiles.marksFolder)/\(day).jsonl",
                               "it is dated after today (\(today)): its \(ticks) tick\(ticks == 1 ? " was" : "s were") saved while the clock was ahead "
                               + "(or it came from elsewhere); no board shows \(them), and on \(day) \(they) would count as that day's",
                               fix: .setAsideFutureJournal(day))
        }
        if let summary {
            report.problems += SummaryCheck(summary: summary, tallies: journals.tallies,
                                            unreadable: journals.unreadable, roster: roster).problems()
        }
        report.problems += journalReport.problems
        report.filesChecked += journalReport.filesChecked
        report.notes += tornNotes(journals.torn)
        if let summary { report.notes += unvouchedNotes(summary, journals, through: today) }
        try checkDailyBackups(into: &report)
        report.notes += try tempFiles()
        report.notes += try restoreLeftovers()
        return report
    }

    // MARK: Files

    /// Loads one file through `load`; a failure becomes a problem naming it.
    private func read<T>(_ relative: String, into report: inout DataCheckReport, fix: DataProblem.Fix? = nil, _ load: () throws -> T?) -> T? {
        do {
            let value = try load()
            if value != nil { report.filesChecked += 1 }
            return value
        } catch {
            report.filesChecked += 1
            report.problems.append(unreadable(error, relative, fix: fix))
            return nil
        }
    }

    private func unreadable(_ error: any Error, _ relative: String, advice: String = DataProblem.restoreAdvice, fix: DataProblem.Fix? = nil) -> DataProblem {
        guard var storageError = error as? StorageError else {
            return DataProblem(file: relative, "\(error)", fix: fix ?? .manual(advice), unreadable: true)
        }
        storageError.path = relative
        return DataProblem(file: relative, storageError.description, fix: fix ?? .manual(advice), unreadable: true)
    }

    private func settingsProblems(_ settings: Settings) -> [DataProblem] {
        let advice = DataProblem.Fix.manual("cannot repair without guessing: change it on the kiosk's Settings tab")
        var problems: [DataProblem] = []
        if let zone = settings.timeZoneIdentifier, TimeZone(identifier: zone) == nil {
            problems.append(DataProblem(file: DataFiles.settings, "the time zone \(zone) is unknown; the system's zone is used instead", fix: advice))
        }
        if !Settings.idleLogoutRange.contains(settings.idleLogoutMinutes) {
            problems.append(DataProblem(file: DataFiles.settings, "the idle logout is \(settings.idleLogoutMinutes) minutes; it must be \(Settings.idleLogoutRange.lowerBound) to \(Settings.idleLogoutRange.upperBound)", fix: advice))
        }
        return problems
    }

    private func pinModeProblems(_ relative: String) throws -> [DataProblem] {
        // Only a file's mode is the PIN's: a folder in its place is already refused as unreadable, and no chmod mends it.
        guard DataFiles.isRegularFile(root + "/" + relative),
              let mode = try DataFiles.mode(of: root + "/" + relative), mode & 0o777 != DataFiles.pinMode else { return [] }
        let shown = String(mode & 0o777, radix: 8)
        let what = mode & 0o077 != 0 ? "others may read it (mode \(shown))" : "its mode is \(shown)"
        return [DataProblem(file: relative, "\(what); it must be \(String(DataFiles.pinMode, radix: 8))",
                            fix: .setPinMode(relative))]
    }

    // MARK: Journals

    private struct Journals {
        var tallies: [Day: DayTally] = [:]
        var unreadable: Set<Day> = []
        /// Bytes after the last complete line (an interrupted write).
        var torn: [Day: Int] = [:]
        /// The number of ticks in each journal read.
        var events: [Day: Int] = [:]
    }

    /// Every journal, read once and kept as its tally (not its events, which
    /// for a year of history would be a few hundred thousand).
    private func readJournals(_ store: JSONFileStore, roster: Roster?, into report: inout DataCheckReport) throws -> Journals {
        var journals = Journals()
        for day in try store.markJournalDays() {
            let relative = "\(DataFiles.marksFolder)/\(day).jsonl"
            report.filesChecked += 1
            do {
                let events = try store.marks(on: day)
                if let roster, let problem = unknownID(in: events, roster: roster, file: relative) {
                    report.problems.append(problem)
                }
                var tally = DayMarks(replaying: events).tally
                tally.journalLength = try store.markJournalLength(on: day)
                journals.tallies[day] = tally
                journals.events[day] = events.count
                if case let torn = store.tornTail(on: day), torn > 0 { journals.torn[day] = torn }
            } catch {
                journals.unreadable.insert(day)
                report.problems.append(unreadable(error, relative))
            }
        }
        return journals
    }

    /// A journal whose last line was cut short (a tick whose write was
    /// interrupted, never reported saved): said, as the next tick cuts it off.
    private func tornNotes(_ torn: [Day: Int]) -> [DataProblem] {
        torn.sorted { $0.key < $1.key }.map { day, bytes in
            DataProblem(file: "\(DataFiles.marksFolder)/\(day).jsonl",
                        "an interrupted write at its end (\(bytes) bytes, not a whole line) will be dropped by the next tick; "
                        + "a tick whose write was interrupted was never reported saved",
                        fix: .manual("nothing to repair: the next tick on that day drops it"))
        }
    }

    /// Journals longer than summary.json recorded (today's, as a rule: its
    /// length is recorded at midnight and when the kiosk stops): the ticks
    /// after the recorded length are read, but a cut among them would not
    /// show, as it does in a journal no longer than recorded.
    /// (A journal dated after today is a problem of its own, said above.)
    private func unvouchedNotes(_ summary: MarkSummary, _ journals: Journals, through today: Day) -> [DataProblem] {
        summary.days.indices.compactMap { offset -> DataProblem? in
            let day = summary.firstDay.advanced(by: offset)
            guard day <= today else { return nil }
            let recorded = summary[day].journalLength
            // A length never recorded (-1: it could not be read) vouches for nothing either way.
            guard recorded >= 0, let tally = journals.tallies[day], tally.journalLength > recorded,
                  let data = FileManager.default.contents(atPath: root + "/\(DataFiles.marksFolder)/\(day).jsonl"),
                  data.count > recorded else { return nil }
            // The header line when nothing was recorded; whole lines only.
            let after = data[data.startIndex.advanced(by: recorded)...]
            let lines = after.filter { $0 == UInt8(ascii: "\n") }.count - (recorded == 0 ? 1 : 0)
            guard lines > 0 else { return nil }
            return DataProblem(file: "\(DataFiles.marksFolder)/\(day).jsonl",
                               "\(lines) tick\(lines == 1 ? "" : "s") saved since summary.json last recorded its length "
                               + "(at midnight, or when the kiosk stops): check cannot tell whether any saved after \(lines == 1 ? "it" : "them") were lost",
                               fix: .manual("nothing to repair"))
        }
    }

    /// The first line naming an id at or above `nextID`: one the roster never handed out.
    private func unknownID(in events: [MarkEvent], roster: Roster, file: String) -> DataProblem? {
        guard let index = events.firstIndex(where: { $0.child.rawValue >= roster.nextID || $0.task.rawValue >= roster.nextID }) else { return nil }
        let event = events[index]
        let what = event.child.rawValue >= roster.nextID ? "child \(event.child)" : "task \(event.task)"
        // Line 1 is the header.
        return DataProblem(file: file, "\(file), line \(index + 2): \(what) was never in the roster (its ids stop below \(roster.nextID))",
                           fix: .manual(DataProblem.noGuessing))
    }

    // MARK: Daily backups and leftovers

    private func checkDailyBackups(into report: inout DataCheckReport) throws {
        let folder = DataFiles.backupsFolder
        for name in try DataFiles.list(root + "/" + folder).sorted() where Day(name) != nil {
            let path = root + "/" + folder + "/" + name
            guard DataFiles.isDirectory(path) else { continue }
            let copy = try JSONFileStore(directory: URL(fileURLWithPath: path), readOnly: true)
            let prefix = "\(folder)/\(name)/"
            let advice = "cannot repair: delete the folder \(folder)/\(name) if you do not need that copy"
            let loads: [(String, () throws -> Any?)] = [
                (DataFiles.roster, { try copy.loadRoster() }), (DataFiles.settings, { try copy.loadSettings() }),
                (DataFiles.attendance, { try copy.loadAttendance() }),
                (DataFiles.pin, { try copy.loadPin() }), (DataFiles.summary, { try copy.loadMarkSummary() }),
            ]
            for (file, load) in loads {
                do {
                    if try load() != nil { report.filesChecked += 1 }
                } catch {
                    report.filesChecked += 1
                    report.problems.append(unreadable(error, prefix + file, advice: advice))
                }
            }
            report.problems += try pinModeProblems(prefix + DataFiles.pin)
        }
    }

    /// Temp files of interrupted writes where the store writes them; the next
    /// start of the kiosk removes them too.
    /// Folders beside the data directory left by a restore that was stopped.
    private func restoreLeftovers() throws -> [DataProblem] {
        let parent = (root as NSString).deletingLastPathComponent
        let name = (root as NSString).lastPathComponent
        return try DataRestore.Leftover.find(of: name, in: parent).map { leftover in
            let text = switch leftover.kind {
            case .unfinishedCopy: "an unfinished copy of an archive, left by a restore that was stopped before it changed anything; the next restore removes it, or delete it"
            case .replacedData: "the data a stopped restore replaced, complete; the next restore keeps it as \(name).before-restore-…, or rename it yourself"
            }
            return DataProblem(file: "../" + (leftover.path as NSString).lastPathComponent, text, fix: .manual("nothing to repair"))
        }
    }

    private func tempFiles() throws -> [DataProblem] {
        var problems: [DataProblem] = []
        for folder in ["", DataFiles.marksFolder, DataFiles.backupsFolder] {
            let path = folder.isEmpty ? root : root + "/" + folder
            for name in try DataFiles.list(path).sorted() where name.hasPrefix(DataFiles.tempPrefix) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                problems.append(DataProblem(file: relative, "a temp file left by an interrupted write (the next writer removes it)",
                                            fix: .removeTempFile(relative)))
            }
        }
        return problems
    }
}
