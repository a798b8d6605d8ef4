import Foundation
import TaskBoardStorage

/// A kiosk's own note, in its local directory, that its login was revoked
/// (`taskboard rooms revoke`): kept until it logs in again, so that neither
/// a network that goes down nor a restart brings the board back on a kiosk
/// shut out of the daycare. Set, it also takes away what the kiosk kept of
/// what it read (the snapshot: names and recent ticks; the recordings of
/// names): a kiosk shut out keeps only what was made on it (the outbox).
enum RemovedMark {
    static func url(in directory: URL) -> URL { directory.appendingPathComponent("removed") }

    static func isSet(in directory: URL) -> Bool { FileManager.default.fileExists(atPath: url(in: directory).path) }

    /// Best effort: without the note, the kiosk still shows it was removed until it stops.
    static func set(in directory: URL) {
        if !isSet(in: directory) {
            try? Data("revoked: this kiosk's own database login was refused\n".utf8).write(to: url(in: directory), options: .atomic)
        }
        // Every time: a copy saved since (a turn that logged in, then failed) goes too.
        try? FileManager.default.removeItem(at: ViewSnapshot.url(in: directory))
        try? FileManager.default.removeItem(atPath: JSONFileStore.voicesPath(in: directory))
    }

    static func clear(in directory: URL) {
        guard isSet(in: directory) else { return }
        try? FileManager.default.removeItem(at: url(in: directory))
    }
}
