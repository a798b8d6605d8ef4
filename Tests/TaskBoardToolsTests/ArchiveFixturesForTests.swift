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

    static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    static func setMode(_ url: URL, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}
