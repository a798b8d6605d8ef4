import ArgumentParser
import Foundation

// `taskboard` with no arguments, as the kiosk's systemd unit starts it, goes
// straight to the kiosk: ArgumentParser's first parse in a process costs
// about 3 ms of reflection and conformance lookups, a fifth of the kiosk's
// start-up (issue 13). The graphical kiosk's unit adds only `--pictures`,
// which takes the same way. Anything else is parsed as always.
if CommandLine.argc == 1 || (CommandLine.argc == 2 && CommandLine.arguments[1] == "--pictures") {
    do {
        try KioskCommand.reportingFailures { try KioskStart(data: DefaultDataLocation(), pictures: CommandLine.argc == 2).run() }
        exit(0)
    } catch let code as ExitCode {
        exit(code.rawValue)
    } catch {
        exit(1)
    }
}
TaskBoardCommand.main()
