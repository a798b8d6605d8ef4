import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Asks for a PIN on the terminal without echoing it. Without a terminal on
/// stdin (a script, a test) it reads one line from stdin instead.
enum PinPrompt {
    /// The echo settings to put back if Ctrl-C comes while echo is off.
    nonisolated(unsafe) private static var savedSettings: termios?

    static func ask(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        guard isatty(STDIN_FILENO) == 1 else { return try readLine(echoed: true) }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return try readLine(echoed: true) }
        var quiet = settings
        quiet.c_lflag &= ~tcflag_t(ECHO)
        savedSettings = settings
        signal(SIGINT) { _ in
            if var saved = PinPrompt.savedSettings { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            signal(SIGINT, SIG_DFL)
            savedSettings = nil
        }
        return try readLine(echoed: false)
    }

    private static func readLine(echoed: Bool) throws -> String {
        let line = Swift.readLine(strippingNewline: true)
        // The Enter that was typed did not show either.
        if !echoed { FileHandle.standardError.write(Data("\n".utf8)) }
        guard let line else { throw CommandFailure("no PIN was given (the input ended)") }
        return line
    }
}
