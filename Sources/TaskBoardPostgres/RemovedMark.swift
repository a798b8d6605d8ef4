import Foundation

/// A kiosk's own note, in its local directory, that its login was revoked
/// (`taskboard rooms revoke`): kept until it logs in again, so that neither
/// a network that goes down nor a restart brings the board (and the
/// children's names) back on a kiosk shut out of the daycare.
enum RemovedMark {
    static func url(in directory: URL) -> URL { directory.appendingPathComponent("removed") }

    static func isSet(in directory: URL) -> Bool { FileManager.default.fileExists(atPath: url(in: directory).path) }

    /// Best effort: without it, the kiosk still shows it was removed until it stops.
    static func set(in directory: URL) {
        guard !isSet(in: directory) else { return }
        try? Data("revoked: this kiosk's own database login was refused\n".utf8).write(to: url(in: directory), options: .atomic)
    }

    static func clear(in directory: URL) {
        guard isSet(in: directory) else { return }
        try? FileManager.default.removeItem(at: url(in: directory))
    }
}
