import ArgumentParser
import Foundation
import TaskBoard
import TaskBoardStorage

/// `taskboard reset-pin`: for a forgotten PIN. Whoever can run this can read
/// the data directory anyway, so it asks for no old PIN; it writes pin.json
/// and nothing else.
struct ResetPinCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-pin",
        abstract: "Set a new admin PIN when the old one is forgotten; all other data stays.",
        discussion: """
        Asks for the new PIN twice on the terminal (without showing it). Also \
        clears failed tries and any lockout. Refuses while a kiosk holds the data \
        directory: stop the kiosk first (systemctl stop taskboard).

        Example:
          taskboard reset-pin --data-dir /var/lib/taskboard
        """)

    var unchangedOnFailure: String? { "The PIN was not changed." }

    @OptionGroup var data: DataOptions

    func execute() throws {
        let store = try data.openExistingForWriting()
        let guardian = try PinGuard(store: store, clock: data.clock)
        let pin = try PinPrompt.ask("New PIN (\(PinPolicy.lengthRange.lowerBound)–\(PinPolicy.lengthRange.upperBound) digits): ")
        let again = try PinPrompt.ask("The same PIN again: ")
        do {
            try guardian.reset(to: pin, confirmation: again)
        } catch let error as StorageError where error.mayBeWritten {
            // The new pin.json stands, not durable: which PIN holds is told by trying it.
            throw CommandFailure("\(error) The PIN may or may not have been changed: try the new PIN on the admin side; "
                + "if it is refused, the old one still holds. Run reset-pin again once the disk is sound.")
        }
        Output.line("The admin PIN is changed. Failed tries and lockouts are cleared.")
    }
}
