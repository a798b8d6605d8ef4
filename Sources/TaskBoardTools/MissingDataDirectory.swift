import Foundation
import TaskBoardStorage

/// No data directory where one was named: a mistyped --data-dir must fail
/// clearly, never quietly start a new, empty daycare.
public struct MissingDataDirectory: Error, Equatable, CustomStringConvertible {
    public let path: String
    /// The option that names it: --data-dir, or copy's --from.
    public let option: String

    /// The folder is there but holds no daycare (a mistyped path to
    /// another program's folder): nothing is written into it.
    public let isForeign: Bool

    public init(_ path: String, option: String = "--data-dir", isForeign: Bool = false) {
        self.path = path
        self.option = option
        self.isForeign = isForeign
    }

    public var description: String {
        isForeign
            ? "\(path) is not a taskboard data directory (it has no roster.json, settings.json or marks folder): give \(option) with the daycare's folder"
            : "no data directory at \(path) (give \(option), or start the kiosk once)"
    }

    /// Throws unless `path` is a directory that holds a daycare, or nothing
    /// yet (a new daycare's folder, made ready by hand). `newDaycare`: any
    /// folder will do (import makes a daycare in the folder of its CSV).
    public static func check(_ path: String, option: String = "--data-dir", newDaycare: Bool = false) throws(MissingDataDirectory) {
        guard DataFiles.isDirectory(path) else { throw MissingDataDirectory(path, option: option) }
        guard newDaycare || DataFiles.holdsDaycare(path) || (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true else {
            throw MissingDataDirectory(path, option: option, isForeign: true)
        }
    }
}
