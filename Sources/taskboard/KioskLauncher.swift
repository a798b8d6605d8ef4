import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardUI
import TerminalBackend

/// Starts the screen: texts, theme and terminal, then the kiosk loop, and
/// always gives the terminal back, whatever happens.
struct KioskLauncher {
    let daycare: Daycare
    let directory: URL
    let language: Language?
    let kiosk: Bool
    let demoPin: String?

    struct MissingAssets: Error, CustomStringConvertible {
        var description: String { "cannot find the assets folder (strings/en.json); set TASKBOARD_ASSETS to it" }
    }

    func run() throws {
        // Everything that can fail without a screen fails before ncurses starts.
        guard let assets = AssetsDirectory.find() else { throw MissingAssets() }
        let chosen = language
            ?? daycare.settings.language.flatMap(Language.init(rawValue:))
            ?? Language.from(environment: ProcessInfo.processInfo.environment["LC_ALL"] ?? ProcessInfo.processInfo.environment["LANG"])
        var languages: [Language: Strings] = [:]
        for language in Language.allCases {
            languages[language] = try Strings(data: Data(contentsOf: assets.appendingPathComponent("strings/\(language.fileName)")))
        }
        guard let strings = languages[chosen] else { throw MissingAssets() }
        let avatars = try AvatarCatalogue(json: Data(contentsOf: assets.appendingPathComponent("avatars.json"))).avatars
        let log = KioskLog(file: directory.appendingPathComponent("taskboard.log"))
        if let problem = daycare.backupProblem { log.write("backup failed: \(problem)") }

        let terminal = try NcursesTerminal()
        defer {
            terminal.shutdown()
            try? daycare.flush()
        }
        let screen = KioskScreen(daycare: daycare, strings: strings,
                                 theme: Theme(color: terminal.supportsColor, unicode: terminal.supportsUnicode),
                                 demoPin: demoPin, avatars: avatars)
        KioskRuntime(daycare: daycare, screen: screen, size: terminal.size, kiosk: kiosk, languages: languages, log: log.write)
            .run(on: terminal)
    }
}

/// Appends a line to the log file in the data directory; the terminal belongs to ncurses.
struct KioskLog: Sendable {
    let file: URL

    func write(_ message: String) {
        let line = Data("\(ISO8601DateFormatter().string(from: Date())) \(message)\n".utf8)
        guard let handle = try? FileHandle(forWritingTo: file) else {
            try? line.write(to: file)
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: line)
    }
}
