import TaskBoard

/// Where things are on the screen: the rows of the chrome and the content.
public enum KioskLayout {
    public static let contentTop = 3

    /// The area between the tab bar and the status line, where tabs draw.
    public static func content(_ size: Size) -> Rect {
        Rect(x: 0, y: 2, width: size.width, height: size.height - 4)
    }

    /// Where the help's lines go: under its title, above the status line.
    /// On a narrow screen closer to the edges, so more words fit.
    public static func helpText(_ size: Size) -> Rect {
        let x = size.width < 60 ? 2 : 4
        return Rect(x: x, y: 3, width: max(1, size.width - 2 * x), height: max(1, size.height - 5))
    }

    /// Where each tab is on the tab bar, by its width with a space each side:
    /// all of them where they fit; else the one shown and as many of its
    /// neighbours as fit, after a column for the "more" mark on each side.
    public static func tabCells(widths: [Int], active: Int, screenWidth: Int) -> [(index: Int, x: Int, width: Int)] {
        var cells: [(index: Int, x: Int, width: Int)] = []
        if widths.reduce(0, +) <= screenWidth {
            var x = 0
            for (index, width) in widths.enumerated() {
                cells.append((index, x, width))
                x += width
            }
            return cells
        }
        var first = active, last = active, used = widths[active]
        var growRight = true
        while true {
            if growRight, last + 1 < widths.count, used + widths[last + 1] <= screenWidth - 2 {
                last += 1
                used += widths[last]
            } else if first > 0, used + widths[first - 1] <= screenWidth - 2 {
                first -= 1
                used += widths[first]
            } else if last + 1 < widths.count, used + widths[last + 1] <= screenWidth - 2 {
                last += 1
                used += widths[last]
            } else {
                break
            }
            growRight.toggle()
        }
        var x = 1
        for index in first...last {
            cells.append((index, x, widths[index]))
            x += widths[index]
        }
        return cells
    }
}
