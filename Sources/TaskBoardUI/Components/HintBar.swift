import TaskBoard

/// The bottom line: the keys of the actions the current screen handles,
/// taken from the key table, as many as fit.
public struct HintBar {
    public let actions: [Action]
    public let keyMap: KeyMap
    /// The action's name in the current language.
    public let name: (Action) -> String
    public var unicode = true

    public init(actions: [Action], keyMap: KeyMap, unicode: Bool = true, name: @escaping (Action) -> String) {
        self.actions = actions
        self.keyMap = keyMap
        self.unicode = unicode
        self.name = name
    }

    public func render(into buffer: inout ScreenBuffer, row: Int, style: Style, keyStyle: Style) {
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
}

/// The `?` screen: every action of the current screen with all its keys.
public struct HelpList {
    public let actions: [Action]
    public let keyMap: KeyMap
    public let name: (Action) -> String
    public var unicode = true

    public init(actions: [Action], keyMap: KeyMap, unicode: Bool = true, name: @escaping (Action) -> String) {
        self.actions = actions
        self.keyMap = keyMap
        self.unicode = unicode
        self.name = name
    }

    /// One row per action: keys, then the name, in two aligned columns.
    public var rows: [(keys: String, name: String)] {
        actions.compactMap { action in
            let keys = keyMap.keys(for: action)
            guard !keys.isEmpty else { return nil }
            return (keys.map { KeyLabel.text($0, unicode: unicode) }.joined(separator: " / "), name(action))
        }
    }

    public func render(into buffer: inout ScreenBuffer, in area: Rect, style: Style, keyStyle: Style) {
        let keyWidth = min(rows.map { DisplayWidth.of($0.keys) }.max() ?? 0, area.width / 2)
        for (index, row) in rows.enumerated() where index < area.height {
            let y = area.y + index
            buffer.write(row.keys, x: area.x, y: y, style: keyStyle, maxWidth: keyWidth)
            buffer.write(row.name, x: area.x + keyWidth + 2, y: y, style: style, maxWidth: area.width - keyWidth - 2)
        }
    }
}
