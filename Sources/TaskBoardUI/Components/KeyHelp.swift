import TaskBoard

/// The keys of the bindings the current screen has, taken from the key
/// table: drawn as the bottom hint bar and as the `?` help, so neither can
/// say anything the keys do not do.
public struct KeyHelp {
    public let bindings: [Binding]
    public let keyMap: KeyMap
    /// How a key is written ("Space", "↓"), in the current language.
    public let keyName: (Key) -> String
    /// Where letters go to names: a last row in help that says so.
    public let letters: (keys: String, name: String)?

    public init(bindings: [Binding], keyMap: KeyMap, keyName: @escaping (Key) -> String = { KeyLabel.text($0) },
                letters: (keys: String, name: String)? = nil) {
        self.bindings = bindings
        self.keyMap = keyMap
        self.keyName = keyName
        self.letters = letters
    }

    /// The bottom line: the first key of each binding and its short name, as
    /// many as fit, in the bindings' order. Where not all fit, the screen's
    /// main key (its first) is kept, then help, then the others that lead on,
    /// then the rest in order (all are in help); the bar's left margin goes
    /// before a kept key does.
    public func renderBar(into buffer: inout ScreenBuffer, row: Int, style: Style, keyStyle: Style, name: @escaping (Binding) -> String,
                          otherLanguages: [BarWords] = []) {
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1), style: style)
        let words = BarWords(keyName: keyName, name: name)
        let hints: [(binding: Binding, key: String, text: String, width: Int, widest: Int)] = bindings.compactMap { binding in
            guard binding.inBar, let key = keyMap.keys(for: binding.action).first else { return nil }
            let (label, text) = words.hint(key, binding)
            let width = words.width(key, binding)
            return (binding, label, text, width, otherLanguages.map { $0.width(key, binding) }.reduce(width, max))
        }
        let help = hints.indices.filter { hints[$0].binding.action == .help }
        let leading = hints.indices.filter { $0 != 0 && hints[$0].binding.leadsOn && !help.contains($0) }
        let others = hints.indices.filter { $0 != 0 && !hints[$0].binding.leadsOn }
        // Two columns between hints: `width` counts a hint's two after it.
        // What fits is measured in the widest language, so every language
        // keeps the same keys on the same bar.
        var room = buffer.size.width + 2
        var kept = Set<Int>()
        for index in Array(hints.indices.prefix(1)) + help + leading + others where hints[index].widest <= room {
            kept.insert(index)
            room -= hints[index].widest
        }
        let used = kept.map { hints[$0].width }.reduce(0, +)
        var x = used < buffer.size.width + 2 ? 1 : 0
        for (index, hint) in hints.enumerated() where kept.contains(index) {
            let start = x
            x += buffer.write(hint.key, x: x, y: row, style: keyStyle)
            if !hint.text.isEmpty {
                x += 1
                x += buffer.write(hint.text, x: x, y: row, style: style)
            }
            // A hint tapped does what its key does: a tablet without a
            // keyboard reaches every action the bar offers (a form's save,
            // a question's answer, back).
            buffer.target(Rect(x: start, y: row, width: x - start, height: 1), .hint(hint.binding.action))
            x += 2
        }
    }

    /// One row per binding: all its keys, then what it does.
    public func helpRows(name: (Binding) -> String) -> [(keys: String, name: String)] {
        bindings.compactMap { binding in
            let keys = keyMap.keys(for: binding.action)
            guard !keys.isEmpty else { return nil }
            return (keys.map(keyName).joined(separator: " / "), name(binding))
        } + (letters.map { [$0] } ?? [])
    }

    /// The help as lines in two columns, for a width: a binding's keys on
    /// its first line and what it does beside them, wrapped, so nothing is cut.
    public func helpLines(width: Int, name: (Binding) -> String) -> [(keys: String, text: String)] {
        let rows = helpRows(name: name)
        let keyWidth = min(rows.map { DisplayWidth.of($0.keys) }.max() ?? 0, width / 2)
        return rows.flatMap { row in
            ScreenBuffer.wrap(row.name, width: max(1, width - keyWidth - 2)).enumerated().map { ($0 == 0 ? row.keys : "", $1) }
        }
    }

    /// The help lines from `offset` on, in two aligned columns.
    public func renderHelp(into buffer: inout ScreenBuffer, in area: Rect, offset: Int = 0, style: Style, keyStyle: Style,
                           name: (Binding) -> String) {
        let lines = helpLines(width: area.width, name: name)
        let keyWidth = min(helpRows(name: name).map { DisplayWidth.of($0.keys) }.max() ?? 0, area.width / 2)
        for (index, line) in lines.dropFirst(offset).prefix(max(0, area.height)).enumerated() {
            let y = area.y + index
            buffer.write(line.keys, x: area.x, y: y, style: keyStyle, maxWidth: keyWidth)
            buffer.write(line.text, x: area.x + keyWidth + 2, y: y, style: style, maxWidth: area.width - keyWidth - 2)
        }
    }
}

/// How one language names keys and actions on the hint bar.
public struct BarWords {
    let keyName: (Key) -> String
    let name: (Binding) -> String

    public init(keyName: @escaping (Key) -> String, name: @escaping (Binding) -> String) {
        self.keyName = keyName
        self.name = name
    }

    /// The key's name and the action's; without arrows the key's name is the
    /// action's ("Down down"): once is enough.
    func hint(_ key: Key, _ binding: Binding) -> (key: String, text: String) {
        let label = keyName(key), text = name(binding)
        return (label, text.lowercased() == label.lowercased() ? "" : text)
    }

    /// Its columns on the bar, with the two after it.
    func width(_ key: Key, _ binding: Binding) -> Int {
        let (label, text) = hint(key, binding)
        return DisplayWidth.of(label) + (text.isEmpty ? 0 : 1 + DisplayWidth.of(text)) + 2
    }
}
