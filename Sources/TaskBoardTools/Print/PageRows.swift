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

    /// A heading: the title's parts (the page, the period, the group, the
    /// child...) at the left, `right` flush right, as the kiosk's tab bar
    /// shows the date. Where they do not fit on one row, the parts wrap at
    /// their separators onto further rows and `right` goes to the end of the
    /// last one, or to a row of its own: nothing is left out or cut, unless
    /// one part alone is wider than the page.
    mutating func appendHeading(_ parts: [String], separator: String, style leftStyle: Style, right: String, style rightStyle: Style) {
        let width = self.width
        let rightWidth = DisplayWidth.of(right)
        let lines = Self.lines(of: parts, separator: separator, width: width - 3)
        // The right side needs two columns between it and the title, and one after it.
        let besideLast = DisplayWidth.of(lines.last ?? "") <= width - rightWidth - 5
        append(height: lines.count + (besideLast ? 0 : 1)) { buffer in
            for (y, line) in lines.enumerated() { buffer.write(line, x: 2, y: y, style: leftStyle, maxWidth: width - 3) }
            buffer.write(right, x: max(2, width - 1 - rightWidth), y: besideLast ? lines.count - 1 : lines.count, style: rightStyle)
        }
    }

    /// The parts joined by `separator`, as many to a line as fit in `width`.
    static func lines(of parts: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        for part in parts where !part.isEmpty {
            if let last = lines.last, DisplayWidth.of(last + separator + part) <= width {
                lines[lines.count - 1] = last + separator + part
            } else {
                lines.append(part)
            }
        }
        return lines.isEmpty ? [""] : lines
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
