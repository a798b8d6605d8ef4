import Foundation
/// A store that keeps everything in memory: for tests, and for a demo that
/// must not touch the disk.
public final class InMemoryStore: BoardStore {
    public var roster: Roster?
    public var settings: Settings?
    public var pin: PinRecord?
    public var summary: MarkSummary?
    public var journals: [Day: [MarkEvent]] = [:]
    /// How many times each kind of thing was written, so tests can check that
    /// a tick does not rewrite more than it should.
    public private(set) var writes: [String: Int] = [:]

    public var voices: [VoiceKey: Data] = [:]

    public init() {}

    public func voiceKeys() throws -> [VoiceKey] { voices.keys.sorted() }
    public func loadVoice(_ key: VoiceKey) throws -> Data? { voices[key] }
    public func saveVoice(_ audio: Data, for key: VoiceKey) throws { voices[key] = audio; writes["voice", default: 0] += 1 }
    public func removeVoice(_ key: VoiceKey) throws { voices[key] = nil }

    public func loadRoster() throws -> Roster? { roster }
    public func saveRoster(_ roster: Roster) throws { self.roster = roster; writes["roster", default: 0] += 1 }
    public func loadSettings() throws -> Settings? { settings }
    public func saveSettings(_ settings: Settings) throws { self.settings = settings; writes["settings", default: 0] += 1 }
    public func loadPin() throws -> PinRecord? { pin }
    public func savePin(_ pin: PinRecord) throws { self.pin = pin; writes["pin", default: 0] += 1 }
    public var attendance: Attendance?
    public func loadAttendance() throws -> Attendance? { attendance }
    public func saveAttendance(_ attendance: Attendance) throws { self.attendance = attendance; writes["attendance", default: 0] += 1 }
    public func loadMarkSummary() throws -> MarkSummary? { summary }
    public func saveMarkSummary(_ summary: MarkSummary) throws { self.summary = summary; writes["summary", default: 0] += 1 }

    public func appendMark(_ event: MarkEvent, on day: Day) throws {
        journals[day, default: []].append(event)
        writes["mark", default: 0] += 1
    }

    public func appendMarks(_ events: [MarkEvent], on day: Day) throws {
        guard !events.isEmpty else { return }
        journals[day, default: []].append(contentsOf: events)
        writes["mark", default: 0] += 1
    }

    public func marks(on day: Day) throws -> [MarkEvent] { journals[day] ?? [] }
    public func markJournalLength(on day: Day) throws -> Int { journals[day]?.count ?? 0 }
    public func markJournalDays() throws -> [Day] { journals.keys.sorted() }

    public func removeHistory(journals days: [Day], before first: Day) throws {
        for day in days { journals[day] = nil }
        writes["history", default: 0] += 1
    }

    /// Memory is gone with the process; a copy in memory would not help.
    public func makeDailyBackup(on day: Day) throws {}
}
