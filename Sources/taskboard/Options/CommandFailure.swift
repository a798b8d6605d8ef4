import ArgumentParser
import TaskBoardPostgres
import Foundation
import TaskBoard
import TaskBoardStorage

/// A one-line reason a command stopped, for stderr.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A subcommand whose every error ends as one line on stderr and a non-zero
/// exit code, never as a stack trace or a half-written file.
protocol ToolCommand: ParsableCommand {
    func execute() throws
    /// For a command that changes something: what a failure leaves as it
    /// was ("Nothing was changed."), said after the reason, so the words
    /// tell "saved" from "not saved".
    var unchangedOnFailure: String? { get }
}

extension ToolCommand {
    var unchangedOnFailure: String? { nil }

    func run() throws {
        try Self.reportingFailures(unchanged: unchangedOnFailure, execute)
    }
}

extension ParsableCommand {
    /// Runs `body`; an error becomes one line on stderr and `ExitCode.failure`.
    static func reportingFailures(unchanged: String? = nil, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch let error as StorageError where error.isLock {
            // Refused on opening, before anything was written, whatever the command.
            Output.error(CommandFailure(Self.self == KioskCommand.self ? secondKiosk(error) : heldDataDirectory(error)))
            throw ExitCode.failure
        } catch let error as StorageError where error.mayBeWritten {
            // Written, and then neither made durable nor taken back: never "not saved".
            Output.error(error, outcome: StorageError.mayBeWrittenAdvice)
            throw ExitCode.failure
        } catch let error as StorageError {
            // A file could not be read or written: say what stayed as it was.
            Output.error(error, outcome: unchanged)
            throw ExitCode.failure
        } catch let error as DatabaseError {
            // A COMMIT without an answer may have been committed: say so, never "not saved".
            Output.error(error, outcome: error.mayBeSaved ? "It may or may not have been saved: look before trying again." : unchanged)
            throw ExitCode.failure
        } catch {
            // Refusals by the rules and lookups happen before anything is written.
            Output.error(error)
            throw ExitCode.failure
        }
    }
}

/// Another taskboard holds the data directory: who, that nothing was
/// changed, and what to do. A kiosk is stopped as docs/kiosk.md sets it up:
/// the admin side's quit key, or its systemd unit (taskboard-graphical, or
/// taskboard for the text console), which would start it again after a quit.
func heldDataDirectory(_ error: StorageError) -> String {
    let held = error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description
    guard error.isKioskLock else {
        return "\(held): a command that has not finished. Nothing was changed. Try again in a moment."
    }
    return "\(held): a running kiosk. Nothing was changed. Stop the kiosk first (Ctrl-Q on its admin side quits it; if it runs as a service: "
        + "sudo systemctl stop taskboard-graphical, or taskboard on a text console), run this again, then start the kiosk again."
}

/// A kiosk started where one runs already: one data directory has one
/// kiosk; a second screen shows the same board with --view-only.
func secondKiosk(_ error: StorageError) -> String {
    guard case .locked(let pid, true) = error.problem else {
        let held = error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description
        return "\(held): a command that has not finished. The kiosk did not start; start it again in a moment."
    }
    return "A kiosk is already running on \(error.path)" + (pid.map { " (pid \($0))" } ?? "")
        + ", and a data directory has one kiosk: this one did not start. "
        + "For the same board on a second screen: taskboard --view-only --data-dir \(error.path)"
}

/// stdout and stderr for the tools (the kiosk never prints while ncurses runs).
/// Lines and messages have their control characters written out: names
/// are refused with them on load, and this is the second line of defence
/// (a name typed on the command line is echoed in an error, too). Pages
/// come from a screen buffer, which holds no control characters.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((shown(text) + "\n").utf8))
    }

    /// The text with every control character but the line break written out.
    private static func shown(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { NameRules.escapingControlCharacters(String($0)) }.joined(separator: "\n")
    }

    static func text(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func bytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func error(_ error: Error, outcome: String? = nil) {
        let message = NameRules.escapingControlCharacters("\(error)".split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " "))
        let said = outcome.map { FullStop.after(message) + " " + $0 } ?? message
        FileHandle.standardError.write(Data("taskboard: \(said)\n".utf8))
    }

    /// A word on how a change went that is not its result (stderr, so stdout stays the result).
    static func note(_ text: String) {
        FileHandle.standardError.write(Data("taskboard: note: \(NameRules.escapingControlCharacters(text))\n".utf8))
    }

    /// After a change that was saved: the summary (a cache) could not be,
    /// which loses nothing but tells of a full or read-only disk.
    static func cacheNote(_ daycare: Daycare) {
        guard let problem = daycare.cacheProblem else { return }
        let text = NameRules.escapingControlCharacters("\(problem)")
        FileHandle.standardError.write(Data("taskboard: note: the summary of the marks (a cache) was not updated: \(text) Nothing is lost; the next start reads the journals again.\n".utf8))
    }
}
