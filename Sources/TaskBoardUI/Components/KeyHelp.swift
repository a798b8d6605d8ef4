import TaskBoard

/// The keys of the actions the current screen handles, taken from the key
/// table: drawn as the bottom hint bar and as the `?` help, so neither can
/// say anything the keys do not do.
public struct KeyHelp {
    public let actions: [Action]
    public let keyMap: KeyMap
    public let unicode: Bool

    public init(actions: [Action], keyMap: KeyMap, unicode: Bool = true) {
        self.actions = actions
        self.keyMap = keyMap
        self.unicode = unicode
    }

    /// The bottom line: the first key of each action and its short name, as many as fit.
    public func renderBar(into buffer: inout ScreenBuffer, row: Int, style: Style, keyStyle: Style, name: (Action) -> String) {
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: style)
        var x = 1
        for action in actions {
            guard let key = keyMap.keys(for: action).first else { continue }
            let label = KeyLabel.text(key, unicode: unicode)
            let text = name(action)
            let needed = DisplayWidth.of(label) + 1 + DisplayWidth.of(text)
            guard x + needed <= buffer.size.width else { break }
            x += buffer.write(label, x: x, y: row, style: keyStyle)
            x += 1
            x += buffer.write(text, x: x, y: row, style: style)
            x += 2
        }
    }

    /// One row per action: all its keys, then what it does.
    public func helpRows(name: (Action) -> String) -> [(keys: String, name: String)] {
        actions.compactMap { action in
            let keys = keyMap.keys(for: action)
            guard !keys.isEmpty else { return nil }
            return (keys.map { KeyLabel.text($0, unicode: unicode) }.joined(separator: " / "), name(action))
        }
    }

    /// The help rows in two aligned columns.
    public func renderHelp(into buffer: inout ScreenBuffer, in area: Rect, style: Style, keyStyle: Style, name: (Action) -> String) {
        let rows = helpRows(name: name)
        let keyWidth = min(rows.map { DisplayWidth.of($0.keys) }.max() ?? 0, area.width / 2)
        for (index, row) in rows.enumerated() where index < area.height {
            let y = area.y + index
            buffer.write(row.keys, x: area.x, y: y, style: keyStyle, maxWidth: keyWidth)
            buffer.write(row.name, x: area.x + keyWidth + 2, y: y, style: style, maxWidth: area.width - keyWidth - 2)
        }
    }
}
