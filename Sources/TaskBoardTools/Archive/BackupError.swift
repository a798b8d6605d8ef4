/// Why a backup or restore stopped; every case is one line for stderr and
/// says what was left as it was.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
    case archiveExists(String)
    case noFolder(archive: String, folder: String)
    case cannotOpen(archive: String, reason: String)
    case notOurs(archive: String)
    case damaged(archive: String, reason: String)
    case newerSchema(archive: String, found: Int, supported: Int)
    case unreadableContent(archive: String, problem: String)
    case cannotReplace(directory: String, reason: String)
    /// The folders traded names, the disk failed before that was durable,
    /// and trading them back failed too: the restore stands, perhaps not for good.
    case restoredNotDurable(directory: String, replacedIn: String, reason: String)

    public var description: String {
        switch self {
        case .archiveExists(let path):
            "\(path) exists already; give another file name (a backup never overwrites a file)"
        case .noFolder(let archive, let folder):
            "cannot write \(archive): there is no folder \(folder)"
        case .cannotOpen(let archive, let reason):
            "cannot open \(archive): \(reason); nothing was changed"
        case .notOurs(let archive):
            "\(archive) is not a taskboard backup (it has no \(BackupManifest.entryName)); nothing was changed"
        case .damaged(let archive, let reason):
            "\(archive) is damaged or truncated: \(reason); nothing was changed"
        case .newerSchema(let archive, let found, let supported):
            "\(archive) was made by a newer taskboard (backup schema \(found); this one reads \(supported)); nothing was changed"
        case .unreadableContent(let archive, let problem):
            "\(archive) holds a file that cannot be read: \(problem); nothing was changed"
        case .cannotReplace(let directory, let reason):
            "cannot replace \(directory): \(reason)"
        case .restoredNotDurable(let directory, let replaced, let reason):
            "\(reason.hasSuffix(".") ? String(reason.dropLast()) : reason): \(directory) now holds the archive's data, but the disk failed "
                + "before that was made durable and it could not be put back, so after a power cut it may or may not still be the restored data. "
                + "The data it replaced is in \(replaced). Run taskboard check, and restore again once the disk is sound."
        }
    }
}
