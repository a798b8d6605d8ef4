import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The staff's recordings: `voices/task-12.wav`, `voices/child-3.wav`, each
/// replaced whole (temp file, fsync, rename, fsync of the folder), so a
/// recording is always the old one or the new one. They are the data
/// directory's files like any other: in every backup archive and restore.
extension JSONFileStore {
    public static let voicesFolder = "voices"

    var voicesPath: String { path(of: Self.voicesFolder) }

    /// Where the recording is (or would be) kept.
    public func voiceFile(_ key: VoiceKey) -> String { voicesPath + "/" + Self.voiceFileName(key) }

    /// A recording's file name in `voices/`: "child-3.wav".
    public static func voiceFileName(_ key: VoiceKey) -> String { key.stem + ".wav" }

    /// The `voices/` folder of a data directory.
    public static func voicesPath(in directory: URL) -> String { DataDirectory.plainPath(directory) + "/" + voicesFolder }

    public func voiceKeys() throws -> [VoiceKey] {
        try Self.voiceKeys(in: voicesPath)
    }

    /// The recordings in a `voices/` folder (a data directory's, a backup's), by key.
    public static func voiceKeys(in folder: String) throws(StorageError) -> [VoiceKey] {
        try Posix.listDirectory(folder).compactMap { name in
            name.hasSuffix(".wav") ? VoiceKey(stem: String(name.dropLast(4))) : nil
        }.sorted()
    }

    /// Each recording's file in the data directory, as it is now (none when `voices/` cannot be listed).
    public static func voiceFiles(in directory: URL) -> [VoiceKey: String] {
        let folder = voicesPath(in: directory)
        let keys = (try? voiceKeys(in: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, folder + "/" + voiceFileName($0)) })
    }

    public func loadVoice(_ key: VoiceKey) throws -> Data? {
        try Posix.readFile(voiceFile(key), limit: VoiceLimits.maxBytes)
    }

    public func saveVoice(_ audio: Data, for key: VoiceKey) throws {
        try requireWritable(voiceFile(key))
        try Self.writeVoice(audio, for: key, in: directory)
    }

    public func removeVoice(_ key: VoiceKey) throws {
        try requireWritable(voiceFile(key))
        try Self.deleteVoice(key, in: directory)
    }

    /// Keeps a recording in the data directory without its lock: beside a
    /// running kiosk, which only reads `voices/` (each file is replaced whole).
    public static func writeVoice(_ audio: Data, for key: VoiceKey, in directory: URL) throws {
        let folder = voicesPath(in: directory)
        let path = folder + "/" + voiceFileName(key)
        guard audio.count <= VoiceLimits.maxBytes else {
            throw StorageError(path: path, problem: .failed(operation: "writing", reason: "a recording is at most \(VoiceLimits.maxBytes / 1024 / 1024) MB."))
        }
        try Posix.makeDirectory(folder)
        try Posix.replaceDurably(path, with: audio, mode: 0o644)
    }

    /// Removes a recording from the data directory (as `writeVoice`, without its lock).
    public static func deleteVoice(_ key: VoiceKey, in directory: URL) throws {
        let folder = voicesPath(in: directory)
        let path = folder + "/" + voiceFileName(key)
        guard unlink(path) == 0 else {
            if errno == ENOENT { return }
            throw Posix.error(path, "removing")
        }
        try Posix.fsyncDirectory(folder)
    }
}
