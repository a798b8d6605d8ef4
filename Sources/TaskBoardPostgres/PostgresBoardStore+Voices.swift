import Foundation
import PostgresNIO
import TaskBoard

/// The staff's recordings, one row each (`voices`), shared by every room's kiosk.
extension PostgresBoardStore {
    public func voiceKeys() throws -> [VoiceKey] {
        let logger = self.logger
        return try session.run("reading the recordings' list") { connection -> [VoiceKey] in
            var keys: [VoiceKey] = []
            for try await (kind, id) in try await connection.query("SELECT kind, id FROM voices", logger: logger).decode((String, Int).self) {
                if let key = VoiceKey(stem: "\(kind)-\(id)") { keys.append(key) }
            }
            return keys.sorted()
        }
    }

    public func loadVoice(_ key: VoiceKey) throws -> Data? {
        let logger = self.logger
        let (kind, id) = key.row
        return try session.run("reading a recording") { connection -> Data? in
            var audio: Data?
            for try await found in try await connection.query("SELECT audio FROM voices WHERE kind = \(kind) AND id = \(id)", logger: logger).decode(Data.self) {
                audio = found
            }
            return audio
        }
    }

    public func saveVoice(_ audio: Data, for key: VoiceKey) throws {
        try refuseIfReadOnly()
        let logger = self.logger, kiosk = kioskName, feed = changeFeed
        let (kind, id) = key.row
        try session.write("saving a recording") { connection in
            try await connection.perform("""
                INSERT INTO voices (kind, id, audio, changed_by) SELECT \(kind), \(id), \(audio), \(kiosk)
                WHERE NOT (\(kind) = 'child' AND \(id) IN (SELECT child_id FROM forgotten_children))
                ON CONFLICT (kind, id) DO UPDATE SET audio = EXCLUDED.audio, changed_by = EXCLUDED.changed_by, changed_at = now()
                """, logger: logger)
            try await connection.perform(feed.announcement(.voices), logger: logger)
        }
    }

    public func removeVoice(_ key: VoiceKey) throws {
        try refuseIfReadOnly()
        let logger = self.logger, feed = changeFeed
        let (kind, id) = key.row
        try session.write("removing a recording") { connection in
            try await connection.perform("DELETE FROM voices WHERE kind = \(kind) AND id = \(id)", logger: logger)
            try await connection.perform(feed.announcement(.voices), logger: logger)
        }
    }

    /// Each recording's stamp (its length and when it was last saved), so a
    /// kiosk fetches only what changed since it last looked.
    func voiceStamps() throws -> [VoiceKey: String] {
        let logger = self.logger
        return try session.run("reading the recordings' list") { connection -> [VoiceKey: String] in
            var stamps: [VoiceKey: String] = [:]
            let sql: PostgresQuery = "SELECT kind, id, length(audio)::text || ' ' || extract(epoch FROM changed_at)::text FROM voices"
            for try await (kind, id, stamp) in try await connection.query(sql, logger: logger).decode((String, Int, String).self) {
                if let key = VoiceKey(stem: "\(kind)-\(id)") { stamps[key] = stamp }
            }
            return stamps
        }
    }
}

extension VoiceKey {
    /// The row's kind and id.
    fileprivate var row: (kind: String, id: Int) {
        switch self {
        case .task(let id): ("task", id.rawValue)
        case .child(let id): ("child", id.rawValue)
        }
    }
}
