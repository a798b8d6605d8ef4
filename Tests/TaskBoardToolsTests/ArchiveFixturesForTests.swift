import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
@testable import TaskBoardTools

/// Data directories for the backup, restore and check tests: the demo after
/// a kiosk's first start, and ways to damage it.
enum DataFixture {
    /// Sunday 2026-11-22, 10:30 in Helsinki.
    static let now = Date(timeIntervalSince1970: 1_795_336_200)
    static var today: Day { DayCalendar(timeZone: .current).day(of: now) }

    /// A fresh folder, removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }

    /// The demo with its summary and today's daily backup, in `root/data`.
    static func demo(in root: URL) throws -> URL {
        let data = root.appendingPathComponent("data")
        _ = try DemoDaycare.write(into: data, today: today)
        try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(now)).flush()
        return data
    }

    struct Snapshot: Equatable {
        var files: [String: Data] = [:]
        var modes: [String: Int] = [:]
    }

    /// Every file under the folder (the lock file too), its bytes and mode.
    static func snapshot(_ folder: URL, skippingLock: Bool = false) throws -> Snapshot {
        var snapshot = Snapshot()
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            if skippingLock && relative == DataFiles.lock { continue }
            snapshot.files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            snapshot.modes[relative] = (attributes[.posixPermissions] as? NSNumber)?.intValue
        }
        return snapshot
    }

    static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    static func setMode(_ url: URL, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    static func changeRoster(in data: URL, _ change: (inout Roster) -> Void) throws {
        let store = try JSONFileStore(directory: data)
        var roster = try #require(try store.loadRoster())
        change(&roster)
        try store.saveRoster(roster)
    }

    static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    static func cutInHalf(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
    }

    /// Adds one to the points the summary keeps for a child on a day (one
    /// with points), as a damaged or hand-edited summary would. Returns the
    /// day and the points the journal gives.
    static func bumpSummary(in data: URL, child: ChildID) throws -> (day: Day, points: Int) {
        let url = data.appendingPathComponent(DataFiles.summary)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var summary = try #require(json["summary"] as? [String: Any])
        var rows = try #require(summary["children"] as? [[String: Any]])
        let index = try #require(rows.firstIndex { ($0["id"] as? Int) == child.rawValue })
        var points = try #require(rows[index]["points"] as? String).split(separator: ",").compactMap { Int($0) }
        let position = try #require(points.lastIndex { $0 > 0 })
        let before = points[position]
        points[position] += 1
        rows[index]["points"] = points.map(String.init).joined(separator: ",")
        summary["children"] = rows
        json["summary"] = summary
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        let firstText = try #require(summary["firstDay"] as? String)
        let firstDay = try #require(Day(firstText))
        return (firstDay.advanced(by: position), before)
    }

    /// The number of lines in a file.
    static func lineCount(_ url: URL) throws -> Int {
        try Data(contentsOf: url).filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// An empty zip: a valid archive that is not one of ours.
    static let emptyZip = Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
}
