import Foundation

/// The first entry of every backup archive, `taskboard-backup.json`: what the
/// archive holds, so a restore can tell our archive from any other zip and
/// know that no file is missing. Each entry's content is checked by the zip's
/// own CRC-32 against the size listed here; that catches truncation and
/// damage, which is what a backup on a USB stick meets (not forgery).
public struct BackupManifest: Codable, Equatable, Sendable {
    public static let entryName = "taskboard-backup.json"
    public static let kindName = "taskboard-backup"
    public static let currentSchema = 1

    public struct File: Codable, Equatable, Sendable {
        /// Relative to the data directory, with "/" ("marks/2026-11-22.jsonl").
        public var path: String
        public var size: Int
        /// Permission bits, restored as they were (pin.json stays 0600).
        public var mode: Int
    }

    public var schema: Int
    public var kind: String
    /// When the backup was made (ISO 8601, UTC).
    public var created: String
    /// The data directory it was made from, for the person reading it.
    public var directory: String
    public var files: [File]

    init(created: Date, directory: String, files: [File]) {
        schema = Self.currentSchema
        kind = Self.kindName
        self.created = ISO8601DateFormatter().string(from: created)
        self.directory = directory
        self.files = files
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Decodes and checks that every path stays inside the data directory.
    static func decode(_ data: Data, archive: String) throws(BackupError) -> BackupManifest {
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: data)
        } catch {
            throw .notOurs(archive: archive)
        }
        guard manifest.kind == kindName else { throw .notOurs(archive: archive) }
        guard manifest.schema <= currentSchema else {
            throw .newerSchema(archive: archive, found: manifest.schema, supported: currentSchema)
        }
        var seen = Set<String>()
        for file in manifest.files {
            guard isSafe(file.path), seen.insert(file.path).inserted, file.size >= 0, (0...0o777).contains(file.mode) else {
                throw .damaged(archive: archive, reason: "its list of files names \"\(file.path)\", which cannot be restored")
            }
        }
        return manifest
    }

    /// A relative path of plain names: no "..", no absolute path, nothing a
    /// restore would place outside the data directory.
    static func isSafe(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && !parts.isEmpty
            && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }
            && path != entryName
    }
}
