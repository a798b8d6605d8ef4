import Foundation
import TaskBoard

/// What a kiosk shows while it cannot start (`StartProblem`): why, in words
/// for the adult who looks at it, that nothing was changed where that is the
/// question, and that it tries again by itself; the program's own words go
/// under it (the file, the server's answer), for whoever looks after it.
public struct StartWaitScreen {
    public let strings: Strings
    public let theme: Theme

    public init(strings: Strings, theme: Theme) {
        self.strings = strings
        self.theme = theme
    }

    public func render(size: Size, problem: StartProblem, reason: String, retrySeconds: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size, style: theme.background)
        let width = max(1, size.width - 4)
        // On a small screen (a big kiosk font) no blank rows: all of it shows.
        let gap = size.height >= 16 ? 1 : 0
        var y = 2 * gap
        let (title, why): (String, String) = switch problem {
        case .database(.serverFull): ("wait.title", "wait.serverFull")
        case .database(.loginRefused): ("wait.title", "wait.loginRefused")
        case .database(.noSuchDatabase): ("wait.title", "wait.noSuchDatabase")
        case .database(.removed): ("removed.title", "removed.body")
        case .database(nil): ("wait.title", "wait.noAnswer")
        case .newerData: ("start.title", "start.newerData")
        case .damagedData: ("start.title", "start.damagedData")
        }
        buffer.write(strings[title], x: 2, y: y, style: theme.title, maxWidth: width)
        y += 1 + gap
        y += buffer.writeWrapped(strings[why], x: 2, y: y, width: width, maxLines: max(1, size.height - y - 1), style: theme.text) + gap
        y += buffer.writeWrapped(strings["wait.retry", arguments: ["seconds": "\(retrySeconds)"]], x: 2, y: y, width: width,
                                 maxLines: max(0, size.height - y - 1), style: theme.text) + gap
        _ = buffer.writeWrapped(reason, x: 2, y: y, width: width, maxLines: max(0, size.height - y), style: theme.dim)
        return buffer
    }
}
