import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tick (or a child away, or a group's day changed) asked for from the
/// command line while a kiosk holds the data directory. Ids, not names: the
/// command has resolved the names already.
public struct MarkRequest: Codable, Equatable, Sendable {
    /// Nil for a day's change (a kiosk too old to know those cannot read
    /// it, and drops it).
    public let child: ChildID?
    /// The task to tick; nil for an attendance request (so a kiosk too old
    /// to know those cannot read it as a tick, and drops it).
    public let task: TaskID?
    public let done: Bool
    public let day: Day
    /// Away (true) or here again (false), for an attendance request.
    public let away: Bool?
    /// A group's day changed (`taskboard day`).
    public let dayChange: DayChangeRequest?

    public init(child: ChildID, task: TaskID, done: Bool, day: Day) {
        self.child = child
        self.task = task
        self.done = done
        self.day = day
        away = nil
        dayChange = nil
    }

    public init(child: ChildID, away: Bool, day: Day) {
        self.child = child
        task = nil
        done = false
        self.day = day
        self.away = away
        dayChange = nil
    }

    public init(_ dayChange: DayChangeRequest) {
        child = nil
        task = nil
        done = false
        day = dayChange.day
        away = nil
        self.dayChange = dayChange
    }
}

/// A group's day changed from `taskboard day` while a kiosk runs, as the
/// command resolved it; the kiosk makes it with the same rules
/// (`RosterCommand`), so what is refused here is refused there.
public struct DayChangeRequest: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case add, cancel, move, restore }

    public let kind: Kind
    public let group: GroupID
    public let day: Day
    /// The library task cancelled, moved or restored.
    public let task: TaskID?
    /// The activity added or restored: its name, picture and times ("9:30").
    public let name: String?
    public let icon: String?
    public let time: String?
    public let until: String?

    /// Nil for a command that is not about a group's day.
    public init?(_ command: RosterCommand) {
        switch command {
        case .addDayActivity(let activity, let group, let day):
            self.init(kind: .add, group: group, day: day, task: nil, name: activity.name, icon: activity.icon,
                      time: activity.time.description, until: activity.until?.description)
        case .cancelOnDay(let task, let group, let day):
            self.init(kind: .cancel, group: group, day: day, task: task, name: nil, icon: nil, time: nil, until: nil)
        case .moveOnDay(let task, let group, let day, let time, let until):
            self.init(kind: .move, group: group, day: day, task: task, name: nil, icon: nil, time: time.description, until: until?.description)
        case .takeBackDayChange(let group, let day, let task, let activity):
            self.init(kind: .restore, group: group, day: day, task: task, name: activity, icon: nil, time: nil, until: nil)
        default:
            return nil
        }
    }

    private init(kind: Kind, group: GroupID, day: Day, task: TaskID?, name: String?, icon: String?, time: String?, until: String?) {
        (self.kind, self.group, self.day, self.task, self.name, self.icon, self.time, self.until) = (kind, group, day, task, name, icon, time, until)
    }

    /// The command it asks for; nil where a part is missing or unreadable
    /// (the kiosk refuses it).
    public var command: RosterCommand? {
        let time = self.time.flatMap { try? TimeOfDay.parse($0) }, until = self.until.flatMap { try? TimeOfDay.parse($0) }
        guard (self.time == nil) == (time == nil), (self.until == nil) == (until == nil) else { return nil }
        switch kind {
        case .add:
            guard let name, let time else { return nil }
            return .addDayActivity(DayChange.Activity(name: name, icon: icon, time: time, until: until), group: group, day: day)
        case .cancel:
            return task.map { .cancelOnDay($0, group: group, day: day) }
        case .move:
            guard let task, let time else { return nil }
            return .moveOnDay(task, group: group, day: day, to: time, until: until)
        case .restore:
            return .takeBackDayChange(group: group, day: day, task: task, activity: name)
        }
    }
}

/// What the kiosk made of a request.
public struct MarkReply: Codable, Equatable, Sendable {
    /// Points gained or taken back (0 for attendance); nil when the mark
    /// (or the attendance) already stood as asked.
    public let pointsDelta: Int?
    public let finishedBoard: Bool
    /// Why the kiosk refused, in its words (then nothing changed).
    public let refusal: String?

    public init(pointsDelta: Int?, finishedBoard: Bool = false, refusal: String? = nil) {
        self.pointsDelta = pointsDelta
        self.finishedBoard = finishedBoard
        self.refusal = refusal
    }
}

/// The hand-over of ticks between `taskboard mark` and a running kiosk,
/// which is the directory's only writer. The command leaves a request in
/// `requests/` and waits; the kiosk claims it (a rename, so a request is
/// applied at most once), applies it with the kiosk's own rules and
/// durability, and leaves a reply. A command that gives up withdraws its
/// request by the same kind of rename, so a late kiosk never applies a tick
/// that was reported as not made.
///
///     requests/ID.request    waiting for the kiosk
///     requests/ID.taken      claimed by the kiosk, being applied
///     requests/ID.reply      the answer, removed by the command that reads it
///     requests/ID.withdrawn  given up by the command (removed at once)
public struct MarkRequestBox: Sendable {
    public let folder: String
    public static let folderName = "requests"
    /// A request older than this when the kiosk sees it is dropped: its
    /// command has stopped waiting (it waits less).
    public static let freshness: TimeInterval = 30
    /// A request or a reply is under 200 bytes.
    static let maxBytes = 64 << 10

