import ArgumentParser
import Foundation

/// A one-line reason a command stopped, for stderr.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A subcommand whose every error ends as one line on stderr and a non-zero
/// exit code, never as a stack trace or a half-written file.
protocol ToolCommand: ParsableCommand {
    func execute() throws
}

extension ToolCommand {
    func run() throws {
        do {
            try execute()
        } catch let error as ExitCode {
            throw error
        } catch {
            Output.error(error)
            throw ExitCode.failure
        }
    }
}

/// stdout and stderr for the tools (the kiosk never prints while ncurses runs).
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func text(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func bytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func error(_ error: Error) {
        let message = "\(error)".split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
        FileHandle.standardError.write(Data("taskboard: \(message)\n".utf8))
    }
}
