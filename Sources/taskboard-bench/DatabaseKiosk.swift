import Foundation
import TaskBoardTestSupport

/// A real kiosk process on the database (`TASKBOARD_DATABASE_URL` and its
/// password from the environment), in a pseudo-terminal at 80×24, as the
/// reports time it from outside.
enum DatabaseKiosk {
    static func start(_ taskboard: String, localDirectory: URL, name: String) throws -> PseudoTerminal {
        var environment = OutsideReport.environment(dataDirectory: nil)
        environment["TASKBOARD_KIOSK_NAME"] = name
        return try PseudoTerminal(executable: taskboard, arguments: ["--data-dir", localDirectory.path], columns: 80, rows: 24,
                                  environment: environment)
    }
}
