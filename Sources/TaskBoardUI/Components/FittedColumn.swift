/// Parts stacked down a column: paragraphs wrapped to its width, blank gaps,
/// and rows a view draws itself (a field). When they do not all fit in the
/// rows there are, the parts that matter least give way, whole, so what must
/// be seen (a PIN field, the number to type) is drawn at every size.
struct FittedColumn {
    struct Part {
        enum Content {
            case text(String, Style)
            case gap
            /// One row, drawn by the caller at the row it is given.
            case row((inout ScreenBuffer, Int) -> Void)
        }

        let content: Content
        /// Higher stays longer; gaps go first. Equal ones give way from the bottom up.
        let priority: Int
        let indent: Int

        static func text(_ text: String, _ style: Style, priority: Int, indent: Int = 0) -> Part {
            Part(content: .text(text, style), priority: priority, indent: indent)
        }

        static func gap(priority: Int = 0) -> Part { Part(content: .gap, priority: priority, indent: 0) }

        static func row(priority: Int, _ draw: @escaping (inout ScreenBuffer, Int) -> Void) -> Part {
            Part(content: .row(draw), priority: priority, indent: 0)
        }

        func lines(width: Int) -> [String] {
            switch content {
            case .text(let text, _): ScreenBuffer.wrap(text, width: max(1, width - indent))
            case .gap, .row: [""]
            }
        }
    }

    let parts: [Part]
    let width: Int

    /// The parts kept for `height` rows, in their order, with their lines.
    func fitted(height: Int) -> [(part: Part, lines: [String])] {
        let lines = parts.map { $0.lines(width: width) }
        var keep = [Bool](repeating: true, count: parts.count)
        func used() -> Int { parts.indices.reduce(0) { $0 + (keep[$1] ? lines[$1].count : 0) } }
        // Out go the least needed, from the bottom up, until the rest fit;
        // then back come those that fit again, the most needed first (a gap
        // left out before a long paragraph went may have room after all).
        let order = parts.indices.sorted { (parts[$0].priority, -$0) < (parts[$1].priority, -$1) }
        var removed: [Int] = []
        for index in order where used() > height {
            keep[index] = false
            removed.append(index)
        }
        for index in removed.reversed() {
            keep[index] = true
            if used() > height { keep[index] = false }
        }
        var kept = parts.indices.filter { keep[$0] }.map { (part: parts[$0], lines: lines[$0]) }
        // A gap at the top or bottom is wasted.
        while let first = kept.first, case .gap = first.part.content { kept.removeFirst() }
        while let last = kept.last, case .gap = last.part.content { kept.removeLast() }
        return kept
    }

    /// Rows the fitted parts take.
    func height(within height: Int) -> Int { fitted(height: height).reduce(0) { $0 + $1.lines.count } }

    /// Draws the parts that fit from row `y` down; returns the rows used.
    @discardableResult
    func render(into buffer: inout ScreenBuffer, x: Int, y: Int, height: Int) -> Int {
        var row = y
        for (part, lines) in fitted(height: height) {
            switch part.content {
            case .text(_, let style):
                for line in lines {
                    buffer.write(line, x: x + part.indent, y: row, style: style, maxWidth: width - part.indent)
                    row += 1
                }
            case .gap: row += 1
            case .row(let draw):
                draw(&buffer, row)
                row += 1
            }
        }
        return row - y
    }
}
