import Foundation

/// Every file under a folder with its bytes and mode, and every folder: two
/// snapshots are equal when nothing was written, created or removed.
public struct DirectorySnapshot: Equatable, Sendable {
    public var files: [String: Data] = [:]
    public var modes: [String: Int] = [:]
    public var folders: Set<String> = []

    /// `skippingLock` leaves out `taskboard.lock`, which every writer
    /// touches (it writes its pid there) without changing any data.
    public static func of(_ folder: URL, skippingLock: Bool = false) throws -> DirectorySnapshot {
        var snapshot = DirectorySnapshot()
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return snapshot }
        while let relative = walker.nextObject() as? String {
            let path = root + "/" + relative
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                snapshot.folders.insert(relative)
            case .typeRegular? where !(skippingLock && relative == "taskboard.lock"):
                snapshot.files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
                snapshot.modes[relative] = (attributes[.posixPermissions] as? NSNumber)?.intValue
            default:
                continue
            }
        }
        return snapshot
    }
}
