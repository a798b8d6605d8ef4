import Foundation
import TaskBoard

/// What a kiosk shows once its own database login was revoked (`taskboard
/// rooms revoke`): that it was removed and whom to ask, and that the
/// changes made here are kept on it; no board, no names, no keys. The
/// server's words go under it, for whoever looks after the machine.
struct RemovedKioskView {
    let screen: KioskScreen

    func render(_ offline: Offline, into buffer: inout ScreenBuffer) {
        let strings = screen.strings, theme = screen.theme
        let size = buffer.size
        let width = max(1, size.width - 4)
        // On a small screen (a big kiosk font) no blank rows: all of it shows.
        let gap = size.height >= 16 ? 1 : 0
        var y = 2 * gap
        buffer.write(strings["removed.title"], x: 2, y: y, style: theme.title, maxWidth: width)
        y += 1 + gap
        y += buffer.writeWrapped(strings["removed.body"], x: 2, y: y, width: width, maxLines: max(1, size.height - y - 1), style: theme.text) + gap
        if offline.waiting > 0 {
            y += buffer.writeWrapped(strings.plural("count.changesKeptHere", count: offline.waiting), x: 2, y: y, width: width,
                                     maxLines: max(0, size.height - y - 1), style: theme.text) + gap
        }
        _ = buffer.writeWrapped(offline.reason, x: 2, y: y, width: width, maxLines: max(0, size.height - y), style: theme.dim)
    }
}
