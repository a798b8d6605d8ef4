import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable `BoardStore`: JSON files in one data directory.
///
///     taskboard.lock           flock held while a read-write store is open: "PID kiosk" or "PID command"
///     roster.json              {"schema":1,"roster":{...}}
///     settings.json            {"schema":1,"settings":{...}}
///     attendance.json          {"schema":1,"attendance":[{"day":"2026-11-24","away":[12,15]}]}: who was away
///     pin.json                 {"schema":1,"pin":{...}}        mode 0600
///     summary.json             {"schema":1,"summary":{...}}    (see StoredSummary)
///     marks/YYYY-MM-DD.jsonl   {"schema":1,"day":"YYYY-MM-DD"} then one MarkEvent per line
///     voices/task-12.wav       the staff's recordings of names (JSONFileStore+Voices)
///     backups/YYYY-MM-DD/      daily copies of the files above but the journals (newest 7 kept)
///     forgotten.json           {"schema":1,"forgotten":{"children":[12]}}: ids of children forgotten (JSONFileStore+Forgetting)
///
/// Whole files are replaced atomically and durably (temp file, fsync, rename,
/// fsync of the directory); a journal line is appended and fdatasynced. Every
/// `save`/`append` is on disk when it returns. A file that cannot be parsed,
/// or that a newer taskboard wrote, is reported and never replaced.
///
/// Not thread-safe: one kiosk loop owns it.
public final class JSONFileStore: BoardStore {
    public let directory: URL
    public let isReadOnly: Bool

    let directoryPath: String
    let marksPath: String
    let backupsPath: String
    private var lockDescriptor: Int32 = -1
    /// A kiosk also holds a lock on the data directory itself: that says
    /// "a kiosk" without a byte written, when a full disk kept the lock
    /// file's words from being replaced.
    private var kioskMarkDescriptor: Int32 = -1
    /// The leftover temp files are gone (`tidyUp` once is enough; one that failed tries again).
    private var tidied = false
    /// The journal last appended to, kept open so a tick is one write and one fdatasync.
    var openJournal: OpenJournal?
    /// Files this store has read or written successfully, which it may
    /// therefore replace. Any other existing file is parsed before the first
    /// save, so that a damaged or newer file is never overwritten.
    private var verified: Set<String> = []
    /// Days whose journal this store has read whole without error; any other
    /// existing journal is read once before the first append to it.
    var verifiedJournals: Set<Day> = []
    /// Bytes after the last complete line of each journal read (an append
    /// that was interrupted): not a tick, and cut off by the next append.
    var tornTails: [Day: Int] = [:]
    /// Torn ends cut off by appends, until `takeStorageNotes` says them.
    var droppedTails: [(day: Day, bytes: Int)] = []
    /// What finishing a cut-off forgetting at the open found (`finishForgetting`), until said.
    var forgettingNotes: [String] = []

