import Foundation
import TaskBoard
import TaskBoardStorage

/// Ways to change or damage a data directory behind the program's back,
/// for the tests of check, repair, backup and restore.
public enum DataDamage {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// Changes the roster as a kiosk would, and gives the lock back.
    @discardableResult
    public static func changeRoster(in data: URL, _ change: (inout Roster) -> Void) throws -> Roster {
        let store = try JSONFileStore(directory: data)
        guard var roster = try store.loadRoster() else { throw Missing(description: "no roster in \(data.path)") }
        change(&roster)
        try store.saveRoster(roster)
        return roster
    }

    public static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    public static func cutInHalf(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
    }

    /// Adds one to the points the summary keeps for a child on a day (one
    /// with points), as a damaged or hand-edited summary would. Returns the
    /// day and the points the journal gives.
    public static func bumpSummary(in data: URL, child: ChildID) throws -> (day: Day, points: Int) {
        let url = data.appendingPathComponent(DataFiles.summary)
        func missing(_ what: String) -> Missing { Missing(description: "summary.json has no \(what)") }
        guard var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
              var summary = json["summary"] as? [String: Any],
              var rows = summary["children"] as? [[String: Any]] else { throw missing("children") }
        guard let index = rows.firstIndex(where: { ($0["id"] as? Int) == child.rawValue }),
              let text = rows[index]["points"] as? String else { throw missing("row for \(child)") }
        var points = text.split(separator: ",").compactMap { Int($0) }
        guard let position = points.lastIndex(where: { $0 > 0 }) else { throw missing("points for \(child)") }
        let before = points[position]
        points[position] += 1
        rows[index]["points"] = points.map(String.init).joined(separator: ",")
        summary["children"] = rows
        json["summary"] = summary
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        guard let first = (summary["firstDay"] as? String).flatMap({ Day($0) }) else { throw missing("firstDay") }
        return (first.advanced(by: position), before)
    }

    /// The number of lines in a file.
    public static func lineCount(_ url: URL) throws -> Int {
        try Data(contentsOf: url).filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// An empty zip: a valid archive that is not one of ours.
    public static let emptyZip = Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
}