    public init(directory: URL) {
        folder = DataDirectory.plainPath(directory) + "/" + Self.folderName
    }

    // MARK: The command's side

    /// Leaves a request durably; returns its id, or nil when no kiosk has
    /// ever made the folder (the lock's holder is some other command).
    public func submit(_ request: MarkRequest) throws -> String? {
        guard DataFiles.isDirectory(folder) else { return nil }
        let id = "\(Int(Date().timeIntervalSince1970))-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
        try Posix.replaceDurably(path(id, "request"), with: try Self.encoder.encode(request), mode: 0o600)
        return id
    }

    /// How a request handed to the kiosk ended.
    public enum Answer: Sendable {
        /// The kiosk's answer: what it made of the request.
        case reply(MarkReply)
        /// The kiosk never took it: it is withdrawn, and nothing was changed.
        case notTaken
        /// The kiosk stopped (its lock was freed) before it answered: it
        /// will not apply the request now, which may or may not have been
        /// applied before it stopped.
        case kioskStopped
        /// The kiosk took it and did not answer in time: it may or may not
        /// have been applied.
        case takenWithoutAnswer
    }

    /// Waits for the kiosk's answer, asking `kioskStopped` now and then
    /// (a kiosk killed mid-request is not waited for to the end).
    public func reply(to id: String, timeout: TimeInterval, kioskStopped: () -> Bool = { false }) throws -> Answer {
        switch try poll(id, until: Date() + timeout, kioskStopped: kioskStopped) {
        case .reply(let reply): return .reply(reply)
        case .kioskStopped:
            // Not left for a kiosk started later to apply with nobody waiting.
            if rename(path(id, "request"), path(id, "withdrawn")) == 0 { unlink(path(id, "withdrawn")) }
            return .kioskStopped
        case .timedOut: break
        }
        if rename(path(id, "request"), path(id, "withdrawn")) == 0 {
            unlink(path(id, "withdrawn"))
            return .notTaken
        }
        // The kiosk took it at the last moment: its answer comes shortly.
        switch try poll(id, until: Date() + 2, kioskStopped: kioskStopped) {
        case .reply(let reply): return .reply(reply)
        case .kioskStopped: return .kioskStopped
        case .timedOut: return .takenWithoutAnswer
        }
    }

    private enum Polled { case reply(MarkReply), kioskStopped, timedOut }

    private func poll(_ id: String, until deadline: Date, kioskStopped: () -> Bool) throws -> Polled {
        var checked = Date()
        while true {
            if let data = try Posix.readFile(path(id, "reply"), limit: Self.maxBytes) {
                unlink(path(id, "reply"))
                return .reply(try Self.decoder.decode(MarkReply.self, from: data))
            }
            if Date() >= deadline { return .timedOut }
            // A tenth of a second: a lock's check is an open and a flock.
            if Date().timeIntervalSince(checked) >= 0.1 {
                checked = Date()
                // Looked for once more after: the answer may have come just before it stopped.
                if kioskStopped() {
                    guard let data = try Posix.readFile(path(id, "reply"), limit: Self.maxBytes) else { return .kioskStopped }
                    unlink(path(id, "reply"))
                    return .reply(try Self.decoder.decode(MarkReply.self, from: data))
                }
            }
            usleep(20_000)
        }
    }

    // MARK: The kiosk's side

    /// Made by the kiosk at start, so the folder belongs to the kiosk's
    /// user whoever runs `taskboard mark` later.
    public func prepare() throws { try Posix.makeDirectory(folder) }

    /// Claims every waiting request, oldest first. Stale requests and
    /// unreadable ones are dropped; an empty or missing folder costs one
    /// directory listing.
    public func claim(now: Date = Date()) -> [(id: String, request: MarkRequest)] {
        guard let names = try? Posix.listDirectory(folder), !names.isEmpty else { return [] }
        var claimed: [(id: String, request: MarkRequest)] = []
        for name in names.sorted() {
            guard let dot = name.lastIndex(of: "."), !name.hasPrefix(".") else { continue }
            let id = String(name[..<dot]), state = name[name.index(after: dot)...]
            let age = now.timeIntervalSince(Self.submitted(id))
            switch state {
            case "request":
                guard rename(path(id, "request"), path(id, "taken")) == 0 else { continue }
                let data = try? Posix.readFile(path(id, "taken"), limit: Self.maxBytes)
                if let request = data.flatMap({ try? Self.decoder.decode(MarkRequest.self, from: $0) }), age <= Self.freshness {
                    claimed.append((id, request))
                } else {
                    unlink(path(id, "taken"))
                }
            case "reply" where age > 2 * Self.freshness, "taken" where age > 2 * Self.freshness:
                // Left by a command that died, or by a kiosk killed mid-request.
                unlink(folder + "/" + name)
            default:
                continue
            }
        }
        return claimed
    }

    /// When the request was made: the id starts with its Unix time.
    private static func submitted(_ id: String) -> Date {
        Int(id.prefix { $0 != "-" }).map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? .distantPast
    }

    /// Answers a claimed request.
    public func answer(_ id: String, with reply: MarkReply) throws {
        try Posix.replaceDurably(path(id, "reply"), with: try Self.encoder.encode(reply), mode: 0o600)
        unlink(path(id, "taken"))
    }

    private func path(_ id: String, _ state: String) -> String { folder + "/\(id).\(state)" }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private static let decoder = JSONDecoder()
}
