import Foundation

/// Where a store keeps the staff's recordings (`VoiceKey`): short WAV files,
/// copied with the rest of a daycare. A store that keeps none (a test's
/// stand-in) says so when asked to keep one.
public protocol VoiceStore: AnyObject {
    /// The recordings kept, in key order.
    func voiceKeys() throws -> [VoiceKey]
    /// The recording's bytes, or nil when there is none.
    func loadVoice(_ key: VoiceKey) throws -> Data?
    /// Keeps the recording (a WAV file's bytes), replacing any before it; durable when it returns.
    func saveVoice(_ audio: Data, for key: VoiceKey) throws
    /// Removes the recording if there is one.
    func removeVoice(_ key: VoiceKey) throws
}

/// Why a recording was not kept.
public struct VoiceStoreUnsupported: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "this store keeps no recordings" }
}

extension VoiceStore {
    /// Copies every recording of `source` into this store (a daycare's copy).
    @discardableResult
    public func copyVoices(from source: VoiceStore) throws -> Int {
        let keys = try source.voiceKeys()
        for key in keys {
            if let audio = try source.loadVoice(key) { try saveVoice(audio, for: key) }
        }
        return keys.count
    }
}

/// The most a recording may hold: ten seconds of 22 kHz mono, with room to spare.
public enum VoiceLimits {
    public static let maxBytes = 2 * 1024 * 1024
}
