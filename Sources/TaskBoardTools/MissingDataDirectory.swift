import TaskBoardStorage

/// No data directory where one was named: a mistyped --data-dir must fail
/// clearly, never quietly start a new, empty daycare.
public struct MissingDataDirectory: Error, Equatable, CustomStringConvertible {
    public let path: String

    public init(_ path: String) { self.path = path }

    public var description: String { "no data directory at \(path) (give --data-dir, or start the kiosk once)" }

    /// Throws unless `path` is a directory.
    public static func check(_ path: String) throws(MissingDataDirectory) {
        guard DataFiles.isDirectory(path) else { throw MissingDataDirectory(path) }
    }
}
