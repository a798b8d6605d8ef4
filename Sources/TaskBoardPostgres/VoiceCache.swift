import Foundation
import TaskBoard
import TaskBoardStorage

/// A database kiosk's copy of the staff's recordings, in its local folder's
/// `voices/`, where read aloud plays them from as on a data directory's
/// kiosk. Brought up to date with every full read of the server and when a
/// kiosk says the recordings changed; only what changed is fetched (by
/// stamp), and a recording the server no longer has is removed. Offline, the
/// copy plays as it was.
enum VoiceCache {
    static let stampsFile = "stamps.json"

    static func refresh(from server: PostgresBoardStore, into directory: URL) throws {
        let folder = JSONFileStore.voicesPath(in: directory)
        let stampsPath = folder + "/" + stampsFile
        let remote = try server.voiceStamps()
        let known = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: stampsPath)))) ?? [:]
        let present = Set(try JSONFileStore.voiceKeys(in: folder))
        var stamps: [String: String] = [:]
        for (key, stamp) in remote {
            if known[key.stem] != stamp || !present.contains(key) {
                guard let audio = try server.loadVoice(key) else { continue }
                try JSONFileStore.writeVoice(audio, for: key, in: directory)
            }
            stamps[key.stem] = stamp
        }
        for key in present where remote[key] == nil { try JSONFileStore.deleteVoice(key, in: directory) }
        guard stamps != known else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(stamps).write(to: URL(fileURLWithPath: stampsPath), options: .atomic)
    }
}
