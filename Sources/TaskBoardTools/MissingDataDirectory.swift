import TaskBoardStorage

/// No data directory where one was named: a mistyped --data-dir must fail
/// clearly, never quietly start a new, empty daycare.
public struct MissingDataDirectory: Error, Equatable, CustomStringConvertible {
    public let path: String
    /// The option that names it: --data-dir, or copy's --from.
    public let option: String

    public init(_ path: String, option: String = "--data-dir") {
        self.path = path
        self.option = option
    }

    public var description: String { "no data directory at \(path) (give \(option), or start the kiosk once)" }

    /// Throws unless `path` is a directory.
    public static func check(_ path: String, option: String = "--data-dir") throws(MissingDataDirectory) {
        guard DataFiles.isDirectory(path) else { throw MissingDataDirectory(path, option: option) }
    }
}
