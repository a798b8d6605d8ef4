import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTools
import TaskBoardUI
import TerminalBackend

/// A kiosk that cannot open its data (`StartProblem`): a database it has
/// never reached, data written by a newer taskboard (an older package
/// installed over it), a damaged file. It waits on a screen that says why
/// and tries again every few seconds, rather than exit (under systemd, a
/// restart loop that says nothing on the screen). The reason goes to stderr
/// once before the screen starts (the journal, under the kiosk's units) and
/// to the log; the log says each new kind of problem once, and when the
/// data could be opened.
struct StartWait {
    let directory: URL
    let language: Language?
    /// Ctrl-C ends the wait only outside kiosk mode, as it ends the kiosk.
    let kiosk: Bool
    static let retrySeconds = 5
    /// A kiosk removed from the database (`taskboard rooms revoke`) knocks
    /// rarely: its login stays refused until someone gives it back.
    static let removedRetrySeconds = 300

    static func retrySeconds(for problem: StartProblem) -> Int {
        problem == .database(.removed) ? removedRetrySeconds : retrySeconds
    }

    /// Tries `open` until it works; on a failure that is a `StartProblem`
    /// shows why, else throws. `open` reads everything afresh each time: a
    /// password file or a data file mended meanwhile is used without a restart.
    func open<Store>(_ open: () throws -> Store) throws -> Store {
        var failure: (problem: StartProblem, reason: String)
        do { return try open() } catch {
            guard let problem = Self.problem(error) else { throw error }
            failure = problem
        }
        let log = LogFile(directory: directory)
        log.append(Self.logLine(failure))
        FileHandle.standardError.write(Data("taskboard: \(FullStop.after(failure.reason)) The kiosk waits and tries again every \(Self.retrySeconds(for: failure.problem)) seconds.\n".utf8))
        let spoken = KioskAssets.language(asked: language, settings: Settings())
        let assets = try KioskAssets.load(from: try KioskAssets.folder(), languages: [spoken])
        let strings = try assets.strings(spoken)
        let terminal = try NcursesTerminal(term: ProcessEnvironment.current["TERM"], noColor: ProcessEnvironment.current.noColor)
        defer { terminal.shutdown() }
        let screen = StartWaitScreen(strings: strings, theme: Theme(color: terminal.supportsColor, unicode: terminal.supportsUnicode,
                                                                    brightBackgrounds: terminal.hasBrightBackgrounds))
        let started = Date()
        while true {
            let draw = { terminal.draw(screen.render(size: terminal.size, problem: failure.problem, reason: failure.reason,
                                                     retrySeconds: Self.retrySeconds(for: failure.problem))) }
            draw()
            // A resize redraws; it does not put the next try off.
            let retry = Date().addingTimeInterval(TimeInterval(Self.retrySeconds(for: failure.problem)))
            while Date() < retry {
                if let request = terminal.stopRequest {
                    // Stopped as asked (systemd stopping the unit): not a failure.
                    log.append("asked to stop (\(request)) while waiting to start; stopping")
                    throw ExitCode.success
                }
                if terminal.isGone { throw CommandFailure("the terminal is gone while waiting to start: \(failure.reason)") }
                let event = terminal.nextEvent(timeout: retry.timeIntervalSinceNow)
                if !kiosk, event == .key(.control("c")) { throw CommandFailure("stopped while waiting to start: \(failure.reason)") }
                if case .resize = event { draw() }
            }
            do {
                let store = try open()
                let waited = Int(Date().timeIntervalSince(started))
                if case .database = failure.problem {
                    log.append("reached the database after \(waited) s of waiting")
                } else {
                    log.append("started after \(waited) s of waiting")
                }
                return store
            } catch {
                guard let problem = Self.problem(error) else { throw error }
                // A new kind of problem is news for the log; the same one again is not.
                if problem.problem != failure.problem { log.append(Self.logLine(problem)) }
                failure = problem
            }
        }
    }

    /// The log's words for a problem, the same each time (a new kind is news, the same one again is not).
    private static func logLine(_ failure: (problem: StartProblem, reason: String)) -> String {
        if case .database = failure.problem { return "waiting for the database: \(failure.reason)" }
        return "cannot start: \(failure.reason)"
    }

    /// The failures a kiosk waits out, with the words for under the screen's
    /// own; nil for the rest (a second kiosk, a read-only disk, a bug), which
    /// end the start as before.
    static func problem(_ error: Error) -> (problem: StartProblem, reason: String)? {
        switch error {
        case let error as DatabaseError where error.isOutage:
            (.database(error.refusal.map(Offline.Refusal.init)), error.message)
        case let error as DatabaseError where error.isNewerSchema:
            (.newerData, error.message)
        case let error as StorageError where error.isNewerSchema:
            (.newerData, "\(error)")
        case let error as StorageError where error.isDamaged && !error.mayBeWritten:
            (.damagedData, "\(error)")
        default:
            nil
        }
    }
}
