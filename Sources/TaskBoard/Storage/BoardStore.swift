import Foundation

/// Where a daycare's data lives. The domain calls only this; the JSON-file
/// store and the in-memory store implement it, and a database shared by
/// several kiosks could later.
///
/// Every `save`/`append` is durable when it returns: a caller may tell the
/// user the change is saved. `load` returns nil when there is no data yet and
/// throws when data exists but cannot be read (never "empty" over bad data).
public protocol BoardStore: VoiceStore {
    func loadRoster() throws -> Roster?
    func saveRoster(_ roster: Roster) throws

    func loadSettings() throws -> Settings?
    func saveSettings(_ settings: Settings) throws

    func loadAttendance() throws -> Attendance?
    func saveAttendance(_ attendance: Attendance) throws

    func loadPin() throws -> PinRecord?
    func savePin(_ pin: PinRecord) throws
    /// Reads the PIN record, changes it and saves the result as one step no
    /// other writer can come between (kiosks sharing a database share one
    /// count of wrong tries); returns what was saved.
    func updatePin(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord

    func loadMarkSummary() throws -> MarkSummary?
    func saveMarkSummary(_ summary: MarkSummary) throws

    /// Appends one event to the day's journal, durably.
    func appendMark(_ event: MarkEvent, on day: Day) throws
    /// Appends several events (a task ticked for a whole group) durably, as
    /// one write where the store can: either none is acknowledged or all.
    func appendMarks(_ events: [MarkEvent], on day: Day) throws
    /// The day's journal in order; empty when the day has none.
    func marks(on day: Day) throws -> [MarkEvent]
    /// The journals of several days, each in order; a day without one is
    /// absent. One read where the store can (a database: one query, not one
    /// per day, for a first start that reads a year).
    func marks(in days: ClosedRange<Day>) throws -> [Day: [MarkEvent]]
    /// An opaque measure of the day's journal that grows with every append
    /// (bytes for files); 0 when the day has none. Cheap: no journal is read.
    func markJournalLength(on day: Day) throws -> Int
    /// Every day that has a journal, oldest first. Read only when the summary
    /// is missing and must be rebuilt.
    func markJournalDays() throws -> [Day]

    /// Removes the journals of `days` (all before `first`: history kept
    /// only so long), and what else the store keeps of the days before
    /// `first` in its own copies (a data directory's journals set aside, its
    /// daily backups' absences). The summary and the attendance are the
    /// caller's to keep right. Durable when it returns.
    func removeHistory(journals days: [Day], before first: Day) throws

    /// Every day is kept, whatever the settings say.
    var keepsAllHistory: Bool { get }

    /// The store removes the days it no longer keeps on its own (a shared
    /// database: its kiosks' worker, in one transaction on the server), so
    /// `Daycare.removeHistoryNotKept` leaves it be; each kiosk's totals
    /// then take off `pointsRemovedFromHistory`.
    var removesHistoryItself: Bool { get }

    /// The points of the days removed so far, by child number (a shared
    /// database, whose days a kiosk cannot read once gone); none elsewhere.
    func pointsRemovedFromHistory() throws -> [ChildID: Int]

    /// The first day the store still keeps, where it removed older ones
    /// itself (`removesHistoryItself`); nil elsewhere.
    func historyKeptFrom() throws -> Day?

    /// Another program may take events out of a day (a shared database
    /// forgetting a child): a day found shorter than the summary recorded
    /// is read again rather than refused as damage.
    var journalsMayShrink: Bool { get }

    /// The children forgotten here, by number only (issue 43); none where
    /// the store keeps no such list.
    func forgottenChildren() throws -> ForgottenChildren
    /// Keeps these children forgotten here too (a copy from another store).
    func keepForgotten(_ forgotten: ForgottenChildren) throws

    /// Keeps a copy of the small files for the day, once a day, and drops
    /// copies older than a week.
    func makeDailyBackup(on day: Day) throws

    /// Housekeeping that may wait until the kiosk's first frame is up (a
    /// data directory's leftover temp files); nothing for most stores.
    func tidyUp() throws

    /// A store opened only to look (a second screen beside a running kiosk):
    /// every save throws, so callers skip what is only a cache.
    var isReadOnly: Bool { get }

    /// Whether other kiosks check PINs on the same record at the same time
    /// (a shared database), which `PinGuard` must allow for.
    var sharesPin: Bool { get }

    /// What the store mended on its own since the last call (a torn
    /// journal line cut off before an append), in words for a person: a
    /// command prints them, a kiosk logs them; never done in silence.
    func takeStorageNotes() -> [String]
}

extension BoardStore {
    public var isReadOnly: Bool { false }
    public var sharesPin: Bool { false }
    public var keepsAllHistory: Bool { false }
    public var removesHistoryItself: Bool { false }
    public func pointsRemovedFromHistory() throws -> [ChildID: Int] { [:] }
    public func historyKeptFrom() throws -> Day? { nil }
    public var journalsMayShrink: Bool { false }
    public func forgottenChildren() throws -> ForgottenChildren { ForgottenChildren() }
    public func keepForgotten(_ forgotten: ForgottenChildren) throws {}
    public func tidyUp() throws {}
    public func takeStorageNotes() -> [String] { [] }

    // A store that keeps no recordings (tests' stand-ins): none to read, none kept.
    public func voiceKeys() throws -> [VoiceKey] { [] }
    public func loadVoice(_ key: VoiceKey) throws -> Data? { nil }
    public func saveVoice(_ audio: Data, for key: VoiceKey) throws { throw VoiceStoreUnsupported() }
    public func removeVoice(_ key: VoiceKey) throws {}

    /// For a store with one writer (a data directory holds a lock; memory is one process's).
    public func updatePin(_ change: (PinRecord?) throws -> PinRecord) throws -> PinRecord {
        let current = try loadPin()
        let changed = try change(current)
        // Nothing to save (a key that is not a PIN, a lock that still stands): no write.
        if changed != current { try savePin(changed) }
        return changed
    }
}

extension BoardStore {
    /// Day by day, for a store where that is as quick.
    public func marks(in days: ClosedRange<Day>) throws -> [Day: [MarkEvent]] {
        var journals: [Day: [MarkEvent]] = [:]
        var day = days.lowerBound
        while day <= days.upperBound {
            let events = try marks(on: day)
            if !events.isEmpty { journals[day] = events }
            day = day.advanced(by: 1)
        }
        return journals
    }

    /// One event after another, for a store that has no single write for several.
    public func appendMarks(_ events: [MarkEvent], on day: Day) throws {
        for event in events { try appendMark(event, on: day) }
    }
}
