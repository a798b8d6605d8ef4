import Foundation

/// The process's environment variables, read once. Foundation builds a
/// dictionary of the whole environment each time it is asked, and a start
/// asks in several places (the data directory, the assets, the database,
/// the language): about a third of a millisecond of the kiosk's start
/// (issue 13). Nothing in taskboard changes its own environment.
public enum ProcessEnvironment {
    public static let variables: [String: String] = ProcessInfo.processInfo.environment
}
