import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TaskBoard

/// A change a kiosk made that the shared database has not confirmed yet.
/// Its id is made once, when the change is made, so sending it twice (an
/// answer lost with the network) does it once.
public enum OutboxEntry: Equatable, Sendable {
    case mark(id: UUID, day: Day, event: MarkEvent)
    case away(id: UUID, day: Day, child: ChildID, away: Bool)

    public var id: UUID {
        switch self {
        case .mark(let id, _, _), .away(let id, _, _, _): id
        }
    }

    public var day: Day {
        switch self {
        case .mark(_, let day, _), .away(_, let day, _, _): day
        }
    }
}

/// The kiosk's changes waiting for the database, one JSON line each in
/// `outbox.jsonl`, durable (fdatasync) before `append` returns, in the order
/// they were made. Entries the database confirmed are dropped by rewriting
/// the file (temp, fsync, rename), so a crash leaves the old or the new list,
/// never a mix. A torn last line (a crash during an append, which therefore
/// never returned) is left out; any other line that cannot be read stops the
/// kiosk with the file and line, never quietly dropping a tick.
public final class Outbox {
    public let path: String
    public private(set) var entries: [OutboxEntry]

    public init(directory: URL) throws(StorageError) {
        path = directory.appendingPathComponent("outbox.jsonl").path
        entries = []
        guard let data = try Posix.readFile(path) else { return }
        // A last line without its newline was being written when the program
        // stopped (its append never returned): cut off, so the next append
        // does not run on from it.
        let complete = data.lastIndex(of: UInt8(ascii: "\n")).map { data.index(after: $0) } ?? data.startIndex
        if complete != data.endIndex { try Self.truncate(path, to: complete - data.startIndex) }
        let lines = data[data.startIndex..<complete].split(separator: UInt8(ascii: "\n"))
        for (index, line) in lines.enumerated() {
            do {
                entries.append(try Self.entry(from: Data(line)))
            } catch {
                throw StorageError(path: path, line: index + 1, problem: .invalidValue(field: "outbox", reason: "\(error)"))
            }
        }
    }

    private static func truncate(_ path: String, to length: Int) throws(StorageError) {
        let fd = Posix.open(path, O_WRONLY)
        guard fd >= 0 else { throw Posix.error(path, "opening to cut off a torn last line") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(length)) == 0 else { throw Posix.error(path, "cutting off a torn last line") }
        try Posix.fsyncOrThrow(fd, path: path)
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Adds the entries at the end, durably.
    public func append(_ new: [OutboxEntry]) throws(StorageError) {
        guard !new.isEmpty else { return }
        let existed = FileManager.default.fileExists(atPath: path)
        let fd = Posix.open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        guard fd >= 0 else { throw Posix.error(path, "opening for appending") }
        defer { close(fd) }
        var bytes = Data()
        for entry in new { bytes.append(contentsOf: Self.line(for: entry).utf8) }
        let before = lseek(fd, 0, SEEK_END)
        do throws(StorageError) {
            try Posix.writeAll(fd, bytes, path: path)
            try Posix.datasyncOrThrow(fd, path: path)
        } catch {
            // Not saved: nothing of it may stay for the next append to run on from.
            if before >= 0 { _ = ftruncate(fd, before) }
            throw error
        }
        if !existed { try Posix.fsyncDirectory((path as NSString).deletingLastPathComponent) }
        entries.append(contentsOf: new)
    }

    /// Drops the entries with these ids (confirmed by the database), durably.
    public func remove(_ ids: Set<UUID>) throws(StorageError) {
        let kept = entries.filter { !ids.contains($0.id) }
        guard kept.count != entries.count else { return }
        try Posix.replaceDurably(path, with: Data(kept.map(Self.line(for:)).joined().utf8), mode: 0o600)
        entries = kept
    }

    // MARK: The line format

    static func line(for entry: OutboxEntry) -> String {
        switch entry {
        case .mark(let id, let day, let e):
            return "{\"id\":\"\(id.uuidString)\",\"day\":\"\(day)\",\"mark\":{\"c\":\(e.child.rawValue),\"t\":\(e.task.rawValue),"
                + "\"on\":\(e.done),\"p\":\(e.points),\"all\":\(e.boardComplete),\"at\":\(e.at)}}\n"
        case .away(let id, let day, let child, let away):
            return "{\"id\":\"\(id.uuidString)\",\"day\":\"\(day)\",\"away\":{\"c\":\(child.rawValue),\"on\":\(away)}}\n"
        }
    }

    static func entry(from line: Data) throws -> OutboxEntry {
        let object = try JSONValue.parse(line).object()
        guard let id = UUID(uuidString: try object.string("id")) else {
            throw JSONError(.invalid("not an id"), path: [.key("id")])
        }
        let day: Day = try object.decode("day")
        if let mark = try object.optional("mark", { try $0.object() }) {
            let event = MarkEvent(child: ChildID(try mark.int("c")), task: TaskID(try mark.int("t")), done: try mark.required("on") { try $0.bool() },
                                  points: try mark.int("p"), boardComplete: try mark.required("all") { try $0.bool() },
                                  at: Int64(try mark.int("at")))
            return .mark(id: id, day: day, event: event)
        }
        let away = try object.required("away") { try $0.object() }
        return .away(id: id, day: day, child: ChildID(try away.int("c")), away: try away.required("on") { try $0.bool() })
    }
}
