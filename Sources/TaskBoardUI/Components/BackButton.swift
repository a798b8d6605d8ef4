import TaskBoard

/// "◀ Back" as a button two rows high at the left of a screen's title row:
/// a child who cannot read finds the way back by the arrow. A tap on it does
/// what the back key does there. Below 60 columns the arrow alone, so the
/// title beside it keeps its room.
struct BackButton {
    let label: String
    let theme: Theme
    /// The screen goes back (its back key is enabled): else nothing is drawn.
    let shown: Bool

    init(_ frame: Frame) {
        theme = frame.theme
        let arrow = theme.unicode ? "◀" : "<"
        label = frame.state.size.width < Self.wordsMinimumWidth ? " \(arrow) " : "\(arrow) \(frame.strings["button.back"])"
        shown = frame.offers(.back) && frame.screen.drawsButtons
    }

    static let wordsMinimumWidth = 60

    /// Draws the button on `titleRow` and the row above it; returns the
    /// column where the title goes, right of the button (2 without one).
    func render(into buffer: inout ScreenBuffer, titleRow y: Int, maxWidth: Int) -> Int {
        guard shown else { return 2 }
        let width = min(DisplayWidth.of(label) + 2, maxWidth)
        let rect = Rect(x: 1, y: y - 1, width: width, height: 2)
        buffer.fill(rect, style: theme.button)
        buffer.write(label, x: 2, y: y, style: theme.button, maxWidth: width - 2)
        buffer.target(rect, .action(.back))
        return rect.x + width + 1
    }
}
