import Foundation
import TaskBoard

/// An in-memory store whose writes (and reads) fail when a test says so, as
/// a full disk or a damaged file would: for what the kiosk logs and shows then.
final class FaultyStore: BoardStore {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    /// Written, and then neither made durable nor taken back (a disk that keeps failing).
    struct Uncertain: UncertainSave, CustomStringConvertible {
        var mayBeSaved: Bool { true }
        var description: String { "fdatasync failed, and the line could not be cut back" }
    }

    let inner = InMemoryStore()
    /// A tick's line written that may or may not be on disk.
    var uncertainAppends = false
    var failPinWrites = false
    var failWrites = false
    var failReads = false
    /// Only the summary (a cache) cannot be saved.
    var failSummaryWrites = false
    /// The daily backup fails (a full backup disk); everything else works.
    var failBackups = false
    /// Called on every summary save before it is made; may throw.
    var onSummarySave: (() throws -> Void)?
    /// A roster save that a shared server has but has not answered yet.
    var rosterSaveUnderway = false
    /// A day whose journal cannot be read (a bad sector, a damaged file).
    var unreadableDay: Day?
    /// More such days (a database that does not answer for old days).
    var unreadableDays: Set<Day> = []
    /// Reads of a day's journal that failed, for how long a frame waits.
    private(set) var failedDayReads = 0

    /// Every write tried, failed or not.
    private(set) var writeAttempts = 0

    private func write(_ pin: Bool = false) throws {
        writeAttempts += 1
        if failWrites || (pin && failPinWrites) { throw DiskFull() }
    }
    private func read() throws {
        if failReads { throw DiskFull() }
    }

    func loadRoster() throws -> Roster? { try read(); return try inner.loadRoster() }
    func saveRoster(_ roster: Roster) throws {
        try write()
        if rosterSaveUnderway { throw SaveUnderway(.roster) }
        try inner.saveRoster(roster)
    }
    func loadSettings() throws -> Settings? { try read(); return try inner.loadSettings() }
    func saveSettings(_ settings: Settings) throws { try write(); try inner.saveSettings(settings) }
    func loadAttendance() throws -> Attendance? { try read(); return try inner.loadAttendance() }
    func saveAttendance(_ attendance: Attendance) throws { try write(); try inner.saveAttendance(attendance) }
    func loadPin() throws -> PinRecord? { try read(); return try inner.loadPin() }
    func savePin(_ pin: PinRecord) throws { try write(true); try inner.savePin(pin) }
    func loadMarkSummary() throws -> MarkSummary? { try read(); return try inner.loadMarkSummary() }
    func saveMarkSummary(_ summary: MarkSummary) throws {
        try write()
        if failSummaryWrites { throw DiskFull() }
        try onSummarySave?()
        try inner.saveMarkSummary(summary)
    }
    func appendMark(_ event: MarkEvent, on day: Day) throws {
        try write()
        if uncertainAppends { throw Uncertain() }
        try inner.appendMark(event, on: day)
    }
    func marks(on day: Day) throws -> [MarkEvent] {
        try read()
        if day == unreadableDay || unreadableDays.contains(day) {
            failedDayReads += 1
            throw DiskFull()
        }
        return try inner.marks(on: day)
    }
    func markJournalLength(on day: Day) throws -> Int { try read(); return try inner.markJournalLength(on: day) }
    func markJournalDays() throws -> [Day] { try read(); return try inner.markJournalDays() }
    func removeHistory(journals days: [Day], before first: Day) throws {
        try write()
        try inner.removeHistory(journals: days, before: first)
    }
    func makeDailyBackup(on day: Day) throws {
        try write()
        if failBackups { throw DiskFull() }
    }
}
