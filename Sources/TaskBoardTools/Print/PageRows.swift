import TaskBoard
import TaskBoardUI

/// A printed page put together row by row: rows cut from a kiosk screen, a
/// heading, blank lines. As tall as what was put in, never a fixed height.
struct PageRows {
    let width: Int
    let background: Style
    /// Where each row comes from; copied once, when the page is done.
    private var segments: [(buffer: ScreenBuffer, rows: Range<Int>)] = []
    private var height = 0

    init(width: Int, background: Style) {
        self.width = width
        self.background = background
    }

    /// Rows of another buffer of the same width, cells copied as they are
    /// (wide characters keep their right halves).
    mutating func append(_ buffer: ScreenBuffer, rows range: Range<Int>) {
        segments.append((buffer, range))
        height += range.count
    }

    /// Rows drawn by `draw` into a fresh buffer of `height` rows.
    mutating func append(height: Int, _ draw: (inout ScreenBuffer) -> Void) {
        var buffer = ScreenBuffer(size: Size(width: width, height: height), style: background)
        draw(&buffer)
        append(buffer, rows: 0..<height)
    }

    mutating func appendBlank() { append(height: 1) { _ in } }

    /// A row with `left` in `leftStyle` and `right` flush right, as the
    /// kiosk's tab bar shows the date; the left side is cut to make room.
    mutating func appendHeading(_ left: String, style leftStyle: Style, right: String, style rightStyle: Style) {
        let width = self.width
        append(height: 1) { buffer in
            let rightWidth = DisplayWidth.of(right)
            buffer.write(right, x: max(2, width - 1 - rightWidth), y: 0, style: rightStyle)
            buffer.write(left, x: 2, y: 0, style: leftStyle, maxWidth: max(1, width - rightWidth - 5))
        }
    }

    var buffer: ScreenBuffer {
        var page = ScreenBuffer(size: Size(width: width, height: height), style: background)
        var y = 0
        for (buffer, rows) in segments {
            for row in rows {
                for x in 0..<width { page[x, y] = buffer[x, row] }
                y += 1
            }
        }
        return page
    }
}
