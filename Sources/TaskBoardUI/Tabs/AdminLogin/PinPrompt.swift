import TaskBoard

/// "Admin PIN: [•••• ]": one label and a field (masked for a PIN), for every PIN prompt.
struct PinPrompt {
    let label: String
    let field: TextField
    let theme: Theme

    func render(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let used = buffer.write(label + ": ", x: x, y: y, style: theme.text.with(bold: true), maxWidth: width)
        field.render(into: &buffer, x: x + used, y: y, width: min(10, width - used), style: theme.selected,
                     bullet: theme.unicode ? "•" : "*")
    }
}
