import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// A fresh data directory under the system temp directory, removed afterwards.
func withDataDirectory(_ body: (URL) throws -> Void) throws {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("taskboard-store-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try body(url)
}

extension URL {
    func file(_ name: String) -> URL { appendingPathComponent(name) }
}

func bytes(of url: URL) throws -> Data { try Data(contentsOf: url) }

func writeRaw(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
}

func appendRaw(_ text: String, to url: URL) throws {
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
}

func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

func fileExists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

/// Sample data of every kind the store keeps.
enum Samples {
    static let day = StoreSamples.day

    static func roster() throws -> Roster {
        var roster = Roster()
        let squirrels = try roster.addGroup(name: "Squirrels", avatar: "🐿️")
        let owls = try roster.addGroup(name: "Owls", avatar: "🦉")
        let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
        let eino = try roster.addChild(name: "Eino \"Eppu\" Ääkkönen", avatar: "🐻", group: owls)
        let teeth = try roster.addTask(name: "Brush teeth", icon: "🪥", points: 2)
        let dressed = try roster.addTask(name: "Get dressed")
        try roster.setTaskTime(teeth, to: TimeOfDay(hour: 8, minute: 5))
        try roster.addToBoard(teeth, child: aino)
        try roster.addToBoard(dressed, child: aino)
        try roster.addToBoard(dressed, child: eino)
        return roster
    }

    static let settings = Settings(timeZoneIdentifier: "Europe/Helsinki", language: "fi", idleLogoutMinutes: 5)

    static let pin = PinRecord(
        hash: PinHash(algorithm: "PBKDF2-SHA256", iterations: 600_000,
                      salt: Data([0, 1, 2, 250, 255]), hash: Data(repeating: 0xA5, count: 32)),
        failedAttempts: 2, lockouts: 1,
        lockedAt: Date(timeIntervalSince1970: 1_795_000_000),
        lockedUntil: Date(timeIntervalSince1970: 1_795_000_060))

    static func summary() -> MarkSummary { StoreSamples.summary() }

    static func event(_ i: Int, done: Bool = true) -> MarkEvent { StoreSamples.event(i, done: done) }
}
