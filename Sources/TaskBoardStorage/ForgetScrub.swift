import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What forgetting took out of the files: counted for the words that say
/// what went, never naming the child.
public struct ForgetTally: Equatable, Sendable {
    /// Journal lines (ticks and unticks).
    public var ticks = 0
    public var absences = 0
    public var recordings = 0
    /// Roster files that held a forgotten child (the data directory's, a backup's).
    public var rosters = 0
    /// Folders (the data directory, daily backups, archives) that held anything of them.
    public var places = 0

    public init() {}

    public var isEmpty: Bool { ticks == 0 && absences == 0 && recordings == 0 && rosters == 0 }

    public static func + (a: ForgetTally, b: ForgetTally) -> ForgetTally {
        var sum = a
        sum.ticks += b.ticks
        sum.absences += b.absences
        sum.recordings += b.recordings
        sum.rosters += b.rosters
        sum.places += b.places
        return sum
    }
}

/// Takes forgotten children out of one folder laid out as a data directory:
/// the data directory itself, a daily backup folder, an unpacked archive.
/// Their journal lines, absences, recordings and roster entries go, each
/// file replaced durably; the summary, a cache that would still count
/// them, is removed to be rebuilt from the journals. The roster comes last:
/// a roster that still holds a forgotten child means the cleaning was cut
/// off (or older data came back), and doing it again finishes it. A file
/// that cannot be read is refused with its name and never replaced.
public struct ForgetScrub {
    public let forgotten: ForgottenChildren
    let encoder: JSONEncoder

    public init(_ forgotten: ForgottenChildren) {
        self.forgotten = forgotten
        encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
    }

    /// Cleans each daily backup folder in `folder`'s `backups/`, then
    /// `folder` itself, its roster last: a clean roster there means all of it is done.
    public func clean(folder: String) throws(StorageError) -> ForgetTally {
        var tally = ForgetTally()
        let backups = folder + "/" + DataFiles.backupsFolder
        for name in try Self.entries(of: backups) where Day(name) != nil {
            tally = tally + (try cleanOne(backups + "/" + name))
        }
        return tally + (try cleanOne(folder))
    }

    private func cleanOne(_ folder: String) throws(StorageError) -> ForgetTally {
        var tally = ForgetTally()
        // Read first: a roster that cannot be read stops the cleaning before anything changed.
        let rosterPath = folder + "/" + DataFiles.roster
        let roster = try JSONFileStore.read(RosterDocument.self, at: rosterPath)
        for journals in [DataFiles.marksFolder, DataFiles.marksAsideFolder] {
            let path = folder + "/" + journals
            for name in try Self.entries(of: path) where name.hasSuffix(".jsonl") && !name.hasPrefix(DataFiles.tempPrefix) {
                tally.ticks += try cleanJournal(path + "/" + name)
            }
        }
        let attendancePath = folder + "/" + DataFiles.attendance
        if let cleaned = try JSONFileStore.read(AttendanceDocument.self, at: attendancePath)?.forgetting(forgotten) {
            try JSONFileStore.write(cleaned.attendance, as: AttendanceDocument.self, at: attendancePath, encoder: encoder)
            tally.absences += cleaned.removed
        }
        let voices = folder + "/" + JSONFileStore.voicesFolder
        for id in forgotten.ids {
            let path = voices + "/" + JSONFileStore.voiceFileName(.child(id))
            if unlink(path) == 0 {
                tally.recordings += 1
            } else if errno != ENOENT {
                throw Posix.error(path, "removing")
            }
        }
        if tally.recordings > 0 { try Posix.fsyncDirectory(voices) }
        let cleaned = roster?.forgetting(forgotten)
        if let roster, let cleaned, cleaned.children.count != roster.children.count { tally.rosters += 1 }
        if !tally.isEmpty {
            let summary = folder + "/" + DataFiles.summary
            if unlink(summary) == 0 {
                try Posix.fsyncDirectory(folder)
            } else if errno != ENOENT {
                throw Posix.error(summary, "removing")
            }
            tally.places = 1
        }
        if let cleaned { try JSONFileStore.write(cleaned, as: RosterDocument.self, at: rosterPath, encoder: encoder) }
        return tally
    }

    /// Rewrites a journal without the forgotten children's lines; the
    /// header, every other line (byte for byte) and a torn end stay. A line
    /// that cannot be read is kept: it is `check`'s to name, not this to judge.
    private func cleanJournal(_ path: String) throws(StorageError) -> Int {
        guard let data = try Posix.readFile(path) else { return 0 }
        let newline = UInt8(ascii: "\n")
        var lines = [UInt8](data).split(separator: newline, omittingEmptySubsequences: false)
        let tail = lines.removeLast()
        var kept = Data()
        kept.reserveCapacity(data.count)
        var removed = 0
        for (index, line) in lines.enumerated() {
            if index > 0, let child = Self.child(of: line), forgotten.contains(child) {
                removed += 1
                continue
            }
            kept.append(contentsOf: line)
            kept.append(newline)
        }
        // A torn end (an interrupted write, never reported saved) that names one of them goes too.
        let tornOfTheirs = !tail.isEmpty && forgotten.ids.contains { id in
            let text = String(decoding: tail, as: UTF8.self).replacingOccurrences(of: " ", with: "")
            return text.contains("\"c\":\(id.rawValue),") || text.contains("\"c\":\(id.rawValue)}") || text.hasSuffix("\"c\":\(id.rawValue)")
        }
        guard removed > 0 || tornOfTheirs else { return 0 }
        if !tornOfTheirs { kept.append(contentsOf: tail) }
        try Posix.replaceDurably(path, with: kept, mode: 0o644)
        return removed
    }

    /// The child a journal line is about, when the line can be read.
    private static func child(of line: ArraySlice<UInt8>) -> ChildID? {
        if let event = MarkLineParser.parse(ArraySlice(Array(line) + [UInt8(ascii: "\n")]))?.first { return event.child }
        return try? JSONDecoder().decode(MarkEvent.self, from: Data(line)).child
    }

    /// The names in a folder, in order; none when it does not exist.
    static func entries(of folder: String) throws(StorageError) -> [String] {
        try Posix.listDirectory(folder).sorted()
    }
}
