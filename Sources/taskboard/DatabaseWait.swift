import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTools
import TaskBoardUI
import TerminalBackend

/// A kiosk that has never reached its database (so it has nothing of its own
/// to show) and cannot now: it waits on a screen that says why and tries
/// again every few seconds, rather than exit (under systemd, a restart loop
/// that says nothing on the screen). The log says each new kind of refusal
/// once, and when the database was reached.
struct DatabaseWait {
    let directory: URL
    let language: Language?
    /// Ctrl-C ends the wait only outside kiosk mode, as it ends the kiosk.
    let kiosk: Bool
    static let retrySeconds = 5

    /// Tries `open` until it works; on a failure that is an outage (nothing
    /// answers, or the server refused the connection) shows why, else throws.
    /// `open` reads the login afresh each time: a password file mended
    /// meanwhile is used without a restart.
    func open<Store>(_ open: () throws -> Store) throws -> Store {
        var failure: DatabaseError
        do { return try open() } catch let error as DatabaseError where error.isOutage { failure = error }
        let log = LogFile(directory: directory)
        log.append("waiting for the database: \(failure.message)")
        let folder = try KioskAssets.folder()
        let assets = try KioskAssets.load(from: folder, languages: [KioskAssets.language(asked: language, settings: Settings())])
        let strings = try assets.strings(KioskAssets.language(asked: language, settings: Settings()))
        let terminal = try NcursesTerminal(term: ProcessEnvironment.current["TERM"], noColor: ProcessEnvironment.current.noColor)
        defer { terminal.shutdown() }
        let screen = DatabaseWaitScreen(strings: strings, theme: Theme(color: terminal.supportsColor, unicode: terminal.supportsUnicode,
                                                                        brightBackgrounds: terminal.hasBrightBackgrounds))
        let started = Date()
        while true {
            let draw = { terminal.draw(screen.render(size: terminal.size, refusal: failure.refusal.map(Offline.Refusal.init),
                                                     reason: failure.message, retrySeconds: Self.retrySeconds)) }
            draw()
            // A resize redraws; it does not put the next try off.
            let retry = Date().addingTimeInterval(TimeInterval(Self.retrySeconds))
            while Date() < retry {
                if let request = terminal.stopRequest {
                    // Stopped as asked (systemd stopping the unit): not a failure.
                    log.append("asked to stop (\(request)) while waiting for the database; stopping")
                    throw ExitCode.success
                }
                if terminal.isGone { throw CommandFailure("the terminal is gone while waiting for the database: \(failure.message)") }
                let event = terminal.nextEvent(timeout: retry.timeIntervalSinceNow)
                if !kiosk, event == .key(.control("c")) { throw CommandFailure("stopped while waiting for the database: \(failure.message)") }
                if case .resize = event { draw() }
            }
            do {
                let store = try open()
                log.append("reached the database after \(Int(Date().timeIntervalSince(started))) s of waiting")
                return store
            } catch let error as DatabaseError where error.isOutage {
                // A new kind of refusal is news for the log; the same one again is not.
                if error.refusal != failure.refusal { log.append("waiting for the database: \(error.message)") }
                failure = error
            }
        }
    }
}
