import Foundation
import TaskBoard

/// What a kiosk on a shared database shows while it cannot start: it has
/// never reached the server (so it has nothing of its own to show) and the
/// server does not answer or will not have it. It says why, in words for
/// the adult who looks at it, and that it tries again by itself; the
/// server's own words go under it, for whoever looks after the kiosks.
public struct DatabaseWaitScreen {
    public let strings: Strings
    public let theme: Theme

    public init(strings: Strings, theme: Theme) {
        self.strings = strings
        self.theme = theme
    }

    public func render(size: Size, refusal: Offline.Refusal?, reason: String, retrySeconds: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size, style: theme.background)
        let width = max(1, size.width - 4)
        // On a small screen (a big kiosk font) no blank rows: all of it shows.
        let gap = size.height >= 16 ? 1 : 0
        var y = 2 * gap
        buffer.write(strings["wait.title"], x: 2, y: y, style: theme.title, maxWidth: width)
        y += 1 + gap
        let why: String = switch refusal {
        case .serverFull: strings["wait.serverFull"]
        case .loginRefused: strings["wait.loginRefused"]
        case .noSuchDatabase: strings["wait.noSuchDatabase"]
        case nil: strings["wait.noAnswer"]
        }
        y += buffer.writeWrapped(why, x: 2, y: y, width: width, maxLines: max(1, size.height - y - 1), style: theme.text) + gap
        y += buffer.writeWrapped(strings["wait.retry", arguments: ["seconds": "\(retrySeconds)"]], x: 2, y: y, width: width,
                                 maxLines: max(0, size.height - y - 1), style: theme.text) + gap
        _ = buffer.writeWrapped(reason, x: 2, y: y, width: width, maxLines: max(0, size.height - y), style: theme.dim)
        return buffer
    }
}
