import TaskBoard

/// A question's or a form's answers as buttons a finger taps: what Enter
/// does, then what Esc does, named as the hint bar names them ("Delete",
/// "Cancel"). A tap on one does what its key does.
struct DialogButtons {
    let buttons: [(label: String, action: Action)]
    let style: Style

    /// The enabled answers among `bindings`, in the words of `strings`.
    init(_ bindings: [Binding], strings: Strings, style: Style) {
        buttons = [Action.choose, .back].compactMap { action in
            bindings.first { $0.action == action && $0.enabled }.map { (Self.capitalized(strings[$0.label]), action) }
        }
        self.style = style
    }

    /// On row `y` from column `x`, as many as fit in `width`.
    func render(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        var left = x
        for (label, action) in buttons {
            let rect = Rect(x: left, y: y, width: DisplayWidth.of(label) + 2, height: 1)
            guard rect.x + rect.width <= x + width else { break }
            buffer.fill(rect, style: style)
            buffer.write(label, x: rect.x + 1, y: y, style: style)
            buffer.target(rect, .action(action))
            left += rect.width + 2
        }
    }

    /// "delete" on the bar, "Delete" on a button.
    private static func capitalized(_ label: String) -> String {
        label.prefix(1).uppercased() + label.dropFirst()
    }
}