    /// Made on first use: a start-up that reads only (most do) never pays for them.
    lazy var encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.dataEncodingStrategy = .base64
        return encoder
    }()
    /// For journal lines not in the store's own form (see `readJournal`).
    lazy var decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .base64
        return decoder
    }()

    /// Who holds the lock, written into the lock file: `taskboard mark`
    /// hands its tick to a kiosk, and waits for a command to finish.
    public enum Holder: String, Sendable {
        case kiosk, command
    }

    /// Opens the data directory. Read-write (the default) creates it (0700)
    /// and `marks/` if missing, takes the directory's lock and removes temp
    /// files left by a crash. While another command holds the lock it waits up
    /// to `lockWait` seconds for it (commands are short); a kiosk's lock is
    /// refused at once (a kiosk runs for days). Read-only takes no lock,
    /// changes nothing and refuses every save.
    ///
    /// Even without a wait asked for, a lock just released is given a moment:
    /// a process being spawned (posix_spawn) holds a copy of the lock's
    /// descriptor until its exec closes it, so a lock let go an instant ago
    /// can still look held. (A test that reopened a store in a process
    /// spawning thousands of others was refused so, once.)
    /// With `tidyLater`, the temp files a crash may have left are removed by
    /// `tidyUp()` (the kiosk's, after its first frame) rather than here:
    /// that lists every journal.
    public init(directory: URL, readOnly: Bool = false, holder: Holder = .command, lockWait: TimeInterval = 0, tidyLater: Bool = false) throws {
        self.directory = directory
        isReadOnly = readOnly
        directoryPath = DataDirectory.plainPath(directory)
        marksPath = directoryPath + "/marks"
        backupsPath = directoryPath + "/backups"

        guard !isReadOnly else { return }
        try Posix.makeDirectory(directoryPath)
        try lock(as: holder, waiting: max(lockWait, Self.releaseGrace))
        try Posix.makeDirectory(marksPath)
        if !tidyLater { try removeLeftoverTempFiles() }
        finishForgetting()
    }

    public func tidyUp() throws {
        guard !isReadOnly, !tidied else { return }
        try removeLeftoverTempFiles()
    }

    deinit {
        if let journal = openJournal { close(journal.descriptor) }
        if kioskMarkDescriptor >= 0 { close(kioskMarkDescriptor) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    // MARK: BoardStore

    /// The roster, refused (naming the file and who) when a name holds a
    /// control character: only a hand edit can put one there, and a terminal
    /// would obey it instead of showing it.
    public func loadRoster() throws -> Roster? {
        guard let roster = try load(RosterDocument.self) else {
            // Ticks and absences name children by id: a roster started anew
            // over them would hand their ids, and their history, to new children.
            if let left = historyLeft() {
                throw StorageError(path: path(of: RosterDocument.fileName), problem: .missingBeside(left))
            }
            return nil
        }
        let names = roster.groups.map { ("group \($0.id)", $0.name) } + roster.children.map { ("child \($0.id)", $0.name) }
            + roster.tasks.map { ("task \($0.id)", $0.name) }
        if let (who, name) = names.first(where: { NameRules.hasTerminalControls($0.1) }) {
            throw StorageError(path: directory.appendingPathComponent(RosterDocument.fileName).path, problem: .invalidValue(
                field: "", reason: "the name of \(who) (\(NameRules.escapingControlCharacters(name))) has a control character; correct it or restore a backup"))
        }
        return roster
    }
    public func saveRoster(_ roster: Roster) throws { try save(RosterDocument.self, roster) }

    public func loadAttendance() throws -> Attendance? { try load(AttendanceDocument.self) }
    public func saveAttendance(_ attendance: Attendance) throws { try save(AttendanceDocument.self, attendance) }
    public func loadSettings() throws -> Settings? { try load(SettingsDocument.self) }
    public func saveSettings(_ settings: Settings) throws { try save(SettingsDocument.self, settings) }

    public func loadPin() throws -> PinRecord? { try load(PinDocument.self) }
    public func savePin(_ pin: PinRecord) throws { try save(PinDocument.self, pin) }

    public func loadMarkSummary() throws -> MarkSummary? { try load(SummaryDocument.self)?.summary }
    public func saveMarkSummary(_ summary: MarkSummary) throws { try save(SummaryDocument.self, StoredSummary(summary)) }

    public func appendMark(_ event: MarkEvent, on day: Day) throws { try append([event], on: day) }
    public func appendMarks(_ events: [MarkEvent], on day: Day) throws { try append(events, on: day) }
    public func marks(on day: Day) throws -> [MarkEvent] { try readJournal(day) }

    public func markJournalLength(on day: Day) throws -> Int {
        try Posix.fileSize(journalPath(day))
    }

    /// The bytes after the last complete line of the day's journal, as last
    /// read (`marks(on:)`): an interrupted write, which the next tick cuts off.
    public func tornTail(on day: Day) -> Int { tornTails[day] ?? 0 }

    /// The torn ends appends cut off since the last call: a journal is
    /// never shortened in silence.
    public func takeStorageNotes() -> [String] {
        defer {
            droppedTails = []
            forgettingNotes = []
        }
        return droppedTails.map { day, bytes in
            "\(DataFiles.marksFolder)/\(day).jsonl ended in an interrupted write (\(bytes) bytes, not a whole line), dropped before this tick; "
                + "a tick whose write was interrupted was never reported saved."
        } + forgettingNotes
    }

    // MARK: Paths

    func path(of fileName: String) -> String { directoryPath + "/" + fileName }

    /// pin.json gone from a daycare with ticks or absences, nil otherwise:
    /// the kiosk must not offer the first start's "choose a PIN" to whoever
    /// stands at it. (A roster without them is a daycare imported before
    /// its first start, which does choose its PIN there.)
    public func pinLostBesideHistory() throws -> StorageError? {
        guard try loadPin() == nil, let left = historyLeft() else { return nil }
        return StorageError(path: path(of: PinDocument.fileName), problem: .pinMissingBeside(left))
    }

    /// What of the children is here ("the ticks of 3 days are"), nil when
    /// nothing is: a new daycare's folder.
    private func historyLeft() -> String? {
        let days = ((try? FileManager.default.contentsOfDirectory(atPath: marksPath)) ?? []).filter { $0.hasSuffix(".jsonl") }.count
        if days > 0 { return days == 1 ? "the ticks of 1 day are" : "the ticks of \(days) days are" }
        if FileManager.default.fileExists(atPath: path(of: AttendanceDocument.fileName)) { return "\(AttendanceDocument.fileName) (who was away) is" }
        return nil
    }
    func journalPath(_ day: Day) -> String { marksPath + "/\(day).jsonl" }

    func requireWritable(_ path: String) throws(StorageError) {
        if isReadOnly { throw StorageError(path: path, problem: .readOnly) }
    }

    // MARK: Whole files

    func load<D: StoredDocument>(_ document: D.Type) throws(StorageError) -> D.Payload? {
        do {
            let payload = try Self.read(D.self, at: path(of: D.fileName))
            verified.insert(D.fileName)
            return payload
        } catch {
            verified.remove(D.fileName)
            throw error
        }
    }

    func save<D: StoredDocument>(_ document: D.Type, _ payload: D.Payload) throws(StorageError) {
        let path = path(of: D.fileName)
        try requireWritable(path)
        if !verified.contains(D.fileName) { _ = try load(D.self) }
        try Self.write(payload, as: D.self, at: path, encoder: encoder)
    }

    /// The document at `path` (a data directory's, or a copy's), nil when
    /// there is none; a damaged or newer one is refused with its name.
    static func read<D: StoredDocument>(_ document: D.Type, at path: String) throws(StorageError) -> D.Payload? {
        guard let data = try Posix.readFile(path, limit: D.maxBytes) else { return nil }
        do {
            return try Envelope<D>(json: JSONValue.parse(data)).payload
        } catch {
            throw DecodeFailure.storageError(error, data: data, path: path)
        }
    }

    /// Replaces the document at `path` durably, with the document's mode.
    static func write<D: StoredDocument>(_ payload: D.Payload, as document: D.Type, at path: String, encoder: JSONEncoder) throws(StorageError) {
        let data: Data
        do {
            data = try Envelope<D>.encoded(payload, with: encoder)
        } catch {
            throw StorageError(path: path, problem: .cannotEncode("\(error)"))
        }
        try Posix.replaceDurably(path, with: data, mode: D.mode)
    }

    // MARK: Lock and leftovers

    /// How long a lock that looks held by a command is waited for at least.
    static let releaseGrace: TimeInterval = 0.5

    private func lock(as holder: Holder, waiting wait: TimeInterval) throws(StorageError) {
        let path = path(of: "taskboard.lock")
        let fd = Posix.open(path, O_RDWR | O_CREAT, 0o600)
        guard fd >= 0 else { throw Posix.error(path, "opening the lock file") }
        let deadline = Date().addingTimeInterval(wait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            let (writtenPid, written) = Self.holder(in: fd)
            // The directory's own lock says "a kiosk" either way: words a full
            // disk kept from being replaced may name a kiosk that is gone.
            let role: Holder? = Self.kioskHolds(directoryPath) ? .kiosk : (written == .kiosk ? .command : written)
            // Words left by an earlier holder name another process.
            let pid = role == written ? writtenPid : nil
            if code == EWOULDBLOCK, role != .kiosk, Date() < deadline {
                usleep(20_000)
                continue
            }
            close(fd)
            if code == EWOULDBLOCK {
                throw StorageError(path: directoryPath, problem: .locked(pid: pid, byKiosk: role == .kiosk))
            }
            throw Posix.error(path, "flock", code)
        }
        lockDescriptor = fd
        if holder == .kiosk { kioskMarkDescriptor = Self.markAsKiosk(directoryPath) }
        // Not through Data: Data(string.utf8) casts the view at run time, a
        // scan of every conformance record in the binary at each start.
        var text = "\(getpid()) \(holder.rawValue)\n"
        // Over what was there, then cut to its length: on a full disk the
        // write fails (nothing new fits) and the last holder's words stay,
        // rather than an empty file that names nobody (truncating first
        // left `mark` unable to see a kiosk, and blaming "another taskboard").
        let written = text.withUTF8 { pwrite(fd, $0.baseAddress, $0.count, 0) }
        if written == text.utf8.count { _ = ftruncate(fd, off_t(written)) }
    }

    /// Whether a taskboard holds the data directory now (its lock is taken),
    /// without taking it: a shared lock cannot be had beside the holder's.
    public static func isLocked(_ directory: URL) -> Bool {
        isHeld(DataDirectory.plainPath(directory) + "/taskboard.lock", flags: O_RDONLY)
    }

    /// Whether another open file holds an exclusive lock on `path`: a shared
    /// lock cannot be had beside it (taken and let go at once if it can).
    private static func isHeld(_ path: String, flags: Int32) -> Bool {
        let fd = Posix.open(path, flags, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return errno == EWOULDBLOCK
        }
        flock(fd, LOCK_UN)
        return false
    }

    /// Locks the directory itself (a lock, not a write: it works on a full
    /// disk); returns the descriptor that holds it, or -1.
    private static func markAsKiosk(_ directoryPath: String) -> Int32 {
        let fd = Posix.open(directoryPath, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return -1 }
        // Blocking: only another program's brief look (kioskHolds) can be in the way.
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            close(fd)
            return -1
        }
        return fd
    }

    /// Whether a kiosk holds the directory's own lock (taken only while it
    /// holds taskboard.lock), whatever the lock file's words say.
    private static func kioskHolds(_ directoryPath: String) -> Bool {
        isHeld(directoryPath, flags: O_RDONLY | O_DIRECTORY)
    }

    /// "PID ROLE" from the lock file (an older taskboard wrote only the pid).
    private static func holder(in fd: Int32) -> (pid: Int32?, role: Holder?) {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return (nil, nil) }
        let words = String(decoding: buffer.prefix(n), as: UTF8.self).split(whereSeparator: \.isWhitespace)
        return (words.first.flatMap { Int32($0) }, words.dropFirst().first.flatMap { Holder(rawValue: String($0)) })
    }

    /// Removes temp files (ours only: `.tmp-taskboard-*`) that a crash left
    /// before their rename, in the data directory, `marks/`, `backups/` and `voices/`.
    private func removeLeftoverTempFiles() throws(StorageError) {
        for folder in [directoryPath, marksPath, backupsPath, voicesPath] {
            for name in try Posix.listDirectory(folder) where name.hasPrefix(Posix.tempPrefix) {
                let path = folder + "/" + name
                if unlink(path) != 0 {
                    if errno == EISDIR || errno == EPERM {
                        do { try FileManager.default.removeItem(atPath: path) } catch {
                            throw StorageError.wrapping(error, path: path, operation: "removing a leftover temp folder")
                        }
                    } else if errno != ENOENT {
                        throw Posix.error(path, "removing a leftover temp file")
                    }
                }
            }
        }
        tidied = true
    }
}
